/// The records of a ZIP of stored entries (PKWARE's APPNOTE 6.3), little-endian bytes appended
/// to ``bytes``: local and central headers with ZIP64 extra fields where a value reaches
/// `largeValue`, and the end records.
struct ZipRecords {
  /// The records so far.
  private(set) var bytes: [UInt8] = []

  /// 1980-01-01 in DOS date format (the earliest it holds), with time 00:00.
  private static let dosDate: UInt16 = (0 << 9) | (1 << 5) | 1
  /// General purpose flags: bit 11, names and comments are UTF-8.
  private static let utf8Names: UInt16 = 1 << 11
  /// Unix (upper byte 3) regular file, mode 0644, in the external attributes' upper half.
  private static let unixFile: UInt32 = (0o100644 as UInt32) << 16

  /// A local file header with its name and, for sizes of `largeValue` or more, a ZIP64 field.
  mutating func localHeader(name: [UInt8], size: UInt64, crc: UInt32, largeValue: UInt64) {
    let isLarge = size >= largeValue
    append(UInt32(0x0403_4B50))
    append(UInt16(isLarge ? 45 : 20))
    header(crc: crc, size: isLarge ? nil : size)
    append(UInt16(name.count))
    append(UInt16(isLarge ? 20 : 0))
    bytes += name
    if isLarge {
      // The local ZIP64 field holds both sizes whenever it is present.
      append(UInt16(1))
      append(UInt16(16))
      append(size)
      append(size)
    }
  }

  /// A central directory header, with a ZIP64 field for the size or offset of `largeValue` or more.
  mutating func centralHeader(name: [UInt8], size: UInt64, crc: UInt32, localOffset: UInt64, largeValue: UInt64) {
    let largeSize = size >= largeValue
    let largeOffset = localOffset >= largeValue
    let extra = (largeSize ? 16 : 0) + (largeOffset ? 8 : 0)
    let version: UInt16 = extra > 0 ? 45 : 20
    append(UInt32(0x0201_4B50))
    append(UInt16(3 << 8) | version)
    append(version)
    header(crc: crc, size: largeSize ? nil : size)
    append(UInt16(name.count))
    append(UInt16(extra > 0 ? extra + 4 : 0))
    append(UInt16(0))  // comment length
    append(UInt16(0))  // disk number start
    append(UInt16(0))  // internal attributes
    append(Self.unixFile)
    append(largeOffset ? UInt32.max : UInt32(localOffset))
    bytes += name
    guard extra > 0 else { return }
    append(UInt16(1))
    append(UInt16(extra))
    if largeSize {
      append(size)
      append(size)
    }
    if largeOffset { append(localOffset) }
  }

  /// The ZIP64 end of central directory record at `position`, and its locator.
  mutating func zip64End(entries: UInt64, directorySize: UInt64, directoryOffset: UInt64, at position: UInt64) {
    append(UInt32(0x0606_4B50))
    append(UInt64(44))  // the record's size after this field
    append(UInt16(3 << 8 | 45))
    append(UInt16(45))
    append(UInt32(0))  // this disk
    append(UInt32(0))  // the directory's disk
    append(entries)
    append(entries)
    append(directorySize)
    append(directoryOffset)
    append(UInt32(0x0706_4B50))
    append(UInt32(0))  // the disk of the ZIP64 record
    append(position)
    append(UInt32(1))  // disks
  }

  /// The end of central directory record; values too large for it are 0xFFFF… (the ZIP64
  /// record before it holds them).
  mutating func end(entries: UInt64, directorySize: UInt64, directoryOffset: UInt64, largeValue: UInt64) {
    append(UInt32(0x0605_4B50))
    append(UInt16(0))
    append(UInt16(0))
    let count = UInt16(min(entries, 0xFFFF))
    append(count)
    append(count)
    append(directorySize >= largeValue ? UInt32.max : UInt32(directorySize))
    append(directoryOffset >= largeValue ? UInt32.max : UInt32(directoryOffset))
    append(UInt16(0))  // comment length
  }

  /// Flags, method (stored), time, date, CRC and both sizes (`nil`: in the ZIP64 field).
  private mutating func header(crc: UInt32, size: UInt64?) {
    append(Self.utf8Names)
    append(UInt16(0))  // stored
    append(UInt16(0))  // 00:00
    append(Self.dosDate)
    append(crc)
    let field = size.map { UInt32($0) } ?? UInt32.max
    append(field)
    append(field)
  }

  private mutating func append<Value: FixedWidthInteger>(_ value: Value) {
    withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
  }
}
