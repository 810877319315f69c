import CWebP
import Foundation
import WordFitCore
import WordFitImage

/// Lossless WebP through libwebp (`libwebp-dev`, the `CWebP` shim): the same pixels as the
/// PNG, exact under transparency, encoded on one thread so the bytes depend only on the pixels
/// and libwebp's version. A grey canvas is written as RGB (WebP has no grey). WebP keeps no
/// text chunks: WordFit's provenance (size, font, versions — the PNG's text chunks) goes in an XMP
/// packet (`wordfit:` properties), by which a rerun knows its own files.
public struct WebPImageEncoder: ImageEncoder {
  /// libwebp's lossless preset, 0 … 9; WordFit's default 1, the fastest on badges and within 1%
  /// of the smallest (on names-1k's badges, per image: 0 took 7.9 ms for 4.4× the bytes, 1
  /// 3.9 ms, 2 4.8 ms, 3 5.7 ms for 1% fewer bytes).
  public var effort = 1

  /// An encoder at the default effort.
  public init() {}

  /// The lossless WebP of `canvas`, `metadata` in its XMP packet (the resolution is not
  /// recorded).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for a canvas over WebP's 16,383 px a side.
  /// - Complexity: O(*w* × *h*).
  public func encode(_ canvas: Canvas, metadata: [(key: String, value: String)], dotsPerInch: Int?) throws -> [UInt8] {
    let channels = canvas.format.channels == 4 ? 4 : 3
    let pixels: [UInt8] = canvas.format.channels == 1 ? canvas.pixels.flatMap { [$0, $0, $0] } : canvas.pixels
    var data: UnsafeMutablePointer<UInt8>? = nil
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    let xmp = Array(Self.xmp(metadata).utf8)
    let status = pixels.withUnsafeBufferPointer { buffer in
      xmp.withUnsafeBufferPointer { packet in
        wf_webp_encode_lossless(
          buffer.baseAddress, Int32(canvas.width), Int32(canvas.height), Int32(channels), canvas.width * channels,
          Int32(effort), packet.baseAddress, packet.count, &data, &size, &message, message.count)
      }
    }
    defer { wf_webp_free(data) }
    guard status == 0, let data else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw WordFitError(.invalidData, "cannot write the \(canvas.width)x\(canvas.height) image as WebP: \(reason)")
    }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// The RGBA pixels of the WebP `bytes`, and its size: for tests and comparisons.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for bytes that are not a WebP, or one over
  ///   `maximumPixels`.
  public static func decode(_ bytes: [UInt8], maximumPixels: Int = 1 << 26) throws -> (
    width: Int, height: Int, rgba: [UInt8]
  ) {
    var (width, height): (Int32, Int32) = (0, 0)
    var pixels: UnsafeMutablePointer<UInt8>? = nil
    var message = [CChar](repeating: 0, count: 256)
    let status = bytes.withUnsafeBufferPointer {
      wf_webp_decode_rgba($0.baseAddress, $0.count, UInt64(maximumPixels), &width, &height, &pixels, &message, 256)
    }
    defer { wf_webp_free(pixels) }
    guard status == 0, let pixels else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw WordFitError(.invalidData, "cannot read the WebP: \(reason)")
    }
    return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
  }

  /// The XMP packet of `metadata`: each key a `wordfit:` property (`WordFit-Font` as
  /// `wordfit:Font`), its value escaped for XML (``TextFormatting/xmlEscaped(_:)``); the
  /// `Software` key as `xmp:CreatorTool`.
  static func xmp(_ metadata: [(key: String, value: String)]) -> String {
    let properties = metadata.map { key, value -> String in
      let name =
        key == "Software"
        ? "xmp:CreatorTool"
        : "wordfit:"
          + key.replacingOccurrences(of: "WordFit-", with: "")
          .filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      return "<\(name)>\(TextFormatting.xmlEscaped(value))</\(name)>"
    }
    return "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
      + "<rdf:Description xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:wordfit=\"https://wordfit.invalid/ns/1.0/\">"
      + properties.joined() + "</rdf:Description></rdf:RDF></x:xmpmeta>"
  }

  /// Whether the file at `path` is a WebP WordFit wrote (`RIFF` … `WEBP`, with WordFit as the
  /// creator tool in its XMP packet, the file's last chunk), so that a batch's rerun replaces its
  /// own rows' WebPs and never a photo under a row's name.
  ///
  /// - Complexity: reads the file's first 12 bytes and at most its last 64 KiB.
  public static func isWordFitWebP(atPath path: String) -> Bool {
    let head = FileIdentity.leadingBytes(ofFileAt: path, count: 12)
    guard head.count == 12, head[0..<4] == [0x52, 0x49, 0x46, 0x46], head[8..<12] == [0x57, 0x45, 0x42, 0x50],
      let file = FileHandle(forReadingAtPath: path)
    else { return false }
    defer { try? file.close() }
    guard let end = try? file.seekToEnd() else { return false }
    try? file.seek(toOffset: end > 65_536 ? end - 65_536 : 0)
    let tail = [UInt8]((try? file.readToEnd()) ?? Data())
    let marker = Array("<xmp:CreatorTool>WordFit ".utf8)
    guard tail.count >= marker.count else { return false }
    return (0...(tail.count - marker.count)).contains {
      tail[$0] == marker[0] && tail[$0..<($0 + marker.count)].elementsEqual(marker)
    }
  }

  /// libwebp's version, as `wordfit --version` reports it.
  public static var libraryVersion: String {
    var text = [CChar](repeating: 0, count: 32)
    wf_webp_version(&text, text.count)
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
