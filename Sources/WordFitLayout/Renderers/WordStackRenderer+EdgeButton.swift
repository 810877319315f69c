import Foundation
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitText

extension WordStackRenderer {
  /// The container colour the edge button is drawn in (a neutral dark grey: the preview shows
  /// the label's room, not a theme).
  static let edgeButtonColor = Color(red: 0x3A, green: 0x3A, blue: 0x3C)

  /// Lays `spec`'s text out as the label of `button` on its round screen, as Material 3 does:
  /// `labelMedium` (15 sp, 0.4 sp tracking, weight 500 unless asked otherwise) at the font scale,
  /// no autosize, wrapped into the button's label window in at most ``EdgeButton/maxLines``
  /// centred lines and cut with "…"; drawn over the button at the bottom of the screen.
  ///
  /// - Throws: ``WordFitError`` `.usage` on a screen that is not round or too small for the
  ///   button; as ``layOut(_:)`` otherwise.
  /// - Complexity: as ``layOut(_:)`` for the label.
  func layOutEdgeButton(_ spec: RenderSpec, _ resolved: ResolvedLayout, button: EdgeButton) throws -> LaidOutText {
    let perDp = Double(resolved.canvas.pixelsPerPoint)
    let screen = Double(resolved.canvas.width) / perDp
    let window = button.labelWidth(screenWidth: screen) * perDp
    guard resolved.shape == .circle, resolved.canvas.width == resolved.canvas.height, window >= 1 else {
      throw WordFitError(
        .usage,
        "\(Parameter.edgeButton) \(button.height) sits at the bottom of a round screen; use a round canvas such as wear-small or wear-large",
        reason: .malformed(.edgeButton, value: String(button.height), expected: "a round square canvas"))
    }
    let inner = try layOut(Self.edgeButtonLabel(spec, resolved, button: button, window: Int(window)), screen: resolved)
    let height = Double(button.height) * perDp
    let top = Double(resolved.canvas.height) - EdgeButton.outerPadding * perDp - height
    let side = button.sidePadding(screenWidth: screen) * perDp
    // Centred in the button with 6 dp above and 8 dp below, or 6 dp from its top when taller.
    let block = inner.layout.fit.lines.reduce(0) { $0 + $1.lineMetrics.lineHeight }
    let (top6, bottom8) = (EdgeButton.labelPadding.top * perDp, EdgeButton.labelPadding.bottom * perDp)
    let dy = Int((top + max(top6, (height - block + top6 - bottom8) / 2)).rounded())
    let dx = Int((side + button.cornerRadius * perDp).rounded())
    var layout = inner.layout
    (layout.canvasWidth, layout.canvasHeight) = (resolved.canvas.width, resolved.canvas.height)
    layout.availableBox = layout.availableBox.offsetBy(dx: dx, dy: dy)
    for index in layout.lines.indices {
      let origin = layout.lines[index].origin
      layout.lines[index].origin = PixelPoint(x: origin.x + dx, y: origin.y + dy)
      layout.lines[index].inkBounds = layout.lines[index].inkBounds?.offsetBy(dx: dx, dy: dy)
    }
    var laidOut = LaidOutText(
      spec: spec, resolved: resolved, layout: layout, lines: inner.lines, cascade: inner.cascade,
      tracking: inner.tracking, lineTracking: inner.lineTracking, widthAxis: nil, missing: inner.missing,
      warnings: inner.warnings)
    let box = PixelBox(
      minX: Int(side.rounded()), minY: Int(top.rounded()), maxX: resolved.canvas.width - Int(side.rounded()),
      maxY: Int((top + height).rounded()))
    laidOut.backdrop = [.box(box, .rounded(radius: button.cornerRadius * perDp), Self.edgeButtonColor)]
    return laidOut
  }

  /// The label's own layout: a wrap of at most `button.maxLines` lines in a window `window` px
  /// wide, at `labelMedium`'s fixed size.
  static func edgeButtonLabel(_ spec: RenderSpec, _ resolved: ResolvedLayout, button: EdgeButton, window: Int)
    -> RenderSpec
  {
    let perDp = Double(resolved.canvas.pixelsPerPoint)
    var label = spec
    label.fields.edgeButton = nil
    (label.fields.layout, label.fields.lineLimit, label.fields.overflow) = (.wrap, button.maxLines, .truncate)
    (label.fields.truncation, label.fields.align, label.fields.valign) = (.tail, .center, .top)
    let size = 15 * resolved.fontScale * perDp
    (label.fields.maxSize, label.fields.minScale, label.fields.fontScale) = (size, 1, nil)
    label.fields.weight = spec.fields.weight ?? .medium
    label.fields.kerning = spec.fields.kerning ?? 0.4 * resolved.fontScale * perDp
    (label.fields.canvas, label.fields.insets, label.fields.shape) = (
      "\(window)x\(Int(size * 2) * button.maxLines)", [0], nil
    )
    return label
  }
}
