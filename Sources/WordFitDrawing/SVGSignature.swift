#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The comment every SVG WordFit writes carries on its third line, so that a rerun can tell its
/// own files from others (a row's logo, a designer's drawing) before replacing one.
enum SVGSignature {
  /// The comment, a line of its own.
  static let comment = "<!-- Generator: WordFit -->"
  /// The most bytes read to find it: the XML declaration and the `<svg>` element come first.
  static let prefixBytes = 512
}

extension Drawing {
  /// Whether the regular file at `path` is an SVG WordFit wrote (it has ``SVGSignature``'s
  /// comment near its start); a link is never followed.
  ///
  /// - Complexity: reads at most 512 bytes.
  package static func isWordFitSVG(atPath path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: SVGSignature.prefixBytes)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return read(descriptor, base + count, buffer.count - count)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    let head = String(decoding: bytes[..<count], as: UTF8.self)
    return head.hasPrefix("<?xml") && head.contains(SVGSignature.comment)
  }
}
