import WordFitCore
import WordFitImage
import WordFitText

/// Checks and defaults shared by the word-stack and box-stack renderers.
enum RenderSetup {
  /// The canvas minus the insets.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the insets leave no room.
  static func availableBox(_ canvas: CanvasSize, insets: EdgeInsets) throws -> PixelBox {
    let box = PixelBox(
      minX: insets.leading, minY: insets.top, maxX: canvas.width - insets.trailing, maxY: canvas.height - insets.bottom)
    guard box.width > 0, box.height > 0 else {
      throw WordFitError(
        .usage,
        "insets \(insets.values.map(String.init).joined(separator: ",")) leave no room on a \(canvas.width)x\(canvas.height) canvas; use smaller insets or a larger canvas",
        reason: .outOfRange(
          .insets, value: insets.values.map(String.init).joined(separator: ","),
          range: "less than half the canvas (\(canvas.width)x\(canvas.height))"))
    }
    return box
  }

  /// - Throws: ``WordFitError`` `.usage` for a scale outside (0, 1].
  static func validate(minimumScale: Double) throws {
    guard minimumScale > 0, minimumScale <= 1 else {
      throw WordFitError.outOfRange(.minimumScale, minimumScale, range: "a value in (0, 1], such as 0.5")
    }
  }

  /// `explicit`, or the style's size on the canvas, checked to be 1…4096 px.
  static func maximumSize(_ explicit: Double?, style: TextStyle, canvas: CanvasSize) throws -> Double {
    let size = explicit ?? style.pixelSize(on: canvas)
    guard size.isFinite, size >= 1, size <= 4096 else {
      throw WordFitError.outOfRange(.maximumSize, size, range: "1…4096", unit: "px")
    }
    return size
  }

  /// Pixels per point: 2 on watch canvases, 1 on `WxH` canvases.
  static func scale(of canvas: CanvasSize) -> Int { canvas.watch == nil ? 1 : 2 }
}
