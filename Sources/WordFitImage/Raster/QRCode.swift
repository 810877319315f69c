import CQRencode
import WordFitCore

/// A QR code symbol (ISO/IEC 18004) made by libqrencode: its modules, dark or light, row by
/// row, the smallest version that holds the data in 8-bit mode.
public struct QRCode: Sendable, Equatable {
  /// How much of the symbol may be damaged and still read: L 7%, M 15%, Q 25%, H 30%.
  public enum ErrorCorrection: String, Sendable, Codable, CaseIterable {
    case low = "L", medium = "M", quartile = "Q", high = "H"

    var level: Int32 {
      switch self {
      case .low: Int32(WF_QR_L)
      case .medium: Int32(WF_QR_M)
      case .quartile: Int32(WF_QR_Q)
      case .high: Int32(WF_QR_H)
      }
    }
  }

  /// Light modules a reader needs around the symbol, on each side.
  public static let quietZone = 4
  /// The largest version the automatic level choice prefers (57 × 57 modules): above it the
  /// highest level whose symbol is at most this size is taken.
  static let preferredVersion: Int32 = 10

  /// Modules per side, without the quiet zone.
  public let width: Int
  /// `width × width` modules, row by row: 1 dark, 0 light.
  public let modules: [UInt8]
  /// The error-correction level used.
  public let correction: ErrorCorrection

  /// The symbol for `data` (UTF-8) at `correction`, or, when `nil`, at the highest level whose
  /// symbol stays at version 10 or below (else the highest level that holds the data at all).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when the data is empty or too long for a QR code
  ///   at the level (2,953 bytes at L), naming its length.
  /// - Complexity: O(*n*) in the data's length, at most four encodings when choosing a level.
  public init(encoding data: String, correction: ErrorCorrection? = nil) throws {
    let bytes = Array(data.utf8)
    guard !bytes.isEmpty else {
      throw WordFitError(.invalidData, "the QR code's data is empty; fill the column it reads")
    }
    let chosen = correction ?? Self.automaticCorrection(for: bytes)
    var modules = [UInt8](repeating: 0, count: 177 * 177)
    let width = Int(
      wf_qr_encode(bytes, Int32(bytes.count), chosen.level, Self.needsECI(bytes), &modules, Int32(modules.count)))
    guard width > 0 else {
      throw WordFitError(
        .invalidData,
        width == 0
          ? "the QR code's data is \(bytes.count) bytes, more than a QR code holds at level \(chosen.rawValue) (2,953 bytes at L); shorten it or lower \"ecc\""
          : "libqrencode could not encode the QR code's \(bytes.count) bytes")
    }
    self.width = width
    self.modules = Array(modules.prefix(width * width))
    self.correction = chosen
  }

  /// The highest level at version 10 or below; else the level with the smallest symbol (the
  /// largest modules for the box), which is L.
  static func automaticCorrection(for bytes: [UInt8]) -> ErrorCorrection {
    let levels: [ErrorCorrection] = [.high, .quartile, .medium, .low]
    let eci = needsECI(bytes)
    let versions = levels.map { wf_qr_version(bytes, Int32(bytes.count), $0.level, eci) }
    if let index = versions.firstIndex(where: { $0 > 0 && $0 <= preferredVersion }) { return levels[index] }
    return .low
  }

  /// 1 when the data is not ASCII: its symbol then declares UTF-8 (ECI 26), so a reader does not
  /// take the bytes for Shift JIS or Latin-1.
  static func needsECI(_ bytes: [UInt8]) -> Int32 { bytes.contains { $0 >= 0x80 } ? 1 : 0 }

  /// Whether the module at `column`, `row` is dark.
  public func isDark(column: Int, row: Int) -> Bool { modules[row * width + column] != 0 }
}

extension QRCode {
  /// Where `code` goes in `box`: as large as it fits, centred, every module the same whole
  /// number of pixels; the square includes the quiet zone.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when `box` is smaller than one pixel per module
  ///   with the quiet zone, naming the size needed.
  public func placement(in box: PixelBox) throws -> (square: PixelBox, module: Int) {
    let span = width + 2 * QRCode.quietZone
    let module = Swift.min(box.width, box.height) / span
    guard module >= 1 else {
      throw WordFitError(
        .invalidData,
        "a \(width)x\(width) QR code needs a box of at least \(span)x\(span) px with its quiet zone, not \(box.width)x\(box.height); enlarge the box or shorten the data"
      )
    }
    let side = module * span
    let x = box.minX + (box.width - side) / 2
    let y = box.minY + (box.height - side) / 2
    return (PixelBox(minX: x, minY: y, maxX: x + side, maxY: y + side), module)
  }

  /// The dark modules placed in `square` at `module` px each, as one box per horizontal run of
  /// dark modules (what a vector drawing fills).
  ///
  /// - Complexity: O(*width*²).
  public func darkRuns(in square: PixelBox, module: Int) -> [PixelBox] {
    var runs: [PixelBox] = []
    for row in 0..<width {
      var column = 0
      while column < width {
        guard isDark(column: column, row: row) else {
          column += 1
          continue
        }
        let start = column
        while column < width, isDark(column: column, row: row) { column += 1 }
        let top = square.minY + (QRCode.quietZone + row) * module
        runs.append(
          PixelBox(
            minX: square.minX + (QRCode.quietZone + start) * module, minY: top,
            maxX: square.minX + (QRCode.quietZone + column) * module, maxY: top + module))
      }
    }
    return runs
  }
}

extension Canvas {
  /// Draws `code` as large as it fits in `box`, centred: every module the same whole number of
  /// pixels (crisp, aligned to the pixel grid), inside a light square that includes the quiet
  /// zone. Returns the square drawn.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when `box` is smaller than one pixel per module
  ///   with the quiet zone, naming the size needed.
  /// - Complexity: O(area of the square).
  @discardableResult
  public mutating func draw(_ code: QRCode, in box: PixelBox, dark: Color = .black, light: Color = .white) throws
    -> PixelBox
  {
    let (square, module) = try code.placement(in: box)
    fill(square, light)
    for run in code.darkRuns(in: square, module: module) { fill(run, dark) }
    return square
  }
}
