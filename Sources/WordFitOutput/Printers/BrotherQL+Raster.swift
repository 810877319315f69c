import WordFitCore
import WordFitImage

extension BrotherQL {
  /// The raster job that prints `dots` (drawn at 300 dpi) on `label` in `model`: switch to
  /// raster mode (models that take it), clear, initialise, ask for status, media and quality,
  /// cut after each label (and two colours on a red roll), margins, the rows (each mirrored onto
  /// the head: `g` a row, or on a red roll `w 01` its black then `w 02` its red), print.
  ///
  /// - Throws: ``WordFitError`` `.usage` when the badge is not the label's printable size in
  ///   dots (a die-cut label's either way round, turned a quarter like Brother's own tools), or
  ///   an endless label's width, or is longer than the model prints.
  /// - Complexity: O(head width × rows).
  public static func job(_ dots: LabelDots, model: Model, label: Label) throws -> [UInt8] {
    guard label.isRed == (dots.inks == .blackAndRed) else {
      throw WordFitError(
        .usage,
        "the badge's dots are for \(dots.inks == .black ? "black" : "black and red") ink; the \(label.name) label prints \(label.isRed ? "black and red" : "black")"
      )
    }
    let rows = try headRows(dots.black, model: model, label: label)
    let red = label.isRed ? try headRows(dots.red, model: model, label: label) : []
    let rowBytes = model.bytesPerRow
    var out: [UInt8] = []
    let switchMode: [UInt8] = model.switchesMode ? [0x1B, 0x69, 0x61, 0x01] : []
    out += switchMode + [UInt8](repeating: 0, count: model.invalidateBytes) + [0x1B, 0x40] + switchMode
    out += [0x1B, 0x69, 0x53]
    // Media and quality: every field valid (0x80 | kind, width, length | quality), the tape's
    // kind and size in mm, the raster's rows (little-endian), first page, 0.
    let count = UInt32(rows.count / rowBytes)
    out += [0x1B, 0x69, 0x7A, 0xCE, label.isDieCut ? 0x0B : 0x0A]
    out += [UInt8(label.millimetres.width & 0xFF), UInt8(label.millimetres.length & 0xFF)]
    out += (0..<4).map { UInt8((count >> (8 * UInt32($0))) & 0xFF) } + [0x00, 0x00]
    out += [0x1B, 0x69, 0x4D, 0x40, 0x1B, 0x69, 0x41, 0x01, 0x1B, 0x69, 0x4B, label.isRed ? 0x09 : 0x08]
    let margin = label.isDieCut ? 0 : 35
    out += [0x1B, 0x69, 0x64, UInt8(margin & 0xFF), UInt8(margin >> 8)]
    out.reserveCapacity(out.count + (rows.count + red.count) / rowBytes * (rowBytes + 3) + 1)
    for start in stride(from: 0, to: rows.count, by: rowBytes) {
      out.append(contentsOf: label.isRed ? [0x77, 0x01, UInt8(rowBytes)] : [0x67, 0x00, UInt8(rowBytes)])
      out.append(contentsOf: rows[start..<start + rowBytes])
      guard label.isRed else { continue }
      out.append(contentsOf: [0x77, 0x02, UInt8(rowBytes)])
      out.append(contentsOf: red[start..<start + rowBytes])
    }
    out.append(0x1A)
    return out
  }

  /// Throws unless a badge of `width` × `height` dots prints on `label` in `model` (see
  /// ``job(_:model:label:)``).
  public static func check(width: Int, height: Int, model: Model, label: Label) throws {
    let turned = label.isDieCut && width == label.dots.length && height == label.dots.width
    try check(width: turned ? height : width, height: turned ? width : height, model: model, label: label, exactly: ())
  }

  /// The bitmap as head rows, one after another (`bytesPerRow` bytes each): turned when a die-cut label wants it, placed its right offset from
  /// the head's right edge, mirrored (the head prints its first byte's dots rightmost).
  ///
  /// - Complexity: O(head width × rows) for the rows, plus O(black dots).
  static func headRows(_ bitmap: MonochromeBitmap, model: Model, label: Label) throws -> [UInt8] {
    let turned =
      label.isDieCut && bitmap.width == label.dots.length && bitmap.height == label.dots.width
    let (width, height) = turned ? (bitmap.height, bitmap.width) : (bitmap.width, bitmap.height)
    try check(width: width, height: height, model: model, label: label, exactly: ())
    let head = model.bytesPerRow * 8
    let left = head - width - label.rightOffset - model.extraRightOffset
    let stride = model.bytesPerRow
    var rows = [UInt8](repeating: 0, count: stride * height)
    // Only black dots are placed: white bytes of the bitmap are skipped whole.
    rows.withUnsafeMutableBufferPointer { rows in
      bitmap.bits.withUnsafeBufferPointer { source in
        for sourceY in 0..<bitmap.height {
          for byte in 0..<bitmap.bytesPerRow {
            let bits = source[sourceY * bitmap.bytesPerRow + byte]
            guard bits != 0 else { continue }
            for bit in 0..<Swift.min(8, bitmap.width - byte * 8) where bits & (0x80 >> UInt8(bit)) != 0 {
              let sourceX = byte * 8 + bit
              // Turned a quarter counter-clockwise: source (x, y) lands at (y, width - 1 - x).
              let (x, y) = turned ? (sourceY, bitmap.width - 1 - sourceX) : (sourceX, sourceY)
              let dot = head - 1 - (left + x)
              rows[y * stride + dot >> 3] |= 0x80 >> UInt8(dot & 7)
            }
          }
        }
      }
    }
    return rows
  }

  private static func check(width: Int, height: Int, model: Model, label: Label, exactly: Void) throws {
    let millimetres = { (dots: Int) in TextFormatting.pixels((Double(dots) / 300 * 254).rounded() / 10) }
    if label.isDieCut {
      guard width == label.dots.width, height == label.dots.length else {
        throw WordFitError(
          .usage,
          "the badge is \(width)x\(height) dots; a \(label.name) label prints \(label.dots.width)x\(label.dots.length) at 300 dpi (or turned): make the template \(millimetres(label.dots.width))x\(millimetres(label.dots.length)) mm at 300 dpi"
        )
      }
    } else {
      guard width == label.dots.width else {
        throw WordFitError(
          .usage,
          "the badge is \(width) dots wide; \(label.name) mm tape prints \(label.dots.width) dots across at 300 dpi: make the template \(millimetres(label.dots.width)) mm wide at 300 dpi"
        )
      }
      guard model.lengths.contains(height) else {
        throw WordFitError(
          .usage,
          "the badge is \(height) dots long; \(model.name) prints \(model.lengths.lowerBound)…\(model.lengths.upperBound) on tape"
        )
      }
    }
  }
}
