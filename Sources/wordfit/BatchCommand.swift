import Foundation
import WordFit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `wordfit batch`: one PNG per CSV row, in parallel, resumable and shardable.
enum BatchCommand {
  /// What `batch` is asked: the layout (as `render` takes it) and the batch's own options.
  struct Input {
    var layout = RenderCommand.Input()
    /// What the batch writes: the library decides the sinks from it.
    var output = BatchOutputRequest()
    var column: String?
    var noHeader = false
    var delimiter: String?
    var colorsBy: String?
    var colors: String?
    var languageColumn: String?
    var nameTemplate: String?
    var skipExisting = false
    var fitLabel = false
    var oneBit: OneBitText.Fix? = nil
    var manifest: String?
    var contactSheet: String?
    var contactCount = 48
    var dpi: Int?
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// `K/N` or `auto`.
    var shard: String?
    var shardCount: Int?
    var columns: String?
    var rowColumn: String?
    var progress = false
    var quiet = false
    var json = false
    var images: String?
  }

  static let options: [Option<Input>] =
    [
      .value(
        .out, "DIR|FILE.zip|FILE.tar|-", \.output.out, as: .string,
        help:
          "Folder for the images (created when missing), or one archive of them (.zip, .tar, .tar.zst; '-': a tar on standard output). Required unless --pdf is given."
      ),
      .value(
        .format, "png|webp|svg", \.output.format, as: .parsed(parseFormat),
        help:
          "The rows' images: PNG (default), WebP (lossless, the same pixels), or SVG (the same drawing: glyph outlines, the text kept for search; no contact sheet)."
      ),
      .value(
        .printer, "zpl[:DPI]|brother-ql:MODEL:LABEL[:red]", \.output.printer, as: .printer,
        help:
          "With --template: write each badge as a label printer's job instead of a PNG, from the badge's pixels as 1-bit dots: NAME.zpl (Zebra ZPL II; DPI 152, 203, 300 or 600, by default the template's) or NAME.bin (Brother QL raster, e.g. brother-ql:QL-820NWB:62x100, 300 dpi). The design is drawn at the printer's resolution (its size in mm kept) and, for a Brother label, fitted to its printable area."
      ),
      RenderCommand.oneBitOption(\.oneBit),
      .value(
        .archive, "zip|tar|tar.zst", \.output.archive,
        as: .parsed(parseArchive),
        help: "Write --out as this archive whatever its name (default: from the name; '-' is a tar)."),
      .value(
        .pdf, "FILE.pdf", \.output.pdf, as: .string,
        help: "Also (or, without --out, only) one PDF of the badges: a page per badge, or the --sheet pages."),
      .value(
        .column, "NAME|N", \.column, as: .string,
        help: "Text column by header name or 1-based number (default: 'name', else the first)."),
      .flag("no-header", \.noHeader, help: "The first line is a row, not a header."),
      .value(
        .columns, "A,B,…", \.columns, as: .string,
        help:
          "The columns' names for an input without a header line (a partition of rows piped in): the first line is a row, and the names work as a header's would."
      ),
      .value(
        .rowColumn, "NAME|N", \.rowColumn, as: .string,
        help:
          "The column holding each row's 1-based number in the whole input (rows piped in by partition): {row}, the manifest's row and --shard use it; the manifest then leaves out line."
      ),
      .value(
        .delimiter, ",|;|TAB", \.delimiter, as: .string,
        help: "Field separator (default: ',', or ';'/TAB when the header line has those and no comma)."),
      .value(.colorsBy, "COLUMN", \.colorsBy, as: .string, help: "Column whose value picks colours from --colors."),
      .value(
        "language-column", "COLUMN", \.languageColumn, as: .string,
        help: "Column whose value (zh-Hans, sr, …) is each row's language for shaping and fallback."),
      .value(
        .colors, "V=FG[/BG],…", \.colors, as: .string,
        help: "Colours by value, e.g. \"Speaker=#FF9500,Staff=green\"; others keep --fg/--bg."),
      .value(
        .nameTemplate, "T", \.nameTemplate, as: .string,
        help: "File names: {row} {slug} {COLUMN} (default {id}-{slug}.png, or {row}-{slug}.png)."),
      .flag("skip-existing", \.skipExisting, help: "Skip rows whose PNG exists (resume an interrupted batch)."),
      .value(
        .manifest, "FILE.jsonl", \.manifest, as: .string,
        help: "One JSON line per row, in input order ('-': standard output)."),
      .value(
        .contactSheet, "FILE.png", \.contactSheet, as: .string,
        help: "A grid of the first badges, scaled down, with their file names."),
      .value(.contactCount, "N", \.contactCount, as: .integer(), help: "Badges on the contact sheet (default 48)."),
      .value(.dpi, "N", \.dpi, as: .integer(), help: "Write a pHYs chunk for printing at N dots per inch."),
      .value(
        .sheet, "A4|A3|Letter|WxHmm|LABEL", \.output.sheet, as: .string,
        help:
          "Impose the badges onto print sheets (a page size, or a label product such as \"Avery L4785\": see 'wordfit sheets'; sheet-001.png …) at the badges' dpi, drawn as each page fills."
      ),
      .value(
        .bleed, "MM", \.output.bleedMillimetres, as: .number,
        help: "Bleed around each badge (PNGs, PDF pages, sheets), in mm: edges repeated outward (default 0)."),
      .flag(.cropMarks, \.output.cropMarks, help: "Draw crop marks at each badge's corners on the sheets."),
      .value(
        .margin, "MM", \.output.marginMillimetres, as: .number,
        help: "Page margin of a --sheet page size, in mm (default: 10, or 5 when that fits more badges)."),
      .value(
        .gap, "MM", \.output.gapMillimetres, as: .number,
        help: "Gap between badges on a --sheet page size, in mm (default: 6, or less when that fits more)."),
      .flag(
        .duplex, \.output.duplex,
        help:
          "Print both sides: each sheet followed by its back page (--sheet), each PDF page by its back's (--pdf); a badge's back is its template's \"back\", else its front again, placed behind it."
      ),
      .value(
        .flip, "long|short", \.output.flip, as: .parsed(DuplexFlip.parse),
        help:
          "With --duplex: the edge the printer turns the sheet over (default long); backs are placed to read upright when a badge is turned side to side."
      ),
      .flag(
        .fitLabel, \.fitLabel,
        help:
          "With --template and --sheet LABEL: fit the design to the label: scaled uniformly (every length, font sizes too) by the largest factor that keeps it inside, centred; the scale is reported before the first row."
      ),
      .value(
        .sheets, "DIR", \.output.sheetsFolder, as: .string,
        help: "Where the sheet PNGs go (default OUT/sheets; with an archive, its sheets/ entries)."),
      .value(
        "template", "T.json", \.layout.template, as: .string,
        help: "Render each row as a badge from a template: regions bound to columns, bands, images (README)."),
      .value(
        .images, "DIR", \.images, as: .string,
        help: "Folder rows' own images are read from; a cell naming a file outside it is refused (default: CSV's)."),
      .value(
        .jobs, short: "j", "N", \.jobs, as: .integer(),
        help: "Worker threads (default: all cores). Output bytes do not depend on it."),
      .value(
        .shard, "K/N|auto", \.shard, as: .string,
        help:
          "Render only rows whose 0-based index ≡ K (mod N), 0 ≤ K < N; 'auto': K and N from the array engine running this task (Slurm, Kubernetes Indexed Job, AWS Batch, Google Cloud Batch, Cloud Run)."
      ),
      .value(
        .shardCount, "N", \.shardCount, as: .integer(),
        help:
          "With --shard auto: the number of tasks, for an engine that does not say (a Kubernetes Job's completions) or a rerun of some tasks of a larger array."
      ),
      .flag("progress", \.progress, help: "Print progress lines even when standard error is not a terminal."),
      .flag("quiet", short: "q", \.quiet, help: "Print nothing but fatal errors."),
      .flag(
        "json", \.json,
        help: "Print the counts and the pre-print report (minimum sizes, truncated fields, smallest sizes) as JSON."),
    ] + RenderCommand.layoutOptions.map { $0.lifted(\Input.layout) }

  static let command = Command(
    name: "batch", abstract: "Render one PNG per row of a CSV file (name badges), in parallel.",
    usage: "wordfit batch INPUT.csv --out DIR [options]",
    discussion: """
      INPUT is RFC 4180 CSV (quoted fields, embedded commas, quotes and line breaks; CRLF or LF; UTF-8 with or \
      without BOM); '-' reads standard input, and pipes and FIFOs work. Rows piped in without a header \
      (batch - --columns id,name,role --manifest -, as Spark's RDD.pipe runs it) are answered as they come: \
      each row's manifest line is written and flushed before more input is awaited. A malformed row (bad quoting, too many \
      fields, invalid UTF-8, empty text) is reported and skipped; the batch goes on. Every PNG is written to a \
      temporary name and renamed, so an interrupted batch leaves only complete PNGs. Ctrl-C stops cleanly after \
      the rows in hand.
      Exit status: 0 every row written or skipped, 1 some rows failed (see the manifest), 64 usage, 65 bad \
      input, 66 missing input or font, 74 write error, 130 interrupted.
      """,
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    guard parsed.positionals.count == 1 else {
      throw WordFitError(.usage, "batch takes one INPUT.csv (or - for standard input); see 'wordfit batch --help'")
    }
    var input = Input()
    try parsed.apply(to: &input)
    if input.layout.template != nil {
      try parsed.refuse(
        RenderCommand.layoutOptions.map { $0.lifted(\Input.layout) }, because: "each region has its own layout")
    }
    if input.output.out == "-", input.json {
      throw WordFitError(.usage, "--json and an archive on standard output (--out -) cannot share it; drop --json")
    }
    let batch = try batchOptions(input, csv: parsed.positionals[0])
    let isTerminal = Console.errorIsTerminal
    let showsBar = !input.quiet && isTerminal
    let showsLines = !input.quiet && !isTerminal && input.progress
    let runner = try BatchRunner(options: batch)
    if let template = batch.template, let fit = template.printerFit, fit.designedAt != fit.drawnAt || fit.label != nil,
      !input.quiet
    {
      Console.error("wordfit: " + fit.summary(template.labelFit))
    }
    if let fit = batch.template?.labelFit, let sheet = input.output.sheet, input.fitLabel, !input.quiet {
      Console.error("wordfit: " + fit.summary(dotsPerInch: batch.template?.dotsPerInch ?? 300, label: sheet))
    }
    let interruption = Interruption()
    interruption.install()
    let display = ProgressDisplay(showsBar: showsBar, showsLines: showsLines)
    let summary = try runner.run(
      isCancelled: { interruption.isRequested },
      report: { row in
        if row.status == .failed, !input.quiet {
          Console.clearLine(if: showsBar)
          Console.error("wordfit: row \(row.row) (line \(row.line)): \(row.error ?? "failed")")
        }
      },
      progress: display.show)
    Console.clearLine(if: showsBar)
    report(summary, quiet: input.quiet, interrupted: interruption.isRequested, archive: batch.archive != nil)
    try printReports(summary, input: input, batch: batch)
    if let fatal = summary.stoppingError {
      Console.error("wordfit: error: \(parsed.message(of: fatal))")
      return fatal.exitStatus
    }
    if interruption.isRequested { return 130 }
    if let pdf = batch.pdfPath, !input.quiet {
      Console.error(
        summary.pdfPages == 0
          ? "wordfit: \(pdf): not written, no badge was drawn"
          : "wordfit: \(pdf): \(summary.pdfPages) page\(summary.pdfPages == 1 ? "" : "s")")
    }
    if batch.sheet != nil, batch.writesImages, !input.quiet {
      let pages = summary.sheetPages.count
      let place = batch.sheetsFolder ?? "\(batch.outputDirectory) (sheets/)"
      Console.error(
        "wordfit: \(pages) print sheet\(pages == 1 ? "" : "s") in \(place) (\(summary.sheetBadges) badges)")
    }
    return summary.failed > 0 ? 1 : 0
  }

  /// The pre-print report on standard error, and with `--json` the counts, the report, the
  /// PDF's pages and the sheet's imposition on standard output.
  static func printReports(_ summary: BatchSummary, input: Input, batch: BatchOptions) throws {
    let pointsPerPixel = try batch.template.map { 72 / $0.dotsPerInch } ?? 1 / Double(batch.spec.validated().scale)
    if !input.quiet, summary.written > 0 {
      Console.error(PrePrintSummary.line(summary.prePrint, pointsPerPixel: pointsPerPixel))
    }
    if let warning = summary.prePrint.qrWarning { Console.error("wordfit: warning: \(warning)") }
    if let warning = summary.prePrint.legibilityWarning { Console.error("wordfit: warning: \(warning)") }
    if let warning = summary.prePrint.oneBitWarning { Console.error("wordfit: warning: \(warning)") }
    guard input.json else { return }
    var json = PrePrintSummary(summary, pointsPerPixel: pointsPerPixel)
    if batch.pdfPath != nil { json.pdfPages = summary.pdfPages }
    if batch.shard.count > 1 || batch.shardEngine != nil {
      json.shard = .init(index: batch.shard.index, count: batch.shard.count, engine: batch.shardEngine?.key)
    }
    if let sheet = batch.sheet, let name = input.output.sheet {
      let badge = try batch.imageSize()
      json.sheet = .init(sheet, name: name, badgeWidth: badge.width, height: badge.height)
    }
    Console.outText(try Console.json(json))
  }

  /// `--format`: `png`, `webp` or `svg`.
  static func parseFormat(_ text: String) throws -> OutputFormat { try OutputFormat.parseImage(text) }

  /// `--archive`: `zip`, `tar` or `tar.zst`.
  static func parseArchive(_ text: String) throws -> ArchiveFormat {
    guard let format = ArchiveFormat(rawValue: text.lowercased()) else {
      throw WordFitError.notOneOf(.archive, text, choices: ArchiveFormat.allCases.map(\.rawValue))
    }
    return format
  }

  /// The library's batch options from the command line.
  static func batchOptions(_ input: Input, csv: String) throws -> BatchOptions {
    var spec = input.layout.spec
    spec.text = ""
    var batch = BatchOptions(input: csv, outputDirectory: "", spec: spec)
    guard !input.fitLabel || (input.layout.template != nil && input.output.sheet != nil) else {
      throw WordFitError(.usage, "--fit-label fits a --template design to a --sheet label product; give both")
    }
    batch.template = try input.layout.template.map { path in
      if input.fitLabel { return try BadgeTemplate.load(contentsOf: path, fittingLabelOf: input.output.sheet ?? "") }
      if let printer = input.output.printer { return try BadgeTemplate.load(contentsOf: path, printer: printer) }
      return try BadgeTemplate.load(contentsOf: path)
    }

    if let fix = input.oneBit {
      guard input.output.printer != nil else {
        throw WordFitError(.usage, "--one-bit says how a label printer prints; give --printer")
      }
      batch.oneBitFix = fix
    }
    batch.column = input.column
    batch.hasHeader = !input.noHeader && input.columns == nil
    batch.delimiter = try delimiter(input.delimiter, hasHeader: batch.hasHeader)
    batch.colorsBy = input.colorsBy
    batch.languageColumn = input.languageColumn
    if let colors = input.colors {
      guard batch.colorsBy != nil else { throw WordFitError(.usage, "--colors needs --colors-by COLUMN") }
      batch.colorRules = try ColorRule.parseList(colors)
    }
    batch.nameTemplate = input.nameTemplate
    batch.imagesFolder = input.images
    batch.skipsExisting = input.skipExisting
    batch.manifestPath = input.manifest
    batch.contactSheetPath = input.contactSheet
    batch.contactSheetCount = input.contactCount
    batch.pngSettings.dotsPerInch = input.dpi
    batch.jobs = input.jobs
    let shard = try shardAssignment(input)
    (batch.shard, batch.shardEngine) = (shard.shard, shard.engine)
    batch.columnNames = try input.columns.map(BatchOptions.columnNames)
    batch.rowColumn = input.rowColumn
    try input.output.apply(to: &batch)
    return batch
  }

  /// `--shard`: `K/N`, or `auto` from the environment (with `--shard-count`).
  static func shardAssignment(_ input: Input) throws -> ShardAssignment {
    guard input.shard == "auto" else {
      guard input.shardCount == nil else {
        throw WordFitError(.usage, "--shard-count is the task count of --shard auto; with --shard K/N, N is the count")
      }
      return ShardAssignment(try input.shard.map(Shard.parse) ?? .all)
    }
    return try ShardAssignment.fromEnvironment(ProcessInfo.processInfo.environment, count: input.shardCount)
  }

  /// `--delimiter`: a comma, a semicolon or a tab (`TAB`, `tab` or `\t`); absent, a comma, or
  /// detected from the header line when there is one.
  static func delimiter(_ text: String?, hasHeader: Bool) throws -> UInt8? {
    guard let text else { return hasHeader ? nil : 0x2C }
    switch text {
    case ",": return 0x2C
    case ";": return 0x3B
    case "TAB", "tab", "\\t", "\t": return 0x09
    default: throw WordFitError(.usage, "--delimiter takes ',', ';' or TAB, not '\(text)'")
    }
  }

  /// The notices and the summary line on standard error. The summary is printed whenever the
  /// batch stopped early (even with --quiet), so its counts can be matched with the manifest.
  static func report(_ summary: BatchSummary, quiet: Bool, interrupted: Bool, archive: Bool = false) {
    if !quiet, !summary.removedTemporaries.isEmpty {
      Console.error(
        "wordfit: removed \(summary.removedTemporaries.count) temporary file\(summary.removedTemporaries.count == 1 ? "" : "s") left by an earlier run that died: \(summary.removedTemporaries.prefix(3).joined(separator: ", "))\(summary.removedTemporaries.count > 3 ? ", …" : "")"
      )
    }
    if !quiet, let delimiter = summary.detectedDelimiter {
      Console.error(
        "wordfit: warning: the header has no comma but has \(delimiter == 0x3B ? "semicolons" : "tabs"); reading fields separated by \(delimiter == 0x3B ? "';'" : "TAB") (say --delimiter to choose)"
      )
    }
    if !quiet, !summary.missingCharacters.isEmpty {
      let sorted = summary.missingCharacters.sorted { $0.key.value < $1.key.value }
      let list = sorted.prefix(20).map {
        "\(TextFormatting.codePoint($0.key)) (\($0.value) row\($0.value == 1 ? "" : "s"))"
      }
      Console.error(
        "wordfit: warning: no glyph in \(summary.fontName) or any fallback font for \(sorted.count) character\(sorted.count == 1 ? "" : "s"): \(list.joined(separator: ", "))\(sorted.count > 20 ? ", …" : ""); drawn as boxes (the manifest names them per row)"
      )
    }
    // Under --quiet the summary still says how many rows failed when any did: they make the
    // exit status 1, and the per-row lines were not printed.
    guard !quiet || summary.stoppingError != nil || interrupted || summary.failed > 0 else { return }
    var line =
      "batch: \(summary.rows) row\(summary.rows == 1 ? "" : "s"), "
      + String(
        format: "%d written, %d skipped, %d failed, %d not started, %d truncated in %.2f s (%.0f images/s)",
        summary.written, summary.skipped, summary.failed, summary.notStarted, summary.truncated, summary.elapsed,
        summary.imagesPerSecond)
    if !summary.fontName.isEmpty { line += "; font \(summary.fontName)" }
    if quiet && summary.failed > 0 { line += "; see the manifest or run without --quiet for each failed row" }
    if interrupted {
      line +=
        archive
        ? "; interrupted — the archive was not written (an archive is written whole); rerun the batch"
        : "; interrupted — rerun with --skip-existing to resume"
    }
    Console.error(line)
  }
}

/// The progress bar (a terminal) or progress lines (`--progress`), redrawn at most 10 times and
/// printed at most once a second.
final class ProgressDisplay {
  private let showsBar: Bool
  private let showsLines: Bool
  private var lastDraw = -1.0
  private var lastLine = -10.0

  init(showsBar: Bool, showsLines: Bool) {
    self.showsBar = showsBar
    self.showsLines = showsLines
  }

  func show(_ progress: BatchProgress) {
    if showsBar, progress.elapsed - lastDraw >= 0.1 || progress.done == progress.total {
      lastDraw = progress.elapsed
      Console.progressBar(progress)
    } else if showsLines, progress.elapsed - lastLine >= 1 || progress.done == progress.total {
      lastLine = progress.elapsed
      let rate = Int(Double(progress.done) / Swift.max(progress.elapsed, 0.001))
      Console.error("progress: \(progress.done)\(progress.total.map { "/\($0)" } ?? "") rows, \(rate) rows/s")
    }
  }
}

/// SIGINT and SIGTERM turned into a flag the batch polls; a second signal exits at once.
final class Interruption: @unchecked Sendable {
  private let lock = NSLock()
  private var requested = false
  private var sources: [DispatchSourceSignal] = []

  var isRequested: Bool {
    lock.lock()
    defer { lock.unlock() }
    return requested
  }

  func install() {
    sources = StopSignals.install { [self] in
      lock.lock()
      let again = requested
      requested = true
      lock.unlock()
      if again { exit(130) }
    }
  }
}

extension Console {
  /// Redraws a one-line progress bar on standard error.
  static func progressBar(_ progress: BatchProgress) {
    let rate = Double(progress.done) / Swift.max(progress.elapsed, 0.001)
    var text = "\r"
    if let total = progress.total, total > 0 {
      let filled = Int(Double(progress.done) / Double(total) * 30)
      let remaining = rate > 0 ? Double(total - progress.done) / rate : 0
      text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] "
      text +=
        "\(progress.done)/\(total)  \(Int(rate))/s  ETA \(Int(remaining) / 60):"
        + String(format: "%02d", Int(remaining) % 60)
    } else {
      text += "\(progress.done) rows  \(Int(rate))/s"
    }
    FileHandle.standardError.write(Data((text + "\u{1B}[K").utf8))
  }

  /// Clears the progress bar's line.
  static func clearLine(if condition: Bool) {
    if condition { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}
