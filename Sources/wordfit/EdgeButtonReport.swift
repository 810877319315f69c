import Foundation
import WordFit

/// The JSON printed by `wordfit stack --edge-button H --json`.
struct EdgeButtonReport: Encodable {
  struct Label: Encodable {
    var label: String
    var lines: [String]
    var truncated: Bool
    var frame: PixelBox
  }

  var file: String
  var bytes: Int
  var width: Int
  var height: Int
  var edgeButton: Int
  var size: Double
  var font: String
  var freeType: String
  var warnings: [String]
  var labels: [Label]

  /// One line for a person: what was written, and which labels the button cuts.
  static func summary(_ strip: EdgeButtonStrip, file: String) -> String {
    let cut = strip.truncatedLabels
    let fits =
      "\(strip.labels.count - cut.count) of \(strip.labels.count) label\(strip.labels.count == 1 ? "" : "s") fit"
    var line =
      "wrote \(file) (\(strip.canvas.width)x\(strip.canvas.height), \(fits) the \(strip.buttonHeight) dp edge button at \(TextFormatting.pixels(strip.size)) px)"
    if !cut.isEmpty {
      line += "; cut: " + cut.map { "\"\($0.label)\" (\($0.lines.joined(separator: " / ")))" }.joined(separator: ", ")
    }
    return line
  }

  init(_ strip: EdgeButtonStrip, file: String, bytes: Int) {
    self.file = file
    self.bytes = bytes
    (width, height) = (strip.canvas.width, strip.canvas.height)
    edgeButton = strip.buttonHeight
    size = strip.size
    font = strip.fontName
    freeType = strip.freeTypeVersion
    warnings = strip.warnings
    labels = strip.labels.map { Label(label: $0.label, lines: $0.lines, truncated: $0.isTruncated, frame: $0.frame) }
  }
}
