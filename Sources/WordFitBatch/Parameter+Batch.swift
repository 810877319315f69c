import WordFitCore

extension Parameter {
  /// How many rows are rendered at once.
  public static let jobs = Parameter("jobs", name: "worker count", isSpecKey: false)
  /// The column the text comes from.
  public static let column = Parameter("column", isSpecKey: false)
  /// The column whose value picks a row's colours.
  public static let colorsBy = Parameter("colorsBy", name: "colour column", isSpecKey: false)
  /// A colour rule, `VALUE=FG[/BG]`.
  public static let colors = Parameter("colors", name: "colour rule", isSpecKey: false)
  /// How output files are named.
  public static let nameTemplate = Parameter("nameTemplate", name: "name template", isSpecKey: false)
  /// How many badges the contact sheet shows.
  public static let contactCount = Parameter("contactCount", name: "contact sheet count", isSpecKey: false)
  /// The contact sheet PNG.
  public static let contactSheet = Parameter("contactSheet", name: "contact sheet", isSpecKey: false)
  /// Which share of the rows this run renders, `K/N`.
  public static let shard = Parameter("shard", isSpecKey: false)
  /// The CSV field separator.
  public static let delimiter = Parameter("delimiter", isSpecKey: false)
  /// The output folder.
  public static let out = Parameter("out", name: "output folder", isSpecKey: false)
  /// The manifest file.
  public static let manifest = Parameter("manifest", isSpecKey: false)
  /// The container of an archive output.
  public static let archive = Parameter("archive", name: "archive format", isSpecKey: false)
}

extension Parameter {
  /// The badge template rows are drawn with.
  public static let template = Parameter("template", name: "badge template", isSpecKey: false)
  /// The folder print sheets go to.
  public static let sheets = Parameter("sheets", name: "sheets folder", isSpecKey: false)
  /// The page margin of print sheets, in mm.
  public static let margin = Parameter("margin", name: "sheet margin", isSpecKey: false)
  /// The gap between badges on print sheets, in mm.
  public static let gap = Parameter("gap", name: "sheet gap", isSpecKey: false)
  /// Whether print sheets carry crop marks.
  public static let cropMarks = Parameter("cropMarks", name: "crop marks", isSpecKey: false)
  /// Whether each print sheet is followed by its mirrored back.
  public static let duplex = Parameter("duplex", isSpecKey: false)
}

extension Parameter {
  /// The number of tasks of an array job, for a shard read from the environment.
  public static let shardCount = Parameter("shardCount", name: "shard count", isSpecKey: false)
  /// The names of the input's columns, for rows without a header line.
  public static let columns = Parameter("columns", name: "column names", isSpecKey: false)
  /// The archive shards' archives are merged into.
  public static let mergedArchive = Parameter("output", name: "merged archive", isSpecKey: false)
  /// The column holding each row's 1-based number in the whole input.
  public static let rowColumn = Parameter("rowColumn", name: "row column", isSpecKey: false)
}
