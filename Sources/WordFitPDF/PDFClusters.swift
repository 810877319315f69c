/// How a run's glyphs map to its characters, as cairo's text clusters take it: for each
/// cluster in text order, the UTF-8 bytes and the glyphs it covers; the glyphs are taken from
/// the start of the glyph array for a left-to-right run, from its end for a right-to-left one
/// (cairo's `CAIRO_TEXT_CLUSTER_FLAG_BACKWARD`).
///
/// HarfBuzz gives every glyph the offset of the first character of its cluster; offsets rise
/// through a left-to-right run and fall through a right-to-left one (its glyphs are in visual
/// order). Characters before the first
/// cluster join it. When the offsets are not monotonic (a shaper's cluster level that merges
/// nothing), the whole run is one cluster: its text stays extractable, only finer selection is
/// lost.
struct PDFClusters {
  /// Bytes of each cluster, in text order.
  var bytes: [Int32] = []
  /// Glyphs of each cluster, in text order.
  var glyphs: [Int32] = []

  /// The clusters of glyphs whose cluster offsets are `offsets`, into a text of `textLength`
  /// bytes.
  ///
  /// - Complexity: O(*g*) in the number of glyphs.
  init(_ offsets: [Int], textLength: Int, rightToLeft: Bool) {
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
    guard monotonic, let last = starts.last, last < textLength, starts[0] >= 0, textLength > 0 else {
      bytes = [Int32(textLength)]
      glyphs = [Int32(offsets.count)]
      return
    }
    let ends = Array(starts.dropFirst()) + [textLength]
    var lengths = zip(starts, ends).map { Int32($1 - $0) }
    lengths[0] += Int32(starts[0])
    bytes = lengths
    glyphs = logical.map { Int32($0.count) }
  }
}
