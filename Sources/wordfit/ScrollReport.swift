import Foundation
import WordFit

/// The JSON printed by `wordfit stack --scroll K --json`.
struct ScrollReport: Encodable {
  /// One item at one position.
  struct Item: Encodable {
    var index: Int
    var label: String
    var top: Int
    var height: Int
    var transformedHeight: Int
    var scale: Double
    var containerAlpha: Double
    var contentAlpha: Double
    var onScreen: Bool
    var judged: Bool
    var inkOutside: Int
  }

  /// The list at one position.
  struct Position: Encodable {
    var offset: Int
    var frame: PixelBox
    var items: [Item]
  }

  /// A label the round screen cuts.
  struct Problem: Encodable {
    var problem = "cut-by-screen"
    var index: Int
    var label: String
    var positions: [Int]
  }

  var file: String
  var bytes: Int
  var width: Int
  var height: Int
  var size: Double
  var limit: String
  var font: String
  var freeType: String
  var reduceMotion: Bool
  var scrollRange: Int
  var padding: Int
  var spacing: Int
  var warnings: [String]
  var positions: [Position]
  var problems: [Problem]

  /// One line for a person: what was written, and which labels the screen cuts where.
  static func summary(_ scroll: ScrollRendering, file: String) -> String {
    let count = scroll.stack.layout.boxes.count
    let cut = scroll.cutLabels
    var line =
      "wrote \(file) (\(scroll.canvas.width)x\(scroll.canvas.height), \(count) item\(count == 1 ? "" : "s") at \(scroll.positions.count) scroll position\(scroll.positions.count == 1 ? "" : "s"), \(TextFormatting.pixels(scroll.stack.layout.size)) px\(scroll.transformation.isIdentity ? ", reduce motion" : ""))"
    line +=
      cut.isEmpty
      ? "; every label stays inside the round screen"
      : "; cut by the round screen: "
        + cut.map { "\"\(scroll.stack.layout.boxes[$0.index].label)\" at \(positionList($0.positions))" }.joined(
          separator: ", ")
    return line
  }

  /// Positions as people count them (from 1): "position 2", "positions 1, 5".
  static func positionList(_ positions: [Int]) -> String {
    (positions.count == 1 ? "position " : "positions ") + positions.map { String($0 + 1) }.joined(separator: ", ")
  }

  init(_ scroll: ScrollRendering, file: String, bytes: Int) {
    let boxes = scroll.stack.layout.boxes
    (self.file, self.bytes) = (file, bytes)
    (width, height) = (scroll.canvas.width, scroll.canvas.height)
    size = scroll.stack.layout.size
    limit = scroll.stack.layout.fit.limit.rawValue
    font = scroll.fontName
    freeType = scroll.stack.freeTypeVersion
    reduceMotion = scroll.transformation.isIdentity
    (scrollRange, padding, spacing) = (scroll.list.scrollRange, scroll.list.padding, scroll.list.spacing)
    warnings = scroll.warnings
    positions = scroll.positions.map { position in
      Position(
        offset: position.offset, frame: position.frame,
        items: position.items.map { item in
          let (placement, state) = (item.placement, item.placement.state)
          return Item(
            index: placement.index, label: boxes[placement.index].label, top: placement.top, height: placement.height,
            transformedHeight: state.transformedHeight, scale: state.scale, containerAlpha: state.containerAlpha,
            contentAlpha: state.contentAlpha, onScreen: placement.isOnScreen, judged: item.isJudged,
            inkOutside: item.inkOutside)
        })
    }
    problems = scroll.cutLabels.map { Problem(index: $0.index, label: boxes[$0.index].label, positions: $0.positions) }
  }
}
