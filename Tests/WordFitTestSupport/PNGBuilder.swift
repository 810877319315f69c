/// Builds PNG files byte by byte (stored deflate blocks, no compression), for colour types and
/// bit depths WordFit itself never writes: 16-bit, palettes, 1-bit grey.
public enum PNGBuilder {
  /// A PNG of `rows` (filter bytes included) with the given header fields and extra chunks before IDAT.
  public static func make(
    width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]], extraChunks: [(String, [UInt8])] = []
  ) -> [UInt8] {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let header = be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0]
    png += chunk("IHDR", header)
    for (type, data) in extraChunks { png += chunk(type, data) }
    var raw: [UInt8] = []
    for row in rows { raw += [0] + row }
    png += chunk("IDAT", zlibStored(raw))
    png += chunk("IEND", [])
    return png
  }

  /// An Adam7-interlaced 8-bit grey PNG of `pixels` (row by row).
  public static func interlacedGrey(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    var raw: [UInt8] = []
    for (x0, y0, dx, dy) in passes {
      let columns = Array(stride(from: x0, to: width, by: dx))
      guard !columns.isEmpty else { continue }
      for y in stride(from: y0, to: height, by: dy) {
        raw.append(0)
        for x in columns { raw.append(pixels[y * width + x]) }
      }
    }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", be32(width) + be32(height) + [8, 0, 0, 0, 1])
    png += chunk("IDAT", zlibStored(raw))
    png += chunk("IEND", [])
    return png
  }

  /// `value` as four big-endian bytes.
  public static func be32(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 255), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)]
  }

  /// A chunk: length, type, data, CRC.
  public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return be32(data.count) + typed + be32(Int(crc32(typed)))
  }

  /// The CRC-32 PNG chunks carry.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// `data` as a zlib stream of stored (uncompressed) blocks.
  public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let length = Swift.min(65535, data.count - offset)
      let final: UInt8 = offset + length == data.count ? 1 : 0
      out += [final, UInt8(length & 255), UInt8(length >> 8), UInt8(~length & 255), UInt8((~length >> 8) & 255)]
      out += data[offset..<offset + length]
      offset += length
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + be32(Int(b << 16 | a))
  }
}
