import Foundation
import WordFitCore
import WordFitDrawing
import WordFitOutput

extension BadgeTemplate {
  /// How a design was drawn for a label printer: the resolution it was designed at and the one
  /// it is drawn at, and the label fit when it was fitted to the printer's printable area.
  public struct PrinterFit: Sendable, Equatable {
    /// The template's own dpi.
    public var designedAt: Double
    /// The printer's dpi, which the badge is drawn at.
    public var drawnAt: Double
    /// The printer's label, when the design was fitted to its printable area.
    public var label: String?

    /// One line for the report: what was drawn at which resolution, and how it was fitted.
    public func summary(_ fit: LabelFit?) -> String {
      var line = "drawn at \(TextFormatting.pixels(drawnAt)) dpi for the printer"
      if designedAt != drawnAt {
        line += " (designed at \(TextFormatting.pixels(designedAt)) dpi; its size in mm kept)"
      }
      if let fit, let label { line += "; " + fit.summary(dotsPerInch: drawnAt, label: label) }
      return line
    }
  }

  /// Loads the template at `path` drawn for `printer`: at the printer's resolution (a design in
  /// mm keeps its size, one in px is scaled by the ratio of resolutions), and for a Brother QL
  /// fitted to the label's printable area (a die-cut label upright or turned, whichever draws
  /// it larger; uniformly scaled and centred, as
  /// ``load(contentsOf:fittingLabel:)`` fits a label product). A ZPL printer named without a
  /// resolution (`zpl`) prints at the template's dpi when that is one of Zebra's heads (152, 203,
  /// 300, 600), else at 300.
  ///
  /// - Throws: as ``load(contentsOf:)``; ``WordFitError`` `.usage` for an unknown Brother model
  ///   or label, or a CUPS queue without a printer language (it prints the PDF: see
  ///   ``load(contentsOf:)``).
  public static func load(contentsOf path: String, printer: LabelPrinter) throws -> BadgeTemplate {
    let own = try load(contentsOf: path)
    var decoder = BadgeTemplateDecoder(
      source: "template \(path)", folder: PathText.deletingLastComponent(path))
    let data = Data(try InputFile.read(path, role: "template", limit: InputLimits.specBytes))
    var labelName: String? = nil
    switch printer.language {
    case .zpl(let asked):
      let head = ZPLLabel.dotsPerInch.contains(Int(own.dotsPerInch)) ? Int(own.dotsPerInch) : 300
      decoder.fitting.dotsPerInch = Double(asked ?? head)
    case .brotherQL(let model, let name):
      let (_, label) = try BrotherQL.find(model: model, label: name)
      decoder.fitting.dotsPerInch = 300
      let scale = 300 / own.dotsPerInch
      let design = (width: Double(own.width) * scale, height: Double(own.height) * scale)
      if label.isDieCut {
        // Upright or turned (the printer takes either, as Brother's tools do), whichever
        // draws the design larger.
        let (across, along) = (Double(label.dots.width), Double(label.dots.length))
        let upright = Swift.min(across / design.width, along / design.height)
        let turned = Swift.min(along / design.width, across / design.height)
        decoder.fitting.label =
          turned > upright ? (label.dots.length, label.dots.width) : (label.dots.width, label.dots.length)
      } else {
        let length = Int((design.height * Double(label.dots.width) / design.width).rounded())
        decoder.fitting.label = (label.dots.width, Swift.max(1, length))
      }
      labelName = "Brother \(label.name)"
    case .cups, nil:
      return own
    }
    var template = try decoder.decode(data)
    template.sourcePath = path
    template.printerFit = PrinterFit(
      designedAt: own.dotsPerInch, drawnAt: decoder.fitting.dotsPerInch ?? own.dotsPerInch, label: labelName)
    return template
  }
}
