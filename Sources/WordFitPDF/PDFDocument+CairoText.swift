extension PDFDocument {
  /// `utf8` as cairo takes a run's text: cairo refuses the whole string (and with it the
  /// page, and the PDF) when it holds a noncharacter (U+FDD0…U+FDEF, U+nFFFE, U+nFFFF), which
  /// is valid UTF-8 and can come from any CSV cell. Each becomes a character of the same UTF-8
  /// length that cairo takes: U+FFFD for the three-byte ones, U+nFFFD in its own plane for the
  /// four-byte ones, so the glyph-to-byte clusters stay as shaped.
  ///
  /// - Complexity: O(*n*) in the bytes; no copy when there is no byte 0xEF or above.
  static func cairoText(_ utf8: [UInt8]) -> [UInt8] {
    guard utf8.contains(where: { $0 >= 0xEF }) else { return utf8 }
    var text = utf8
    var index = 0
    while index < text.count {
      let lead = text[index]
      if lead == 0xEF, index + 2 < text.count {
        let (second, third) = (text[index + 1], text[index + 2])
        let arabicBlock = second == 0xB7 && (0x90...0xAF).contains(third)  // U+FDD0…U+FDEF
        let planeEnd = second == 0xBF && (third == 0xBE || third == 0xBF)  // U+FFFE, U+FFFF
        if arabicBlock || planeEnd { (text[index + 1], text[index + 2]) = (0xBF, 0xBD) }
        index += 3
      } else if lead >= 0xF0, index + 3 < text.count {
        // U+nFFFE and U+nFFFF: the low sixteen bits all ones but the last (xxxx1111 BF BE/BF).
        if text[index + 1] & 0x0F == 0x0F, text[index + 2] == 0xBF, text[index + 3] == 0xBE || text[index + 3] == 0xBF {
          text[index + 3] = 0xBD
        }
        index += 4
      } else {
        index += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      }
    }
    return text
  }
}
