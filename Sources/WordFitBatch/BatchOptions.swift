import WordFitArchive
import WordFitBadges
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitLayout
import WordFitOutput
import WordFitText

/// Everything `wordfit batch` is asked.
public struct BatchOptions: Sendable {
  /// The CSV file, or `-` for standard input.
  public var input: String
  /// Where the rows' files go and in which format, decided once (``BatchOutputRequest``): a
  /// ``OutputRequest/Destination/folder(_:)`` (created when missing) or an
  /// ``OutputRequest/Destination/archive(_:_:)`` (`-`: a tar on standard output); PNG, WebP,
  /// SVG or a label printer's job. Without images (only the PDF), the PDF's folder.
  public var rows: OutputRequest
  /// The rows' folder, or the archive's path (`-`: standard output): ``rows``' container.
  public var outputDirectory: String {
    get { rows.container ?? "" }
    set {
      if case .archive(_, let format) = rows.destination {
        rows.destination = .archive(newValue, format)
      } else {
        rows.destination = .folder(newValue)
      }
    }
  }
  /// The container the files are streamed into instead of a folder (`--out badges.zip`), or
  /// `nil`: ``rows``' archive format.
  public var archive: ArchiveFormat? {
    get { rows.archiveFormat }
    set {
      let path = rows.container ?? ""
      if let newValue {
        rows.destination = .archive(path, newValue)
      } else {
        rows.destination = .folder(path)
      }
    }
  }
  /// The folder rows' own images are read from, and may not leave; `nil`: the CSV's folder
  /// (the current directory for standard input).
  public var imagesFolder: String? = nil
  /// The layout every row is rendered with; its text is replaced by the row's.
  public var spec: RenderSpec
  /// A badge template: each row is rendered as a badge with the template's regions, bands and
  /// images (``spec`` then only names the files); `nil` for one fitted text per row.
  public var template: BadgeTemplate? = nil
  /// The text column: a header name, or a 1-based index; `nil` picks `name`, else the first.
  public var column: String? = nil
  /// The field delimiter (`,` `;` or TAB as a byte), or `nil` to detect it from the first line.
  public var delimiter: UInt8? = 0x2C
  /// Whether the first record is a header (never with ``columnNames``).
  public var hasHeader = true
  /// Whether the first record is read as the header: ``hasHeader`` without ``columnNames``.
  var readsHeader: Bool { hasHeader && columnNames == nil }
  /// The column whose value is the row's language (BCP 47, such as `zh-Hans` or `sr`), for
  /// shaping and fallback; an empty cell keeps the layout's language.
  public var languageColumn: String? = nil
  /// The column whose value picks a ``ColorRule``.
  public var colorsBy: String? = nil
  /// Colours by value of ``colorsBy``; values not listed keep the spec's colours.
  public var colorRules: [String: ColorRule] = [:]
  /// The file name template; `nil` gives `{id}-{slug}.png` with an `id` column, else
  /// `{row}-{slug}.png` (the ending of ``imageFormat``).
  public var nameTemplate: String? = nil
  /// Whether rows whose file already exists are skipped (to resume an interrupted batch).
  public var skipsExisting = false
  /// Where the JSON Lines manifest goes, if anywhere.
  public var manifestPath: String? = nil
  /// Where the contact sheet goes, if anywhere.
  public var contactSheetPath: String? = nil
  /// How many badges the contact sheet shows.
  public var contactSheetCount = 48
  /// Worker threads, each with its own FreeType library and fonts.
  public var jobs = 1
  /// Which rows this process renders.
  public var shard = Shard.all
  /// The array engine whose variables gave ``shard`` (`nil`: given as `K/N`, or every row),
  /// named in the manifest and the summary.
  public var shardEngine: ArrayEngine? = nil
  /// The columns' names for an input without a header line (a partition of rows piped in):
  /// they name the text, id, colour, language and template columns as a header would, and
  /// the first line is a row.
  public var columnNames: [String]? = nil
  /// The column holding each row's 1-based number in the whole input (a partition of it piped
  /// in): ``FileNamer``'s `{row}`, the manifest's `row` and ``shard`` use it instead of the
  /// row's place in this input, and the manifest leaves out `line` (a place in a stream only
  /// this process saw).
  public var rowColumn: String? = nil
  /// The one PDF of all the badges (with a template): a ``OutputRequest/Destination/file(_:)``
  /// of ``OutputFormat/pdf``, or `nil`.
  public var document: OutputRequest? = nil
  /// Where ``document`` goes, or `nil`.
  public var pdfPath: String? {
    get { document?.path }
    set {
      if let newValue {
        document = OutputRequest(destination: .file(newValue), format: .pdf)
      } else {
        document = nil
      }
    }
  }
  /// The print sheet the badges are imposed on, or `nil`: the PDF's pages (a page per badge
  /// without one) and, when images are written, sheet PNGs — into ``sheetsFolder``, or with an
  /// archive as its `sheets/` entries.
  public var sheet: PrintSheet? = nil
  /// With duplex: how the sheets or PDF pages turn over, each badge's back (the template's
  /// `back`, else the front again) printed behind it; `nil` for fronts only.
  public var duplex: DuplexFlip? = nil
  /// The sheets' PNGs: a ``OutputRequest/Destination/folder(_:)``, or `nil` with an archive
  /// (they go into it) or without sheets.
  public var sheets: OutputRequest? = nil
  /// The folder the sheet PNGs go to: ``sheets``' folder.
  public var sheetsFolder: String? {
    get { sheets?.container }
    set {
      if let newValue {
        sheets = OutputRequest(destination: .folder(newValue), format: .png)
      } else {
        sheets = nil
      }
    }
  }
  /// Bleed around each badge, in mm (its edge pixels or fills extended outward), in the badge
  /// PNGs and the PDF alike.
  public var bleedMillimetres = 0.0
  /// Whether an image is written per row (`false` when only the PDF is wanted).
  public var writesImages = true
  /// The format of the row images, decided once: PNG or WebP (pixels), SVG (the same drawing as
  /// outlines; no contact sheet, which is made of pixels), or a label printer's job: ``rows``'
  /// format.
  public var imageFormat: OutputFormat {
    get { rows.format }
    set { rows.format = newValue }
  }
  /// The label printer whose jobs the rows are written as (``imageFormat`` `.printer`).
  public var printer: LabelPrinter? {
    if case .printer(let printer) = imageFormat { return printer }
    return nil
  }
  /// What a printer's job does with a text its 1-bit threshold would lose.
  public var oneBitFix = OneBitText.Fix.warn

  /// The ending of a row's file: the printer's (`zpl`, `bin`) or the image format's.
  var rowFileExtension: String { imageFormat.fileExtension }
  /// PNG settings (`dotsPerInch` writes a pHYs chunk). With the default encoder, an image
  /// that prefers another one (``RenderedImage/preferredEncoder``) is written with that.
  public var pngSettings = PNGSettings()

  /// Whether the batch imposes its images on print sheet PNGs.
  var makesSheets: Bool { sheet != nil && writesImages }

  /// Rows in flight at most: ``BatchRunner/window``, or with print sheets (whose outcomes carry
  /// each badge's pixels) two per worker, at least 16.
  var window: Int {
    makesSheets
      ? Swift.min(BatchRunner.window, Swift.max(16, BatchRunner.sheetWindowPerJob * jobs)) : BatchRunner.window
  }

  /// The size of each row's image, in px: the template's, or the layout's canvas.
  ///
  /// - Throws: ``WordFitError`` when the layout's canvas is invalid.
  public func imageSize() throws -> (width: Int, height: Int) {
    if let template { return (template.width, template.height) }
    let canvas = try spec.fields.resolved().canvas
    return (canvas.width, canvas.height)
  }

  /// Every file the batch reads, with its role: the CSV, the template's files or the layout's
  /// fonts. No output may be one of them.
  public var inputFiles: [(role: String, path: String)] {
    [("input", input)] + (template?.inputFiles ?? spec.inputFiles)
  }

  /// The identities of ``inputFiles`` (those that exist), for checking each row's output.
  var inputIdentities: [FileIdentity: String] = [:]

  /// The output folder, opened once for the rows' files (`nil`: written by path).
  var folder: OutputFolder? = nil

  /// Names in the output folder that another output of this run (manifest, contact sheet, PDF)
  /// takes, with that output's role: a row's PNG under one of them is refused.
  var reservedNames: [String: String] = [:]

  /// Options with defaults for `input`, `outputDirectory` and a base `spec`.
  public init(input: String, outputDirectory: String, spec: RenderSpec) {
    self.input = input
    self.rows = OutputRequest(destination: .folder(outputDirectory), format: .png)
    self.spec = spec
  }
}
