/// How a run's glyphs map to its characters, as cairo's text clusters take it: the text to
/// write, and for each cluster the UTF-8 bytes and the glyphs it covers, both counted from the
/// start, in the order the glyphs are drawn (left to right).
///
/// HarfBuzz gives every glyph the offset of the first character of its cluster; offsets rise
/// through a left-to-right run and fall through a right-to-left one (its glyphs are in visual
/// order). Characters before the first cluster join it. When the offsets are not monotonic (a
/// shaper's cluster level that merges nothing), the whole run is one cluster: its text stays
/// extractable, only finer selection is lost.
///
/// A right-to-left run is written in visual order, as the glyphs are: its clusters from the
/// left, and the characters of a cluster of more than one (a letter and its marks, a lam-alef
/// ligature) reversed. Text extractors (poppler's `pdftotext`, pdf.js) read a line left to right
/// and reorder its right-to-left characters by the bidi algorithm, so they give back the
/// logical text. Cairo's backward clusters (`CAIRO_TEXT_CLUSTER_FLAG_BACKWARD`) would draw the
/// glyphs right to left, each one jumping back past the previous, and poppler then cuts the
/// word wherever the 1/1000 em rounding of those jumps leaves a slightly wider gap.
struct PDFClusters {
  /// The UTF-8 text for cairo: the run's text, or for a right-to-left run its visual order.
  var text: [UInt8]
  /// Bytes of each cluster, from the left.
  var bytes: [Int32] = []
  /// Glyphs of each cluster, from the left.
  var glyphs: [Int32] = []

  /// The clusters of glyphs whose cluster offsets are `offsets` (in drawing order), into the
  /// UTF-8 `text`.
  ///
  /// - Complexity: O(*g* + *n*) in the number of glyphs and bytes.
  init(_ offsets: [Int], text: [UInt8], rightToLeft: Bool) {
    self.text = text
    var groups: [(offset: Int, count: Int)] = []
    for offset in offsets {
      if let last = groups.last, last.offset == offset {
        groups[groups.count - 1].count += 1
      } else {
        groups.append((offset, 1))
      }
    }
    let logical = rightToLeft ? Array(groups.reversed()) : groups
    let starts = logical.map(\.offset)
    let monotonic = zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }
    guard monotonic, let last = starts.last, last < text.count, starts[0] >= 0, !text.isEmpty else {
      bytes = [Int32(text.count)]
      glyphs = [Int32(offsets.count)]
      if rightToLeft { self.text = Self.reversingCharacters(text[...]) }
      return
    }
    var ends = Array(starts.dropFirst()) + [text.count]
    var begins = starts
    begins[0] = 0
    if rightToLeft {
      (begins, ends) = (begins.reversed(), ends.reversed())
      self.text = zip(begins, ends).flatMap { Self.reversingCharacters(text[$0..<$1]) }
    }
    bytes = zip(begins, ends).map { Int32($1 - $0) }
    glyphs = groups.map { Int32($0.count) }
    joinMarkedWords()
  }

  /// Makes each word of the run (the clusters between spaces) one cluster when one of its
  /// clusters is more than one glyph or character (a letter and its marks, a ligature, a
  /// conjunct). Cairo writes such a cluster as an `ActualText` span, and poppler spreads a
  /// span's characters evenly from the first glyph's origin to the last one's advance: a mark
  /// drawn before its letter (right to left) starts the span inside the letter, one drawn after
  /// it (left to right) ends the span there, and the gap left cuts the word. A word as one span
  /// starts at its first letter and ends at its last. The text is unchanged.
  ///
  /// - Complexity: O(*n*) in the bytes.
  private mutating func joinMarkedWords() {
    var joinedBytes: [Int32] = []
    var joinedGlyphs: [Int32] = []
    var word: (bytes: [Int32], glyphs: [Int32], marked: Bool) = ([], [], false)
    func endWord() {
      if word.marked {
        joinedBytes.append(word.bytes.reduce(0, +))
        joinedGlyphs.append(word.glyphs.reduce(0, +))
      } else {
        joinedBytes += word.bytes
        joinedGlyphs += word.glyphs
      }
      word = ([], [], false)
    }
    var start = 0
    for (count, glyphCount) in zip(bytes, glyphs) {
      let cluster = text[start..<(start + Int(count))]
      start += Int(count)
      if cluster.elementsEqual([0x20]) {
        endWord()
        joinedBytes.append(count)
        joinedGlyphs.append(glyphCount)
        continue
      }
      let scalars = cluster.lazy.filter { $0 & 0xC0 != 0x80 }.count
      word.bytes.append(count)
      word.glyphs.append(glyphCount)
      word.marked = word.marked || glyphCount != 1 || scalars != 1
    }
    endWord()
    (bytes, glyphs) = (joinedBytes, joinedGlyphs)
  }

  /// `utf8` with its Unicode scalars in reverse order (each scalar's bytes kept).
  ///
  /// - Complexity: O(*n*) in the bytes.
  static func reversingCharacters(_ utf8: ArraySlice<UInt8>) -> [UInt8] {
    var scalars: [ArraySlice<UInt8>] = []
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let lead = utf8[index]
      let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      let end = min(index + length, utf8.endIndex)
      scalars.append(utf8[index..<end])
      index = end
    }
    return scalars.reversed().flatMap { $0 }
  }
}
