/// The CRC-32 of ZIP, PNG and gzip (ISO 3309, polynomial 0xEDB88320, reflected), computed
/// incrementally.
///
/// ```swift
/// var crc = CRC32()
/// crc.update(Array("123456789".utf8))
/// crc.value  // 0xCBF43926
/// ```
public struct CRC32: Sendable, Hashable {
  private var state: UInt32 = 0xFFFF_FFFF

  /// A checksum of no bytes yet.
  public init() {}

  /// The checksum of `bytes`.
  ///
  /// - Complexity: O(*n*) for *n* bytes (eight bytes a step).
  public init(_ bytes: [UInt8]) {
    update(bytes)
  }

  /// The checksum of every byte given so far.
  public var value: UInt32 { state ^ 0xFFFF_FFFF }

  /// Adds `bytes` to the checksum.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// Adds the bytes of `buffer` to the checksum.
  ///
  /// - Complexity: O(*n*) for *n* bytes.
  public mutating func update(_ buffer: UnsafeRawBufferPointer) {
    guard let base = buffer.baseAddress else { return }
    var crc = state
    var index = 0
    let count = buffer.count
    Self.tables.withUnsafeBufferPointer { table in
      // Slicing by 8: one lookup in each of eight tables per byte of a 64-bit word.
      while count - index >= 8 {
        let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
        let low = UInt32(truncatingIfNeeded: word) ^ crc
        let high = UInt32(truncatingIfNeeded: word >> 32)
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < count {
        let byte = base.load(fromByteOffset: index, as: UInt8.self)
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    state = crc
  }

  /// Eight tables of 256 entries: the first is the byte-at-a-time table, table *k* advances
  /// an entry of table *k* − 1 by one more zero byte.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var crc = UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      tables[byte] = crc
    }
    for slice in 1..<8 {
      for byte in 0..<256 {
        let previous = tables[(slice - 1) * 256 + byte]
        tables[slice * 256 + byte] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return tables
  }()
}
