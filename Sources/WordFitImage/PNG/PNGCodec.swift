import CPNG
import Foundation
import WordFitCore

#if canImport(Glibc)
  import Glibc
#endif

/// PNG encoding and decoding: WordFit's own writer (chunks and DEFLATE over libdeflate) by
/// default, libpng to read (behind a capped allocator) and as a reference writer. The `CPNG`
/// shim keeps libpng's `setjmp` in C.
public enum PNGCodec {
  /// The libpng version WordFit was built with.
  public static var libpngVersion: String { String(cString: wf_png_version()) }
  /// The libdeflate version WordFit's PNG writer was built with.
  public static var libdeflateVersion: String { String(cString: wf_deflate_version()) }

  /// Encodes `canvas` as a PNG in its own pixel format, with `text` as text chunks (ASCII
  /// values as `tEXt`, others as `iTXt`), with the writer `settings` names (WordFit's own by
  /// default). No timestamps: the same input gives the same bytes.
  ///
  /// - Throws: ``WordFitError`` `.io` when the encoder fails (out of memory).
  /// - Complexity: O(*width* × *height*).
  public static func encode(
    _ canvas: Canvas, text: [(key: String, value: String)] = [], settings: PNGSettings = PNGSettings()
  ) throws -> [UInt8] {
    let keys = text.map { strdup($0.key) }
    let values = text.map { strdup($0.value) }
    defer {
      keys.forEach { free($0) }
      values.forEach { free($0) }
    }
    var data: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = keys.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { keyPointers in
      values.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { valuePointers in
        var raw = settings.cSettings(
          text: keyPointers.baseAddress, values: valuePointers.baseAddress, count: text.count)
        let usesLibpng = settings.usesLibpng
        return canvas.pixels.withUnsafeBufferPointer { pixels in
          usesLibpng
            ? wf_png_encode(
              pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), canvas.stride,
              Int32(canvas.format.channels), &raw, &data, &size, &message, message.count)
            : wf_png_encode_fast(
              pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), canvas.stride,
              Int32(canvas.format.channels), &raw, &data, &size, &message, message.count)
        }
      }
    }
    guard status == 0, let data else {
      throw WordFitError(.io, "PNG encoding failed: \(cString(message))")
    }
    defer { wf_png_free(data) }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// Reads and decodes the PNG file at `path` (at most ``InputLimits/pngFileBytes``).
  ///
  /// - Parameter maximumPixels: the most pixels the image may have; a larger one is refused
  ///   before its pixels are allocated.
  /// - Throws: ``WordFitError`` `.missingInput` when the file is missing or not a regular file,
  ///   `.invalidData` when it is too large or not a readable PNG.
  /// - Complexity: O(*width* × *height*).
  public static func read(contentsOf path: String, maximumPixels: Int = InputLimits.decodedPixels) throws
    -> DecodedPNG
  {
    let bytes = try InputFile.read(path, role: "PNG file", limit: InputLimits.pngFileBytes)
    return try decode(bytes, source: "PNG file \(path)", maximumPixels: maximumPixels)
  }

  /// Decodes a PNG of any colour type to RGBA. `source` names the file in error messages.
  ///
  /// libpng is told to allocate at most ``InputLimits/pngChunkBytes`` for any ancillary chunk
  /// and to skip the ones WordFit does not use, so no chunk can make it allocate what the file
  /// merely declares.
  ///
  /// - Parameter maximumPixels: the most pixels the image may have (width × height); a larger
  ///   one is refused from its header, before its pixels are allocated.
  /// - Throws: ``WordFitError`` `.invalidData` for bytes that are not a complete PNG, or an image
  ///   larger than `maximumPixels`.
  /// - Complexity: O(*width* × *height*).
  public static func decode(
    _ bytes: [UInt8], source: String = "PNG data", maximumPixels: Int = InputLimits.decodedPixels
  ) throws -> DecodedPNG {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var flags: UInt32 = 0
    var pixels: UnsafeMutablePointer<UInt8>? = nil
    var largestAllocation = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = bytes.withUnsafeBufferPointer { buffer in
      wf_png_decode_rgba(
        buffer.baseAddress, buffer.count, UInt32(CanvasSize.maximumSide), UInt64(Swift.max(0, maximumPixels)),
        UInt64(InputLimits.pngChunkBytes), &width, &height, &flags, &pixels, &largestAllocation, &message,
        message.count)
    }
    lastLargestAllocation.value = largestAllocation
    if status == -2 {
      throw WordFitError(
        .invalidData, "\(source) is too large to compare (\(cString(message))); raise the pixel limit if you mean it",
        reason: .outOfRange(.maxPixels, value: "\(Int(width) * Int(height))", range: "1…\(maximumPixels)"),
        input: source)
    }
    guard status == 0, let pixels else {
      throw WordFitError(
        .invalidData, "\(source) is not a readable PNG (\(cString(message))); give a complete PNG file")
    }
    defer { wf_png_free(pixels) }
    let count = Int(width) * Int(height) * 4
    let copied = Array(UnsafeBufferPointer(start: pixels, count: count))
    guard let canvas = Canvas(width: Int(width), height: Int(height), format: .rgba, pixels: copied) else {
      throw WordFitError(.invalidData, "\(source) has an empty image; give a PNG with pixels")
    }
    return DecodedPNG(
      canvas: canvas, textChunks: textChunks(in: bytes), hadSixteenBitSamples: flags & 4 != 0,
      wasColorMapped: flags & 8 != 0)
  }

  /// The `tEXt` and uncompressed `iTXt` chunks of a PNG file.
  ///
  /// - Complexity: O(*n*) in the number of chunks.
  package static func textChunks(in bytes: [UInt8]) -> [(key: String, value: String)] {
    var chunks: [(key: String, value: String)] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let start = offset + 8
      guard length >= 0, start + length + 4 <= bytes.count else { break }
      let body = bytes[start..<start + length]
      if type == "tEXt", let zero = body.firstIndex(of: 0) {
        let key = String(decoding: body[start..<zero], as: UTF8.self)
        let value = String(body[(zero + 1)...].map { Character(Unicode.Scalar($0)) })
        chunks.append((key, value))
      } else if type == "iTXt", let zero = body.firstIndex(of: 0), zero + 2 < body.endIndex, body[zero + 1] == 0 {
        let key = String(decoding: body[start..<zero], as: UTF8.self)
        var cursor = zero + 3
        if let languageEnd = body[cursor...].firstIndex(of: 0) {
          cursor = languageEnd + 1
          if let translatedEnd = body[cursor...].firstIndex(of: 0) {
            chunks.append((key, String(decoding: body[(translatedEnd + 1)...], as: UTF8.self)))
          }
        }
      } else if type == "IEND" {
        break
      }
      offset = start + length + 4
    }
    return chunks
  }
}

/// The largest allocation libpng was given in the calling thread's last decode, in bytes (for
/// tests that check no file can make the decoder allocate what it merely declares).
let lastLargestAllocation = ThreadLocalInt()

/// An integer per thread.
final class ThreadLocalInt: @unchecked Sendable {
  private let key = "WordFit.ThreadLocalInt.\(UUID().uuidString)"

  var value: Int {
    get { Thread.current.threadDictionary[key] as? Int ?? 0 }
    set { Thread.current.threadDictionary[key] = newValue }
  }
}

extension PNGSettings {
  /// Whether libpng encodes (the reference writer) rather than WordFit's own writer.
  var usesLibpng: Bool {
    if case .libpng = encoder { return true }
    return false
  }

  /// The settings as the C encoder takes them, with `count` text chunks.
  func cSettings(
    text keys: UnsafePointer<UnsafePointer<CChar>?>?, values: UnsafePointer<UnsafePointer<CChar>?>?, count: Int
  ) -> wf_png_settings {
    var level = 6
    var filter = Filter.none
    var strategy = Strategy.default
    switch encoder {
    case .wordfit(let value): level = Swift.min(12, Swift.max(0, value))
    case .libpng(let value, let rowFilter, let zlibStrategy):
      (level, filter, strategy) = (Swift.min(9, Swift.max(0, value)), rowFilter, zlibStrategy)
    }
    let filters: Int32 =
      switch filter {
      case .none: Int32(WF_PNG_FILTER_NONE)
      case .adaptive: Int32(WF_PNG_FILTER_ALL)
      case .sub: Int32(WF_PNG_FILTER_SUB)
      case .up: Int32(WF_PNG_FILTER_UP)
      }
    let zlibStrategy: Int32 =
      switch strategy {
      case .default: Int32(WF_PNG_STRATEGY_DEFAULT)
      case .runLength: Int32(WF_PNG_STRATEGY_RLE)
      case .huffmanOnly: Int32(WF_PNG_STRATEGY_HUFFMAN_ONLY)
      case .filtered: Int32(WF_PNG_STRATEGY_FILTERED)
      }
    return wf_png_settings(
      compression_level: Int32(level), filters: filters, strategy: zlibStrategy,
      pixels_per_metre: UInt32(dotsPerInch.map { (Double($0) / 0.0254).rounded() } ?? 0), text_keys: keys,
      text_values: values, text_count: Int32(count))
  }
}

extension PNGCodec {
  /// Whether the file at `path` is a PNG WordFit wrote: a `Software` text chunk reading
  /// `WordFit …` before its image data. Reads at most the first 256 KiB; anything unreadable is
  /// not one. A batch replaces its own earlier PNGs on a rerun, never a photo or a logo.
  ///
  /// - Complexity: O(*k*) in the bytes before the image data, at most 256 KiB.
  package static func isWordFitPNG(atPath path: String) -> Bool {
    let bytes = FileIdentity.leadingBytes(ofFileAt: path, count: 262_144)
    let count = bytes.count
    guard count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
    return textChunks(in: bytes).contains { $0.key == "Software" && $0.value.hasPrefix("WordFit") }
  }
}
