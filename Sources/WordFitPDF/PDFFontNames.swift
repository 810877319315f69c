import Foundation
import WordFitCore

/// Gives the fonts cairo names `CairoFont-N-M` their own names, and the document the duplex
/// mode it is imposed for, in a finished PDF.
///
/// cairo (1.16) embeds a font whose tables do not describe the outlines it draws — a variable
/// font's instance, such as the default font — as a CFF font of those outlines named
/// `CairoFont-N-M` (N its number in the order of first use, M the subset), so a print shop's
/// preflight lists "CairoFont-0-0" where the font is Inter Display Bold. This appends to the
/// PDF an incremental update (PDF 1.7, 7.5.6) holding new versions of the font and font
/// descriptor dictionaries with the names given — `ABCDEF+CairoFont-0-0` becomes
/// `ABCDEF+InterDisplay-Bold` — and an xref section for them; the pages and the font programs
/// are not touched or read again, so the cost is one search of the file for the old names.
/// With a duplex mode the update also holds the catalog with `/ViewerPreferences << /Duplex
/// /DuplexFlipLongEdge >>` (or `…ShortEdge`), which print dialogues take as the default.
/// A file whose names, catalog or trailer are not as cairo writes them is left as it is.
enum PDFFontNames {
  /// Renames the fonts of the PDF at `path`: font number N (cairo's order of first use) takes
  /// `names[N]`. Returns how many dictionaries were renamed.
  ///
  /// - Complexity: O(*n*) in the file's bytes (one search); the update is a few hundred bytes a
  ///   font.
  @discardableResult
  static func rename(in path: String, names: [String], duplex: String? = nil) -> Int {
    guard !names.isEmpty || duplex != nil else { return 0 }
    let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return 0 }
    let size = Int(status.st_size)
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return 0 }
    defer { munmap(mapped, size) }
    let bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)
    guard let update = self.update(of: bytes, names: names, duplex: duplex) else { return 0 }
    let written = update.bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(size)) }
    guard written == update.bytes.count else {
      _ = ftruncate(descriptor, off_t(size))
      return 0
    }
    return update.objects
  }

  /// The incremental update renaming the fonts in `file`, or `nil` when there is nothing to
  /// rename or the file is not as expected.
  static func update(of file: UnsafeBufferPointer<UInt8>, names: [String], duplex: String? = nil) -> (
    bytes: [UInt8], objects: Int
  )? {
    var objects: [Int: [UInt8]] = [:]
    var search = 0
    let marker = Array("+CairoFont-".utf8)
    while let found = find(marker, in: file, from: search) {
      search = found + marker.count
      guard let object = enclosingObject(of: found, in: file), objects[object.number] == nil else { continue }
      guard let renamed = renamed(Array(file[object.range]), names: names) else { return nil }
      objects[object.number] = renamed
    }
    if let duplex {
      guard let catalog = catalog(of: file, duplex: duplex) else { return nil }
      objects[catalog.number] = catalog.text
    }
    guard !objects.isEmpty, let trailer = trailer(of: file) else { return nil }
    var update: [UInt8] = Array("\n".utf8)
    var offsets: [(number: Int, offset: Int)] = []
    for (number, text) in objects.sorted(by: { $0.key < $1.key }) {
      offsets.append((number, file.count + update.count))
      update += text + Array("\n".utf8)
    }
    let xref = file.count + update.count
    var table = "xref\n"
    for (number, offset) in offsets { table += "\(number) 1\n" + String(format: "%010d 00000 n \n", offset) }
    table += "trailer\n\(trailer.dictionary) /Prev \(trailer.previous) >>\nstartxref\n\(xref)\n%%EOF\n"
    update += Array(table.utf8)
    return (update, objects.count)
  }

  /// The document's catalog (its last `/Type /Catalog`, as cairo writes it at the end) with
  /// `/ViewerPreferences << /Duplex /D >>` added, or `nil` when it is not found or already has
  /// viewer preferences.
  private static func catalog(of file: UnsafeBufferPointer<UInt8>, duplex: String) -> (number: Int, text: [UInt8])? {
    let marker = Array("<< /Type /Catalog".utf8)
    var search = Swift.max(0, file.count - 65_536)
    var last: Int? = nil
    while let found = find(marker, in: file, from: search) {
      last = found
      search = found + marker.count
    }
    guard let last, let object = enclosingObject(of: last, in: file, checked: false) else { return nil }
    var text = Array(file[object.range])
    let body = String(decoding: text, as: UTF8.self)
    guard !body.contains("/ViewerPreferences"), let close = body.range(of: ">>", options: .backwards) else {
      return nil
    }
    let at = body.utf8.distance(from: body.startIndex, to: close.lowerBound)
    text.insert(contentsOf: Array("   /ViewerPreferences << /Duplex /\(duplex) >>\n".utf8), at: at)
    return (object.number, text)
  }

  /// The object (`N 0 obj … endobj`) around `offset`, when it is a dictionary (no stream) of at
  /// most 64 KB and (when `checked`) the name at `offset` follows `/BaseFont /` or `/FontName /`
  /// and a subset tag.
  private static func enclosingObject(of offset: Int, in file: UnsafeBufferPointer<UInt8>, checked: Bool = true) -> (
    number: Int, range: Range<Int>
  )? {
    let tagged = offset - 6
    let keys = ["/BaseFont /", "/FontName /"].map { Array($0.utf8) }
    guard !checked || keys.contains(where: { matches($0, in: file, at: tagged - $0.count) })
    else { return nil }
    let window = Swift.max(0, offset - 65_536)
    let opening = Array(" 0 obj".utf8)
    var start = offset
    while start > window, !matches(opening, in: file, at: start - opening.count) { start -= 1 }
    guard start > window else { return nil }
    var digits = start - opening.count
    while digits > 0, (0x30...0x39).contains(file[digits - 1]) { digits -= 1 }
    guard let number = Int(String(decoding: file[digits..<(start - opening.count)], as: UTF8.self)),
      digits == 0 || file[digits - 1] == 0x0A,
      let end = find(Array("endobj".utf8), in: file, from: offset), end - offset < 65_536,
      find(Array("stream".utf8), in: UnsafeBufferPointer(rebasing: file[offset..<end]), from: 0) == nil
    else { return nil }
    return (number, digits..<(end + 6))
  }

  /// `object` with each `CairoFont-N-M` replaced by `names[N]` (escaped as a PDF name), or
  /// `nil` when N has no name.
  private static func renamed(_ object: [UInt8], names: [String]) -> [UInt8]? {
    let marker = Array("CairoFont-".utf8)
    var result: [UInt8] = []
    var index = 0
    while index < object.count {
      guard index + marker.count <= object.count, Array(object[index..<(index + marker.count)]) == marker else {
        result.append(object[index])
        index += 1
        continue
      }
      var end = index + marker.count
      while end < object.count, (0x30...0x39).contains(object[end]) || object[end] == 0x2D { end += 1 }
      let numbers = String(decoding: object[(index + marker.count)..<end], as: UTF8.self).split(separator: "-")
      guard numbers.count == 2, let font = Int(numbers[0]), names.indices.contains(font) else { return nil }
      result += escaped(names[font])
      index = end
    }
    return result
  }

  /// A PostScript name as a PDF name's bytes: delimiters, `#`, and bytes outside `!`…`~` written
  /// as `#XX`; at most 100 bytes.
  static func escaped(_ name: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for byte in name.utf8.prefix(100) {
      if byte < 0x21 || byte > 0x7E || Array("()<>[]{}/%#".utf8).contains(byte) {
        bytes += Array(String(format: "#%02X", byte).utf8)
      } else {
        bytes.append(byte)
      }
    }
    return bytes
  }

  /// The file's last trailer dictionary without its closing `>>`, and its `startxref` offset.
  private static func trailer(of file: UnsafeBufferPointer<UInt8>) -> (dictionary: String, previous: Int)? {
    let tail = String(decoding: file[Swift.max(0, file.count - 4_096)...], as: UTF8.self)
    guard let trailer = tail.range(of: "trailer", options: .backwards),
      let startxref = tail.range(of: "startxref", options: .backwards), trailer.upperBound < startxref.lowerBound
    else { return nil }
    let dictionary = tail[trailer.upperBound..<startxref.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    let offset = tail[startxref.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0.isNumber }
    guard dictionary.hasPrefix("<<"), dictionary.hasSuffix(">>"), !dictionary.contains("/Prev"),
      let previous = Int(offset)
    else { return nil }
    return (String(dictionary.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines), previous)
  }

  /// Whether `needle` occurs in `file` at `offset` (`false` outside the file).
  private static func matches(_ needle: [UInt8], in file: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard let base = file.baseAddress, offset >= 0, offset + needle.count <= file.count else { return false }
    return memcmp(base + offset, needle, needle.count) == 0
  }

  /// The first offset at or after `start` where `needle` occurs in `haystack`.
  ///
  /// - Complexity: O(*n* × *m*) at worst; `memchr` finds each candidate first byte.
  private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = haystack.baseAddress, let first = needle.first else { return nil }
    var position = start
    while position + needle.count <= haystack.count {
      guard let hit = memchr(base + position, Int32(first), haystack.count - position - needle.count + 1) else {
        return nil
      }
      let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      if memcmp(base + offset, needle, needle.count) == 0 { return offset }
      position = offset + 1
    }
    return nil
  }
}
