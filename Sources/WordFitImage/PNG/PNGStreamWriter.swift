import CPNG
import Foundation
import WordFitCore

/// A PNG encoded a band of rows at a time (through libpng, zlib level 6, filter none), for
/// images too large to hold whole, such as print sheets: only the compressed bytes grow.
///
/// ```swift
/// let writer = try PNGStreamWriter(width: 2480, height: 3508, format: .rgb, dotsPerInch: 300)
/// try writer.append(band)  // any number of rows, top to bottom
/// let png = try writer.finish()
/// ```
public final class PNGStreamWriter {
  private var stream: OpaquePointer?
  /// The image's width, in pixels.
  public let width: Int
  /// The pixel format every band must have.
  public let format: PixelFormat
  /// Rows not yet appended.
  public private(set) var rowsLeft: Int

  /// Starts a `width` × `height` px PNG in `format`, with `text` chunks and an optional pHYs.
  ///
  /// - Throws: ``WordFitError`` `.io` when the encoder cannot start.
  public init(
    width: Int, height: Int, format: PixelFormat, text: [(key: String, value: String)] = [],
    dotsPerInch: Int? = nil
  ) throws {
    (self.width, self.format, rowsLeft) = (width, format, height)
    let keys = text.map { strdup($0.key) }
    let values = text.map { strdup($0.value) }
    defer {
      keys.forEach { free($0) }
      values.forEach { free($0) }
    }
    var message = [CChar](repeating: 0, count: 256)
    let settings = PNGSettings(encoder: .libpng(level: 6, filter: .none, strategy: .default), dotsPerInch: dotsPerInch)
    stream = keys.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { keyPointers in
      values.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { valuePointers in
        var raw = settings.cSettings(
          text: keyPointers.baseAddress, values: valuePointers.baseAddress, count: text.count)
        return wf_png_stream_begin(
          UInt32(width), UInt32(height), Int32(format.channels), &raw, &message, message.count)
      }
    }
    guard stream != nil else { throw WordFitError(.io, "PNG encoding failed: \(cString(message))") }
  }

  deinit { wf_png_stream_free(stream) }

  /// Appends `rows` white rows, in chunks of at most 256 rows: blank margins cost a chunk's
  /// memory, not their own.
  ///
  /// - Throws: as ``append(_:)``.
  /// - Complexity: O(`rows` × width).
  public func appendWhite(rows: Int) throws {
    var left = rows
    var chunk: Canvas? = nil
    while left > 0 {
      let count = Swift.min(left, 256)
      if chunk?.height != count { chunk = Canvas(width: width, height: count, format: format, background: .white) }
      if let chunk { try append(chunk) }
      left -= count
    }
  }

  /// Appends `band`'s rows below those already given.
  ///
  /// - Throws: ``WordFitError`` `.io` when the band's width or format differs, it has more rows
  ///   than are left, or the encoder fails.
  /// - Complexity: O(band area).
  public func append(_ band: Canvas) throws {
    guard let stream, band.width == width, band.format == format, band.height <= rowsLeft else {
      throw WordFitError(.io, "PNG encoding failed: a \(band.width)x\(band.height) band does not continue the image")
    }
    var message = [CChar](repeating: 0, count: 256)
    let status = band.pixels.withUnsafeBufferPointer {
      wf_png_stream_rows(stream, $0.baseAddress, UInt32(band.height), band.stride, &message, message.count)
    }
    guard status == 0 else { throw WordFitError(.io, "PNG encoding failed: \(cString(message))") }
    rowsLeft -= band.height
  }

  /// The whole PNG, once every row was appended.
  ///
  /// - Throws: ``WordFitError`` `.io` when rows are missing or the encoder fails.
  public func finish() throws -> [UInt8] {
    guard let stream else { throw WordFitError(.io, "PNG encoding failed: the stream was already finished") }
    self.stream = nil
    var data: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    guard wf_png_stream_end(stream, &data, &size, &message, message.count) == 0, let data else {
      throw WordFitError(.io, "PNG encoding failed: \(cString(message))")
    }
    defer { wf_png_free(data) }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }
}
