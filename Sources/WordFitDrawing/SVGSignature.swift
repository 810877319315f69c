import WordFitCore

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
    let bytes = FileIdentity.leadingBytes(ofFileAt: path, count: SVGSignature.prefixBytes)
    let head = String(decoding: bytes, as: UTF8.self)
    return head.hasPrefix("<?xml") && head.contains(SVGSignature.comment)
  }
}
