import CFreeType

extension Font {
  /// The font's name for `glyph` (its `post` or CFF table's, such as `Aogonek`), or `nil` when
  /// the font names no glyphs.
  ///
  /// - Complexity: O(name length).
  package func glyphName(_ glyph: UInt32) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    let error = buffer.withUnsafeMutableBufferPointer { wf_ft_glyph_name(face, glyph, $0.baseAddress, 256) }
    guard error == 0 else { return nil }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
  }

  /// The face's `hhea` ascender and descender (negative), in design units (with its variation).
  package var designAscenderAndDescender: (ascender: Int, descender: Int) {
    var (unitsPerEm, ascender, descender, height): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    wf_ft_face_metrics(face, &unitsPerEm, &ascender, &descender, &height)
    return (Int(ascender), Int(descender))
  }
}
