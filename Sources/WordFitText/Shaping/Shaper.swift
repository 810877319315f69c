import CFriBidi
import CHarfBuzz
import WordFitCore

/// HarfBuzz shaping over one FreeType face: GPOS and `kern` kerning, ligatures, marks and
/// contextual forms, at the font's design scale (positions in font units, independent of size).
///
/// Owns its HarfBuzz font and buffer and frees them when it goes away. Not thread-safe: it
/// belongs to one ``Font``.
final class Shaper {
  private let handle: UnsafeMutablePointer<wf_hb_shaper>

  /// One shaped glyph: its id, the UTF-8 offset of the character it came from, and its advance
  /// and offsets in font units (y up).
  struct Glyph {
    var id: UInt32
    var cluster: Int
    var xAdvance: Int
    /// What shaping added to the glyph's own advance (kerning, a mark's advance zeroed).
    var adjustment: Int
    var xOffset: Int
    var yOffset: Int
  }

  /// Creates a shaper over `face` (an FT_Face).
  init?(face: UnsafeMutableRawPointer) {
    guard let handle = wf_hb_shaper_create(face) else { return nil }
    self.handle = handle
  }

  deinit {
    wf_hb_shaper_destroy(handle)
  }

  /// Sets the font's variation axes (tag, value in design units).
  func setVariations(_ variations: [(tag: String, value: Double)]) {
    // Padded with spaces to four bytes, as a tag is ("M1" is "M1  ").
    let tags = variations.map { variation in
      let bytes = Array(variation.tag.utf8.prefix(4))
      return (bytes + Array(repeating: UInt8(ascii: " "), count: 4 - bytes.count)).reduce(UInt32(0)) {
        $0 << 8 | UInt32($1)
      }
    }
    let values = variations.map(\.value)
    wf_hb_shaper_set_variations(handle, tags, values, Int32(variations.count))
  }

  /// Shapes `text` in `direction` (`nil`: from its script) for `language` (BCP 47, `nil`:
  /// none), glyphs in visual order; invisible characters (joiners, variation selectors) produce
  /// no glyph.
  ///
  /// - Complexity: O(*n*) in the text's length.
  func shape(
    _ text: String, direction: LineDirection?, language: String? = nil, script scriptTag: UInt32 = 0
  ) -> (glyphs: [Glyph], direction: LineDirection, script: String) {
    var utf8 = Array(text.utf8)
    var resolved: Int32 = 0
    var script: UInt32 = 0
    let requested: Int32 =
      switch direction {
      case nil: Int32(WF_HB_DIRECTION_AUTO)
      case .leftToRight: Int32(WF_HB_DIRECTION_LTR)
      case .rightToLeft: Int32(WF_HB_DIRECTION_RTL)
      }
    let count = utf8.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        Int(wf_hb_shape(handle, $0.baseAddress, Int32($0.count), requested, language, scriptTag, &resolved, &script))
      }
    }
    let glyphs = lastGlyphs(count).map { glyph in
      var glyph = glyph
      glyph.adjustment = glyph.xAdvance - Int(wf_hb_glyph_advance(handle, glyph.id))
      return glyph
    }
    // HarfBuzz leaves the script unset (0) for a run of only common characters (spaces,
    // digits, emoji): that is ISO 15924's Zyyy (Common).
    let tag =
      script == 0
      ? "Zyyy" : String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: script >> $0) }, as: UTF8.self)
    return (glyphs, resolved == Int32(WF_HB_DIRECTION_RTL) ? .rightToLeft : .leftToRight, tag)
  }

  /// The advances and x and y offsets (26.6, y up) of `text`'s visible glyphs shaped at
  /// `units` (1/64 px) by HarfBuzz itself, in the order ``shape(_:direction:language:)`` gives
  /// them.
  ///
  /// - Complexity: O(*n*) in the text's length.
  func scaledPositions(
    _ text: String, direction: LineDirection, language: String?, script: UInt32 = 0, units: Int
  ) -> [ScaledPosition] {
    var utf8 = Array(text.utf8)
    let requested = Int32(direction == .rightToLeft ? WF_HB_DIRECTION_RTL : WF_HB_DIRECTION_LTR)
    let count = utf8.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        Int(wf_hb_shape_scaled(handle, $0.baseAddress, Int32($0.count), requested, language, script, Int32(units)))
      }
    }
    return lastGlyphs(count).map { ScaledPosition(advance: $0.xAdvance, x: $0.xOffset, y: $0.yOffset) }
  }

  /// The last shaping's `count` glyphs, invisible ones left out (their `adjustment` is 0).
  private func lastGlyphs(_ count: Int) -> [Glyph] {
    var ids = [UInt32](repeating: 0, count: count)
    var clusters = [UInt32](repeating: 0, count: count)
    var advances = [Int32](repeating: 0, count: count)
    var xOffsets = [Int32](repeating: 0, count: count)
    var yOffsets = [Int32](repeating: 0, count: count)
    wf_hb_glyphs(handle, &ids, &clusters, &advances, &xOffsets, &yOffsets, UInt32(count))
    return (0..<count).filter { ids[$0] != UInt32(WF_HB_INVISIBLE_GLYPH) }.map {
      Glyph(
        id: ids[$0], cluster: Int(clusters[$0]), xAdvance: Int(advances[$0]), adjustment: 0,
        xOffset: Int(xOffsets[$0]), yOffset: Int(yOffsets[$0]))
    }
  }
}

/// A glyph's advance and offsets in 26.6 (y up) as HarfBuzz positions it when it shapes at a
/// size.
struct ScaledPosition {
  var advance: Int
  var x: Int
  var y: Int
}

/// The versions of the text libraries WordFit runs with, for reports and PNG text chunks.
public enum TextLibraries {
  /// HarfBuzz's version, for example `6.0.0`.
  public static var harfBuzzVersion: String { String(cString: wf_hb_version()) }
  /// FriBidi's version, for example `1.0.8`.
  public static var fribidiVersion: String { String(cString: wf_fribidi_version()) }
  /// FreeType's version, for example `2.12.1` (`unknown` if FreeType cannot start).
  public static var freeTypeVersion: String { (try? FreeTypeLibrary())?.version ?? "unknown" }
}
