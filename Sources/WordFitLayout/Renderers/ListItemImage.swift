import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitText

/// One item of a scrolled list, painted once at full size: its container (the box, when the
/// style fills one) and its content (the label, on a transparent margin for ink beyond the box),
/// each scaled and faded at every position it is drawn at.
struct ListItemImage {
  /// The box as laid out in the list; its width and height are the item's.
  var frame: PixelBox
  /// The box, premultiplied RGBA of the frame's size, or `nil` when the style fills none.
  var container: Canvas?
  /// The label, RGBA of the frame's size plus ``margin`` on every side.
  var content: Canvas
  /// The transparent margin around the label's image, in pixels.
  var margin: Int

  /// Draws the item as `placement` puts it on `screen` (the list's screen) and judges it: the
  /// container scaled about the item's top centre and faded by its alpha, the content likewise;
  /// the label's pixels outside the screen's inscribed ellipse counted when the item's
  /// transformed slot lies wholly on the screen.
  ///
  /// - Complexity: O(the item's area).
  func draw(_ placement: ListScroll.Placement, on screen: inout Canvas, list: ListScroll.List) -> ScrollRendering.Item {
    let state = placement.state
    let centre = Double(frame.minX) + Double(frame.width) / 2
    guard placement.isOnScreen else {
      return ScrollRendering.Item(placement: placement, isJudged: false, inkOutside: 0)
    }
    if let container {
      let (image, w, h) = Self.scaled(container, by: state.scale, alpha: state.containerAlpha)
      screen.composite(
        premultipliedRGBA: image.rgba, imageWidth: w, imageHeight: h,
        atX: Int((centre - Double(w) / 2).rounded()), y: placement.top)
    }
    let (image, w, h) = Self.scaled(content, by: state.scale, alpha: state.contentAlpha)
    let x = Int((centre - Double(w) / 2).rounded())
    let y = placement.top - Int((Double(margin) * state.scale).rounded())
    screen.composite(premultipliedRGBA: image.rgba, imageWidth: w, imageHeight: h, atX: x, y: y)
    let bottom = placement.top + state.transformedHeight
    let isJudged = placement.top >= 0 && bottom <= list.screenHeight
    let outside =
      isJudged
      ? Self.pixelsOutside(image.coverage, width: w, height: h, at: (x, y), screen: (screen.width, screen.height)) : 0
    return ScrollRendering.Item(placement: placement, isJudged: isJudged, inkOutside: outside)
  }

  /// `canvas` scaled by `scale` (area averaging; unchanged at 1) as premultiplied RGBA faded by
  /// `alpha`, with its coverage before the fade, and its new size.
  static func scaled(_ canvas: Canvas, by scale: Double, alpha: Double) -> (
    image: (rgba: [UInt8], coverage: [UInt8]), width: Int, height: Int
  ) {
    let w = Swift.max(1, Int((Double(canvas.width) * scale).rounded()))
    let h = Swift.max(1, Int((Double(canvas.height) * scale).rounded()))
    var rgba: [UInt8]
    if w == canvas.width && h == canvas.height {
      rgba = ImageComparator.rgba(canvas)
      for pixel in 0..<(w * h) {
        let a = Int(rgba[pixel * 4 + 3])
        for c in 0..<3 { rgba[pixel * 4 + c] = UInt8((Int(rgba[pixel * 4 + c]) * a + 127) / 255) }
      }
    } else {
      rgba = canvas.premultipliedRGBA(fittingWidth: w, height: h)
    }
    let coverage = (0..<(w * h)).map { rgba[$0 * 4 + 3] }
    if alpha < 1 {
      for index in rgba.indices { rgba[index] = UInt8((Double(rgba[index]) * alpha).rounded()) }
    }
    return ((rgba, coverage), w, h)
  }

  /// How many pixels of `coverage` (`width` × `height`, its top-left at `origin`) are covered
  /// and have their centre outside the ellipse inscribed in a `screen`-sized canvas (outside
  /// the canvas counts as outside).
  ///
  /// - Complexity: O(`width` × `height`).
  static func pixelsOutside(
    _ coverage: [UInt8], width: Int, height: Int, at origin: (x: Int, y: Int), screen: (width: Int, height: Int)
  ) -> Int {
    let (rx, ry) = (Double(screen.width) / 2, Double(screen.height) / 2)
    var count = 0
    for row in 0..<height {
      for column in 0..<width where coverage[row * width + column] > 0 {
        let dx = (Double(origin.x + column) + 0.5 - rx) / rx
        let dy = (Double(origin.y + row) + 0.5 - ry) / ry
        if dx * dx + dy * dy > 1 { count += 1 }
      }
    }
    return count
  }
}

extension LaidOutStack {
  /// Each box and its label painted on images of their own, for a scrolled list.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the images would take more than
  ///   ``ScrollRendering/maximumItemPixels`` (checked before any is drawn); as
  ///   ``RasterPainter/paint(_:)``.
  /// - Complexity: O(the boxes' area + glyph bitmap area).
  func listItems() throws -> [ListItemImage] {
    let area = layout.boxes.reduce(0) { sum, box in
      let margin = box.frame.height / 2
      return sum + box.frame.width * box.frame.height + (box.frame.width + 2 * margin) * (box.frame.height + 2 * margin)
    }
    guard area <= ScrollRendering.maximumItemPixels else {
      throw WordFitError(
        .usage,
        "\(layout.boxes.count) items of a scrolled list at \(TextFormatting.pixels(layout.size)) px need \(area / 1_000_000) million pixels of images, over the \(ScrollRendering.maximumItemPixels / 1_000_000) million a list draws with; give fewer labels, a smaller \(Parameter.maxSize) or a smaller canvas",
        reason: .malformed(
          .labels, value: "\(layout.boxes.count)", expected: "items within \(ScrollRendering.maximumItemPixels) px"))
    }
    let fills = resolved.fills
    let foreground = resolved.layout.foreground
    return try layout.boxes.enumerated().map { index, box in
      let frame = box.frame
      var container: Canvas? = nil
      if !fills.isEmpty {
        var canvas = Canvas(width: frame.width, height: frame.height, format: .rgba, background: .transparent)
        let local = PixelBox(minX: 0, minY: 0, maxX: frame.width, maxY: frame.height)
        try canvas.paint(.box(local, resolved.shape, fills[index % fills.count]))
        container = canvas
      }
      let margin = frame.height / 2
      var content = Canvas(
        width: frame.width + 2 * margin, height: frame.height + 2 * margin, format: .rgba, background: .transparent)
      let origins = box.lines.isEmpty ? [box.textOrigin] : box.lines.map(\.origin)
      let marks = zip(shapedLabels[index], origins).map { shaped, origin in
        Drawing.Mark.text(
          Drawing.Line(
            shaped: shaped, origin: PixelPoint(x: origin.x - frame.minX + margin, y: origin.y - frame.minY + margin),
            fonts: cascade.fonts.map { $0.identity(atSize: shaped.size) }), foreground)
      }
      var drawing = Drawing(width: content.width, height: content.height, background: .transparent)
      drawing.marks = marks
      try content.paint(drawing, fonts: Array(repeating: cascade.fonts, count: marks.count))
      return ListItemImage(frame: frame, container: container, content: content, margin: margin)
    }
  }
}
