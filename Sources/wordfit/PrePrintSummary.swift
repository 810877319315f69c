import WordFit

/// `batch --json`: the counts and the pre-print report, sizes in pixels and points.
struct PrePrintSummary: Encodable {
  /// One field's smallest size.
  struct Smallest: Encodable {
    var field: String
    var pixels: Double
    var points: Double
  }

  var rows: Int
  var written: Int
  var skipped: Int
  var failed: Int
  var notStarted: Int
  var truncated: Int
  var rowsAtMinimumSize: Int
  var truncatedFields: [String: Int]
  var smallest: [Smallest]
  var missingCharacters: [String]
  /// The smallest QR module drawn, in mm, and the warning when it is under 3 dots at the
  /// resolution the outputs may be rasterised at.
  var smallestQRModule: Double? = nil
  var qrWarning: String? = nil
  /// Rows in which each field (a back's as `name (back)`) was printed under its legible size,
  /// and the warning saying so.
  var illegibleFields: [String: Int]
  var legibilityWarning: String? = nil
  /// Rows in which each field's text does not print on a label printer's 1-bit dots, and the
  /// warning saying so.
  var lostOnOneBitFields: [String: Int]
  var oneBitWarning: String? = nil
  /// The PDF's pages, with `--pdf`.
  var pdfPages: Int? = nil
  /// Where the badges go on each sheet, with `--sheet`.
  var sheet: Imposition? = nil
  /// The shard this run rendered, when sharded, and the array engine it came from.
  var shard: ShardReport? = nil

  /// `{"count":8,"engine":"slurm","index":3}`.
  struct ShardReport: Encodable {
    var index: Int
    var count: Int
    var engine: String?
  }

  /// A sheet's imposition: its name, the page and each badge's top-left corner (trim box), in
  /// mm, as placed (whole pixels at the badges' resolution).
  struct Imposition: Encodable {
    var name: String
    var page: [Double]
    var badge: [Double]
    var origins: [[Double]]

    init(_ sheet: PrintSheet, name: String, badgeWidth: Int, height: Int) {
      let millimetres = { (pixels: Int) in (Double(pixels) * 25.4 / sheet.dotsPerInch * 1000).rounded() / 1000 }
      self.name = sheet.labels?.name ?? name
      page = [sheet.pageMillimetres.width, sheet.pageMillimetres.height]
      badge = [millimetres(badgeWidth), millimetres(height)]
      origins = sheet.slots(badgeWidth: badgeWidth, height: height).map {
        [millimetres($0.minX), millimetres($0.minY)]
      }
    }
  }

  init(_ summary: BatchSummary, pointsPerPixel: Double) {
    (rows, written, skipped, failed) = (summary.rows, summary.written, summary.skipped, summary.failed)
    (notStarted, truncated) = (summary.notStarted, summary.truncated)
    rowsAtMinimumSize = summary.prePrint.rowsAtMinimumSize
    truncatedFields = summary.prePrint.truncatedFields
    smallest = summary.prePrint.smallestSizes.sorted { $0.key < $1.key }.map {
      Smallest(field: $0.key, pixels: $0.value, points: ($0.value * pointsPerPixel * 100).rounded() / 100)
    }
    smallestQRModule = summary.prePrint.smallestQRModule.map { ($0 * 1000).rounded() / 1000 }
    qrWarning = summary.prePrint.qrWarning
    illegibleFields = summary.prePrint.illegibleFields
    legibilityWarning = summary.prePrint.legibilityWarning
    lostOnOneBitFields = summary.prePrint.lostOnOneBitFields
    oneBitWarning = summary.prePrint.oneBitWarning
    missingCharacters = summary.missingCharacters.keys.sorted { $0.value < $1.value }.map {
      TextFormatting.codePoint($0)
    }
  }

  /// The report in one line for standard error: `batch: pre-print: 3 rows at the minimum size;
  /// truncated: company 2; smallest: name 18.5 pt (51.4 px), company 9 pt (25 px)`.
  static func line(_ report: PrePrintReport, pointsPerPixel: Double) -> String {
    var parts = ["\(report.rowsAtMinimumSize) row\(report.rowsAtMinimumSize == 1 ? "" : "s") at the minimum size"]
    if !report.truncatedFields.isEmpty {
      parts.append(
        "truncated: "
          + report.truncatedFields.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }
    let smallest = report.smallestSizes.sorted { $0.key < $1.key }.map {
      "\($0.key) \(TextFormatting.pixels(($0.value * pointsPerPixel * 100).rounded() / 100)) pt (\(TextFormatting.pixels($0.value)) px)"
    }
    if !smallest.isEmpty { parts.append("smallest: " + smallest.joined(separator: ", ")) }
    return "batch: pre-print: " + parts.joined(separator: "; ")
  }
}
