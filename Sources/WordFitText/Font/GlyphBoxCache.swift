/// Glyph boxes by glyph, size and phase, in a direct-mapped table: each key has one slot, found
/// by a multiplicative hash of the packed key, and a new box replaces whatever the slot held. A
/// miss only costs measuring the glyph again (the same box), so the table never changes a result;
/// it trades Dictionary's hashing, probing and periodic clearing for one multiply and one compare
/// on the path every measured glyph takes. ``capacity`` slots (about 80 bytes each), allocated on
/// first use.
struct GlyphBoxCache {
  /// Slots in the table (a power of two).
  static let capacity = 8_192
  private static let shift = UInt64(64 - 13)

  private var keys: [UInt64] = []
  private var boxes: [GlyphBox] = []

  /// The box stored for `key`, if its slot holds it.
  ///
  /// - Complexity: O(1).
  func box(for key: GlyphKey) -> GlyphBox? {
    guard !keys.isEmpty, Self.fits(key) else { return nil }
    let packed = Self.pack(key)
    let slot = Self.slot(packed)
    return keys[slot] == packed ? boxes[slot] : nil
  }

  /// Stores `box` for `key`, replacing its slot's box.
  ///
  /// - Complexity: O(1) (O(``capacity``) the first time).
  mutating func store(_ box: GlyphBox, for key: GlyphKey) {
    guard Self.fits(key) else { return }
    if keys.isEmpty {
      keys = Array(repeating: UInt64.max, count: Self.capacity)
      boxes = Array(repeating: GlyphBox(advance26_6: 0, ink: nil), count: Self.capacity)
    }
    let packed = Self.pack(key)
    let slot = Self.slot(packed)
    keys[slot] = packed
    boxes[slot] = box
  }

  /// Whether the key packs into one word without loss (sizes up to 16 million px; others are
  /// never cached).
  private static func fits(_ key: GlyphKey) -> Bool { key.units >= 0 && key.units < 1 << 30 && key.phase < 4 }

  /// The key in one word: the glyph (32 bits), the size (30 bits of 1/64 px) and the phase (2
  /// bits). `UInt64.max` is never a key (its size would be 2³⁰ − 1 with phase 3 and glyph
  /// 2³² − 1, which no font has), so it marks an empty slot.
  private static func pack(_ key: GlyphKey) -> UInt64 {
    UInt64(key.glyph) << 32 | UInt64(UInt32(bitPattern: key.units) & 0x3FFF_FFFF) << 2 | UInt64(key.phase & 3)
  }

  private static func slot(_ packed: UInt64) -> Int {
    Int(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}
