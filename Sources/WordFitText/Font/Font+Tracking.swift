import CFreeType
import WordFitCore

extension Font {
  /// The normal track (track value 0) of the font's AAT `trak` table, horizontal, as tracking by
  /// point size at `pixelsPerPoint`; `nil` when the font has no such table or it is malformed
  /// (read with every offset and count checked: a font file is input).
  ///
  /// - Complexity: O(*t* × *s*) in the table's tracks and sizes (at most 64 KB are read).
  public func trackingTable(pixelsPerPoint: Double) -> TrackingTable? {
    let tag = UInt(0x7472_616B)  // "trak"
    let length = Int(wf_ft_table_length(face, tag))
    guard length >= 12, length <= 65_536 else { return nil }
    var bytes = [UInt8](repeating: 0, count: length)
    guard wf_ft_table_bytes(face, tag, 0, &bytes, UInt(length)) == 0 else { return nil }
    guard let entries = Self.normalTrack(in: bytes, unitsPerEm: unitsPerEm) else { return nil }
    return TrackingTable(entries: entries, pixelsPerPoint: pixelsPerPoint, source: "trak")
  }

  /// The sizes and values of the track whose value is 0 in a `trak` table's horizontal data, the
  /// values in ems (FUnits ÷ units per em).
  static func normalTrack(in bytes: [UInt8], unitsPerEm: Int) -> [(points: Double, perEm: Double)]? {
    func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
    func u32(_ at: Int) -> Int? {
      guard let high = u16(at), let low = u16(at + 2) else { return nil }
      return high << 16 | low
    }
    func fixed(_ at: Int) -> Double? { u32(at).map { Double(Int32(bitPattern: UInt32($0))) / 65_536 } }
    guard unitsPerEm > 0, u16(4) == 0, let data = u16(6), data > 0, let tracks = u16(data),
      let sizes = u16(data + 2), let sizeTable = u32(data + 4), sizes > 0, sizes <= 256, tracks <= 256
    else { return nil }
    for track in 0..<tracks {
      let entry = data + 8 + track * 8
      guard let value = fixed(entry), let offset = u16(entry + 6) else { return nil }
      guard value == 0 else { continue }
      var result: [(points: Double, perEm: Double)] = []
      for index in 0..<sizes {
        guard let points = fixed(sizeTable + index * 4), let units = u16(offset + index * 2), points > 0 else {
          return nil
        }
        result.append((points, Double(Int16(truncatingIfNeeded: units)) / Double(unitsPerEm)))
      }
      return result
    }
    return nil
  }
}
