import Foundation
import WordFitCore
import WordFitDrawing
import WordFitLayout
import WordFitOutput

/// One badge from a template and one row's fields given as `COLUMN=VALUE` (`render --template
/// … --row …`): the fields read and checked against the template's columns, the bleed checked,
/// and the badge written as a PNG, an SVG or a one-page PDF — decided once, here, by the output
/// asked for.
public struct BadgeRequest: Sendable {
  /// The template the badge is drawn with.
  public var template: BadgeTemplate
  /// The row's fields by lower-cased column name.
  public var fields: [String: String]
  /// The folder the row's own images are read from (never outside it); empty: the current one.
  public var imagesFolder = ""
  /// Bleed around the badge, in mm (0…20): edge pixels repeated outward in a PNG, the edge
  /// fills extended in a PDF; `nil` for none.
  public var bleedMillimetres: Double? = nil
  /// What a label printer's job does with a text its 1-bit threshold would lose.
  public var oneBitFix = OneBitText.Fix.warn
  /// The front's files, for a request turned to the back (``back()``).
  private var frontFiles: [(role: String, path: String)] = []

  /// Every file the badge reads (the template, its images and fonts; the front's too for a
  /// back): no output may replace one.
  public var inputFiles: [(role: String, path: String)] { frontFiles + template.inputFiles }

  /// This request for the badge's back: the back the row's variant takes (the template's
  /// `back`), drawn with the same fields.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the row's badge has no back.
  public func back() throws -> BadgeRequest {
    guard let back = template.back(for: fields.mapValues(TextSegmentation.trimmedNFC)) else {
      throw WordFitError(
        .usage,
        "\(Parameter.side) back: the template has no back for this row; give it \"back\": \"back.json\" (README, \"Backs and duplex\")",
        reason: .malformed(.side, value: "back", expected: "a template with a back"))
    }
    var request = self
    request.frontFiles = inputFiles
    request.template = back
    return request
  }

  /// A request for `template` with `rows` (`COLUMN=VALUE` each; a later one for the same column
  /// wins).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a row that is not `COLUMN=VALUE`, or a column the
  ///   template uses that no row gives.
  public init(template: BadgeTemplate, rows: [String]) throws {
    var fields: [String: String] = [:]
    for row in rows {
      let parts = row.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty else {
        throw WordFitError(.usage, "\(Parameter.row) takes COLUMN=VALUE, not '\(TextFormatting.excerpt(row))'")
      }
      fields[parts[0].lowercased()] = parts[1]
    }
    if let missing = template.columnReferences.first(where: { $0.allSatisfy { fields[$0] == nil } }) {
      throw WordFitError(
        .usage,
        "the template uses column {\(missing.joined(separator: "|"))}; give it with \(Parameter.row) \(missing[0])=VALUE",
        reason: .malformed(
          .text, value: missing.joined(separator: "|"), expected: "a row value for every column the template uses"))
    }
    (self.template, self.fields) = (template, fields)
  }

  /// The output `asked` names for this badge (``OutputRequest/init(_:inputs:)``, with this
  /// request's bleed): a printer's job, a one-page PDF, an SVG, or pixels (PNG, WebP).
  ///
  /// - Throws: as ``OutputRequest/init(_:inputs:)``.
  public func output(_ asked: OutputRequest.Asked) throws -> OutputRequest {
    var asked = asked
    asked.hasBleed = bleedMillimetres != nil
    return try OutputRequest(asked, inputs: inputFiles)
  }

  /// The bleed in the template's pixels (0 without one).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a bleed outside 0…20 mm.
  public func bleedPixels() throws -> Int {
    guard let bleed = bleedMillimetres else { return 0 }
    guard (0...20).contains(bleed) else { throw WordFitError.outOfRange(.bleed, bleed, range: "0…20", unit: "mm") }
    return template.pixels(millimetres: bleed)
  }

  /// Renders the badge's pixels with its bleed (for a PNG).
  ///
  /// - Throws: as ``BadgeRenderer/render(_:fields:language:imageFolder:output:)``, and
  ///   ``bleedPixels()``.
  public func render(with renderer: BadgeRenderer = BadgeRenderer()) throws -> BadgeRendering {
    let bleed = try bleedPixels()
    var badge = try renderer.render(template, fields: fields, imageFolder: imagesFolder)
    if bleed > 0 { badge.canvas = badge.canvas.extended(by: bleed) }
    return badge
  }

  /// Writes the badge to `output` (an SVG or a one-page PDF from its drawing, a printer's job from
  /// its pixels, to a file, standard output or a CUPS queue); returns the rendering (its
  /// regions' fits, its warnings). Pixels (PNG, WebP) are the caller's to write, from
  /// ``render(with:)``.
  ///
  /// - Throws: ``WordFitError`` `.usage` for a pixel format; as ``render(with:)``; `.io` when
  ///   it cannot be written.
  public func write(to output: OutputRequest, with renderer: BadgeRenderer = BadgeRenderer()) throws -> BadgeRendering {
    switch output.format {
    case .printer(.cups(let queue, let language)):
      return try send(to: queue, in: language, with: renderer)
    case .printer(let printer):
      let (badge, job) = try job(for: printer, with: renderer)
      try output.write(job)
      return badge
    case .png, .webp:
      throw WordFitError(.usage, "a \(output.format.name) is written from the pixels: use render(with:)")
    case .svg, .pdf:
      let badge = try renderer.render(template, fields: fields, imageFolder: imagesFolder, output: .drawing)
      guard let drawing = badge.drawing, let path = output.path else {
        throw WordFitError(.invalidData, "the badge made no drawing to write")
      }
      if output.format == .svg {
        try output.deliver(drawing: drawing)
      } else {
        let writer = try BadgePDFWriter(
          path: path, dotsPerInch: template.dotsPerInch, sheet: nil, bleedPixels: try bleedPixels())
        _ = try writer.add(drawing)
        try writer.finish()
      }
      return badge
    }
  }

  /// The badge rendered for `printer` and its job (a text the threshold would lose fixed by
  /// ``oneBitFix`` or named in the rendering's warnings).
  package func job(for printer: LabelPrinter, with renderer: BadgeRenderer) throws -> (BadgeRendering, [UInt8]) {
    let format = OutputFormat.printer(printer)
    var badge = try renderer.render(template, fields: fields, imageFolder: imagesFolder, output: .needed(for: format))
    let job = try badge.file(in: format, oneBitFix: oneBitFix)
    return (badge, job)
  }

  /// Hands the badge to a CUPS queue: `language`'s job raw, or a one-page PDF (written to a
  /// temporary file, read back and removed) for the queue's driver.
  private func send(to queue: String, in language: LabelPrinter?, with renderer: BadgeRenderer) throws
    -> BadgeRendering
  {
    let title = "WordFit badge: " + fields.keys.sorted().compactMap { fields[$0] }.joined(separator: " ").prefix(80)
    var badge: BadgeRendering
    let bytes: [UInt8]
    if let language {
      (badge, bytes) = try job(for: language, with: renderer)
    } else {
      badge = try renderer.render(template, fields: fields, imageFolder: imagesFolder, output: .drawing)
      guard let drawing = badge.drawing else { throw WordFitError(.invalidData, "the badge made no drawing to print") }
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("wordfit-\(UUID().uuidString).pdf").path
      defer { unlink(path) }
      let writer = try BadgePDFWriter(path: path, dotsPerInch: template.dotsPerInch, sheet: nil, bleedPixels: 0)
      _ = try writer.add(drawing)
      try writer.finish()
      bytes = try InputFile.read(path, role: "badge PDF", limit: 256 << 20)
    }
    badge.printJob = try CUPSQueue.submit(bytes, to: queue, title: String(title), raw: language != nil)
    return badge
  }
}
