import Foundation
import WordFitBadges
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitOutput

/// A check-in desk: an attendee export, a badge template, a label printer and where its jobs go,
/// loaded once and kept warm, so a scanned key or a walk-in's fields print their badge without
/// a process starting, a font opening or a template parsing again.
///
/// Not thread-safe: one desk prints one badge at a time, in order (one printer).
public final class Desk {
  /// The attendees.
  public let export: DeskExport
  /// The badge template, fitted to the printer's label.
  public let template: BadgeTemplate
  /// The printer's language.
  public let printer: LabelPrinter
  /// Where each job goes.
  public let destination: PrintDestination
  /// The print log, or `nil` to keep none.
  public let log: PrintLog?
  /// What a text the printer's threshold would lose does (``OneBitText/Fix``).
  public var oneBitFix = OneBitText.Fix.warn
  /// The folder rows' own images are read from.
  public var imagesFolder = ""
  /// How long a printer may take to accept a connection or bytes, in seconds.
  public var timeout = 5.0
  /// Whether a network printer is asked for its status before each job (Brother QL's
  /// `ESC i S`, ZPL's `~HS`), and the job refused when it shows a problem.
  public var checksStatus = true
  /// Prints by key in this run when there is no log.
  private var printsByKey: [String: Int] = [:]
  private let renderer = BadgeRenderer()
  /// The log's clock, made once (a formatter costs more to make than a badge's job to log).
  private let clock = ISO8601DateFormatter()

  /// A desk for `export`, printing `template`'s badges in `printer`'s language to `destination`,
  /// each print recorded in `log`.
  public init(
    export: DeskExport, template: BadgeTemplate, printer: LabelPrinter, destination: PrintDestination,
    log: PrintLog? = nil
  ) {
    (self.export, self.template, self.printer, self.destination, self.log) = (
      export, template, printer, destination, log
    )
  }

  /// Renders one badge without sending it, with every column of the export filled with a short
  /// text: the template's fonts, fallbacks and artwork are opened now, so a template that cannot
  /// print fails when the desk starts rather than at the first attendee.
  ///
  /// - Throws: as the badge's render and the printer's job.
  public func warmUp() throws {
    _ = try job(for: Dictionary(export.columns.map { ($0, "Aa") }) { first, _ in first })
  }

  /// How many times `key` has printed (the log's count, across restarts, when there is a log).
  public func prints(ofKey key: String) -> Int { log?.prints(ofKey: key) ?? printsByKey[key] ?? 0 }

  /// The badge of the row whose key is `key` as it will print: its drawing as an SVG, or the
  /// printer's dots as a PNG (black, and red on a two-colour label).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when no row has the key; as the badge's render.
  public func preview(key: String, asSVG: Bool) throws -> [UInt8] {
    guard let row = export.row(forKey: key) else { throw unknown(key) }
    let fields = export.fields(ofRow: row)
    if asSVG {
      let badge = try renderer.render(template, fields: fields, imageFolder: imagesFolder, output: .drawing)
      guard let drawing = badge.drawing else { throw WordFitError(.invalidData, "the badge made no drawing") }
      return try drawing.svg()
    }
    let output = BadgeOutput.needed(for: .printer(printer))
    let badge = try renderer.render(template, fields: fields, imageFolder: imagesFolder, output: output)
    let dots = badge.oneBit?.dots(fix: oneBitFix).dots ?? LabelDots(badge.canvas, inks: printer.inks)
    return try PNGCodec.encode(dots.preview())
  }

  /// The error of a key no row has.
  func unknown(_ key: String) -> WordFitError {
    WordFitError(
      .invalidData,
      "no attendee has the key \"\(TextFormatting.excerpt(key))\" in \(export.path) (column \(export.keyColumn)); search by name, or print a walk-in"
    )
  }

  /// Prints the badge of the row whose key is `key`.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when no row has the key; as ``print(fields:)``.
  /// - Complexity: one badge's render and job.
  public func print(key: String) throws -> DeskPrint {
    guard let row = export.row(forKey: key) else { throw unknown(key) }
    return try print(row: row)
  }

  /// Prints the badge of row `row` of the export.
  ///
  /// - Throws: as ``print(fields:)``.
  public func print(row: Int) throws -> DeskPrint {
    try send(export.fields(ofRow: row), key: export.key(ofRow: row), line: export.line(ofRow: row))
  }

  /// Prints a walk-in's or a corrected badge from `fields` (by column, any case), checked as a
  /// CSV row is: every column the template uses given.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming a missing column; as the badge's render
  ///   and ``PrintDestination/send(_:title:timeout:checking:)``.
  public func print(fields: [String: String]) throws -> DeskPrint {
    let fields = Dictionary(fields.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    if let missing = template.columnReferences.first(where: { $0.allSatisfy { fields[$0] == nil } }) {
      throw WordFitError(
        .invalidData, "the badge needs the column \(missing.joined(separator: " or ")); give it a value")
    }
    let key = fields[export.keyColumn].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    return try send(fields, key: key, line: nil)
  }

  /// The job `fields` make on the printer, with the badge (its regions and warnings).
  ///
  /// - Throws: as the badge's render and the printer's job.
  public func job(for fields: [String: String]) throws -> (badge: BadgeRendering, job: [UInt8]) {
    let format = OutputFormat.printer(printer)
    var badge = try renderer.render(template, fields: fields, imageFolder: imagesFolder, output: .needed(for: format))
    let job = try badge.file(in: format, oneBitFix: oneBitFix)
    return (badge, job)
  }

  /// Renders, sends and records one badge.
  private func send(_ fields: [String: String], key: String?, line: Int?) throws -> DeskPrint {
    let (badge, job) = try self.job(for: fields)
    let name = badge.regions.first?.text ?? ""
    let queueJob = try destination.send(
      job, title: "WordFit badge: " + name.prefix(80), timeout: timeout, checking: checksStatus ? printer : nil)
    let before = key.map(prints(ofKey:)) ?? 0
    let printed = DeskPrint(
      time: clock.string(from: Date()), key: key, line: line, name: name, printer: printer.languageName,
      destination: destination.description,
      bytes: job.count, sha256: SHA256.hex(job), reprint: before, queueJob: queueJob,
      regions: badge.printedRegions().map(DeskPrint.Region.init),
      warnings: badge.warnings)
    if let key { printsByKey[key] = before + 1 }
    try log?.record(printed)
    return printed
  }
}
