import WordFitCore

extension ShapedText {
  /// Neighbouring clusters whose ink touches as drawn but would not `spacing` px further apart:
  /// what a negative tracking or a tightening did to the line. Two glyphs touch when, on some
  /// row, the inked pixels of the left one (coverage at least a quarter) reach the column of the
  /// right one's first inked pixel. Each pair is given as the two clusters' text.
  ///
  /// - Complexity: O(*g* · *h*) for *g* glyphs *h* pixels high; each glyph's bitmap comes from
  ///   its font's cache.
  package func inkContacts(fonts: [Font], spacing: Int) -> [(String, String)] {
    guard spacing > 0, glyphs.count > 1 else { return [] }
    let units = Swift.max(1, Int((size * 64).rounded(.down)))
    let edges = glyphs.map { glyph -> InkEdges? in
      guard fonts.indices.contains(glyph.font),
        let bitmap = fonts[glyph.font].bitmap(of: glyph.index, units: units, phase: glyph.phase)
      else { return nil }
      return InkEdges(bitmap, x: glyph.x, y: glyph.y)
    }
    var contacts: [(String, String)] = []
    for index in 1..<glyphs.count where glyphs[index].cluster != glyphs[index - 1].cluster {
      guard let left = edges[index - 1], let right = edges[index] else { continue }
      let gap = left.gap(to: right)
      guard gap <= 0, gap + spacing > 0 else { continue }
      let pair = (clusterText(glyphs[index - 1]), clusterText(glyphs[index]))
      if !contacts.contains(where: { $0 == pair }) { contacts.append(pair) }
    }
    return contacts
  }

  /// The text of the cluster `glyph` starts, as far as the text goes.
  private func clusterText(_ glyph: Glyph) -> String {
    let utf8 = Array(text.utf8)
    guard glyph.cluster < utf8.count else { return "" }
    var end = glyph.cluster + 1
    while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: utf8[glyph.cluster..<end], as: UTF8.self)
  }
}

/// The leftmost and rightmost inked column of each pixel row of a glyph as placed.
struct InkEdges {
  /// Row (y down, baseline 0) → (leftmost, rightmost) inked column, in line pixels.
  var rows: [Int: (left: Int, right: Int)] = [:]

  init(_ bitmap: GlyphBitmap, x: Int, y: Int) {
    for row in 0..<bitmap.rows {
      var (left, right) = (Int.max, Int.min)
      for column in 0..<bitmap.width where bitmap.coverage[row * bitmap.width + column] >= 64 {
        left = Swift.min(left, column)
        right = Swift.max(right, column)
      }
      guard left <= right else { continue }
      rows[y - bitmap.top + row] = (x + bitmap.left + left, x + bitmap.left + right)
    }
  }

  /// The fewest pixel columns between this glyph's ink and `right`'s on any row they share
  /// (0 when they meet in a column, negative when they overlap), or `Int.max`.
  func gap(to right: InkEdges) -> Int {
    var gap = Int.max
    for (row, edges) in rows {
      guard let other = right.rows[row] else { continue }
      gap = Swift.min(gap, other.left - edges.right - 1)
    }
    return gap
  }
}

extension ShapedText {
  /// The topmost and bottommost inked row (coverage at least a quarter) of each pixel column
  /// this text inks, drawn with its pen at `origin`, in the canvas's pixels: what decides
  /// whether two stacked lines touch.
  ///
  /// - Complexity: O(*g* · *w* · *h*) for *g* glyphs *w* by *h* pixels; each glyph's bitmap
  ///   comes from its font's cache.
  package func inkColumns(fonts: [Font], origin: PixelPoint) -> [Int: (top: Int, bottom: Int)] {
    let units = Swift.max(1, Int((size * 64).rounded(.down)))
    var columns: [Int: (top: Int, bottom: Int)] = [:]
    for glyph in glyphs {
      guard fonts.indices.contains(glyph.font),
        let bitmap = fonts[glyph.font].bitmap(of: glyph.index, units: units, phase: glyph.phase)
      else { continue }
      let left = origin.x + glyph.x + bitmap.left
      let top = origin.y + glyph.y - bitmap.top
      for column in 0..<bitmap.width {
        var (first, last) = (Int.max, Int.min)
        for row in 0..<bitmap.rows where bitmap.coverage[row * bitmap.width + column] >= 64 {
          first = Swift.min(first, row)
          last = row
        }
        guard first <= last else { continue }
        let known = columns[left + column] ?? (Int.max, Int.min)
        columns[left + column] = (Swift.min(known.top, top + first), Swift.max(known.bottom, top + last))
      }
    }
    return columns
  }

  /// Whether `upper`'s ink (columns as ``inkColumns(fonts:origin:)`` gives them) reaches down to
  /// or past `lower`'s on some column: two stacked lines touching.
  package static func inkTouches(_ upper: [Int: (top: Int, bottom: Int)], _ lower: [Int: (top: Int, bottom: Int)])
    -> Bool
  {
    upper.contains { column, extent in lower[column].map { extent.bottom >= $0.top } ?? false }
  }
}
