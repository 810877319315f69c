import Foundation
import WordFitCore
import WordFitImage
import WordFitText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One record of a CSV file, as raw bytes per field.
public struct CSVRecord: Sendable {
  /// The record's position among all records, from 0 (the header, when there is one, is 0).
  public var index: Int
  /// The line the record starts on, from 1.
  public var line: Int
  /// The fields' bytes, unquoted (`""` inside quotes becomes `"`).
  public var fields: [[UInt8]]
  /// Why the record is malformed (an unbalanced quote, a quote inside an unquoted field), or `nil`.
  public var problem: String?

  /// The field at `index` as UTF-8 text, or `nil` when it is missing or not valid UTF-8.
  public func text(at index: Int) -> String? {
    guard fields.indices.contains(index) else { return nil }
    return String(validating: fields[index], as: UTF8.self)
  }
}

/// A streaming RFC 4180 reader: quoted fields with embedded delimiters, quotes (`""`) and line
/// breaks; CRLF, LF or CR line ends; a UTF-8 byte-order mark is skipped. It reads 64 KiB at a
/// time, so memory does not grow with the file, and reads pipes and FIFOs as well as files.
///
/// It never throws on content: a malformed record comes back with a ``CSVRecord/problem`` and
/// reading goes on with the next line. The buffer is indexed in one place only, behind the loop
/// that refills it, so no input can make it read out of range.
public final class CSVReader {
  /// Where the bytes come from: a file descriptor, or bytes in memory.
  private enum Source {
    case descriptor(Int32, owned: Bool)
    case memory
  }

  private let source: Source
  private var buffer: [UInt8] = []
  private var position = 0
  private var isAtEnd = false
  private var hasCheckedBOM = false
  private var line = 1
  private var recordIndex = 0

  /// Whether a line without quotes is split whole rather than read byte by byte (both give the
  /// same records; tests turn it off to compare them).
  var splitsUnquotedLines = true

  /// Called before a read that would wait for a stream's next bytes (none has arrived yet), so
  /// the caller can first finish what it holds: rows piped in one at a time are answered one
  /// at a time instead of when the stream ends.
  public var beforeWaiting: (() -> Void)? = nil

  /// The field separator: a comma unless said otherwise or detected.
  public private(set) var delimiter: UInt8

  /// The largest field accepted, in bytes; a longer one makes its record malformed.
  public static let maximumFieldBytes = 1 << 20

  /// Reads from `path`, or standard input for `-`; pipes and FIFOs are read as streams.
  ///
  /// - Parameters:
  ///   - path: the CSV file, or `-` for standard input.
  ///   - delimiter: the field separator (`,` `;` or TAB), or `nil` to detect it from the first
  ///     line: a comma, unless that line has no comma but has semicolons or tabs.
  /// - Throws: ``WordFitError`` `.missingInput` when the file does not exist, cannot be opened
  ///   or is a directory.
  public init(path: String, delimiter: UInt8? = 0x2C) throws {
    if path == "-" {
      source = .descriptor(STDIN_FILENO, owned: false)
    } else {
      source = .descriptor(try InputFile.open(path, role: "input", expecting: .stream).descriptor, owned: true)
    }
    self.delimiter = delimiter ?? 0x2C
    if delimiter == nil { self.delimiter = detectDelimiter() }
  }

  /// Reads `bytes` (for tests, fuzzing, and callers that already hold the data).
  public init(bytes: [UInt8], delimiter: UInt8? = 0x2C) {
    source = .memory
    buffer = bytes
    isAtEnd = true
    self.delimiter = delimiter ?? 0x2C
    if delimiter == nil { self.delimiter = detectDelimiter() }
  }

  deinit {
    if case .descriptor(let descriptor, owned: true) = source { close(descriptor) }
  }

  /// Appends the next chunk of input to the buffer; false at the end of the input.
  private func fill() -> Bool {
    guard !isAtEnd, case .descriptor(let descriptor, _) = source else { return false }
    if let beforeWaiting, !Self.hasBytesWaiting(descriptor) { beforeWaiting() }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var count = 0
    repeat {
      count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    } while count < 0 && errno == EINTR
    guard count > 0 else {
      isAtEnd = true
      return false
    }
    if position > 0 {
      buffer.removeFirst(position)
      position = 0
    }
    buffer.append(contentsOf: chunk[0..<count])
    return true
  }

  /// Whether a read of `descriptor` would return at once (bytes, the end, or an error): always
  /// for a regular file, for a pipe when its writer has written or closed it.
  private static func hasBytesWaiting(_ descriptor: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) != 0
  }

  /// The byte at the read position, refilling as needed; `nil` at the end of the input. The
  /// only place the buffer is indexed.
  private func peek() -> UInt8? {
    if !hasCheckedBOM { skipByteOrderMark() }
    while position >= buffer.count {
      guard fill() else { return nil }
    }
    return buffer[position]
  }

  /// Removes a leading UTF-8 byte-order mark from the buffer, once, after reading enough bytes
  /// to tell.
  private func skipByteOrderMark() {
    hasCheckedBOM = true
    while buffer.count - position < 3, fill() {}
    if buffer[position...].starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeSubrange(position..<position + 3) }
  }

  /// The delimiter the first line suggests: a comma, unless it has none but has semicolons or
  /// tabs (what spreadsheets in many locales export).
  private func detectDelimiter() -> UInt8 {
    if !hasCheckedBOM { skipByteOrderMark() }
    while !buffer[position...].contains(where: { $0 == 0x0A || $0 == 0x0D }), buffer.count < 1 << 20, fill() {}
    let firstLine = buffer[position...].prefix { $0 != 0x0A && $0 != 0x0D }
    func count(_ byte: UInt8) -> Int { firstLine.reduce(0) { $0 + ($1 == byte ? 1 : 0) } }
    let (commas, semicolons, tabs) = (count(0x2C), count(0x3B), count(0x09))
    if commas > 0 || (semicolons == 0 && tabs == 0) { return 0x2C }
    return semicolons >= tabs ? 0x3B : 0x09
  }

  /// The next record, or `nil` at the end of the input. A blank line is not a record.
  ///
  /// A quote that never closes does not swallow the rest of the file: the record on its line is
  /// reported malformed and reading resumes on the next line.
  ///
  /// - Complexity: O(*n*) in the record's length.
  public func next() -> CSVRecord? {
    guard skipBlankLines() else { return nil }
    defer { recordIndex += 1 }
    let startLine = line
    if let fields = unquotedLine() {
      return CSVRecord(index: recordIndex, line: startLine, fields: fields, problem: nil)
    }
    var record = RecordState()
    while let byte = peek() {
      if !record.inQuotes, byte == 0x0A || byte == 0x0D {
        consumeLineEnd()
        break
      }
      take(byte, into: &record)
      if record.inQuotes, byte == 0x22, peek() == 0x22 {
        // A doubled quote inside quotes is one quote of the field.
        take(0x22, into: &record)
        record.append(0x22)
        continue
      }
      if record.inQuotes, byte == 0x0A { line += 1 }
      record.consume(byte, isDelimiter: byte == delimiter)
    }
    if record.inQuotes {
      // Re-read everything after the record's first line as new records.
      if let raw = record.raw, let lineEnd = raw.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
        var restart = lineEnd + 1
        if raw[lineEnd] == 0x0D, restart < raw.count, raw[restart] == 0x0A { restart += 1 }
        buffer = Array(raw[restart...]) + buffer[position...]
        position = 0
        line = startLine + 1
      }
      return CSVRecord(
        index: recordIndex, line: startLine, fields: [],
        problem: "an unbalanced quote: the quoted field opened on line \(startLine) never closes")
    }
    record.fields.append(record.field)
    return CSVRecord(index: recordIndex, line: startLine, fields: record.fields, problem: record.problem)
  }

  /// The fields of the record at the read position, moving past it and its line end, when the
  /// buffer holds the whole line and it has no quote and no field over the limit (most lines
  /// of most files): a split at the delimiter, which is what reading it byte by byte gives.
  /// `nil`, having moved nothing, for any other line.
  ///
  /// - Complexity: O(*n*) in the line's length.
  private func unquotedLine() -> [[UInt8]]? {
    guard let end = unquotedLineEnd() else { return nil }
    let (start, delimiter) = (position, self.delimiter)
    let fields = buffer.withUnsafeBufferPointer { bytes -> [[UInt8]]? in
      var fields: [[UInt8]] = []
      var fieldStart = start
      for index in start...end where index == end || bytes[index] == delimiter {
        guard index - fieldStart <= Self.maximumFieldBytes else { return nil }
        fields.append(Array(UnsafeBufferPointer(rebasing: bytes[fieldStart..<index])))
        fieldStart = index + 1
      }
      return fields
    }
    guard let fields else { return nil }
    moveAfterLine(ending: end)
    return fields
  }

  /// Where the line at the read position ends (its first CR or LF), when the buffer holds the
  /// whole line and it has no quote; `nil` otherwise. A line the buffer does not end (its end
  /// is still to be read, or a CR whose LF may be) is read byte by byte, as is the last line
  /// when the input ends without a line break.
  private func unquotedLineEnd() -> Int? {
    guard splitsUnquotedLines, delimiter != 0x22, delimiter != 0x0A, delimiter != 0x0D else { return nil }
    let start = position
    let end = buffer.withUnsafeBufferPointer { bytes -> Int? in
      var index = start
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D { return index }
        if byte == 0x22 { return nil }
        index += 1
      }
      return nil
    }
    guard let end, end + 1 < buffer.count || (isAtEnd && buffer[end] == 0x0A) else { return nil }
    return end
  }

  /// Moves past the line that ends at `end` (a CR, an LF or a CR LF).
  private func moveAfterLine(ending end: Int) {
    position = end + (buffer[end] == 0x0D && buffer[end + 1] == 0x0A ? 2 : 1)
    line += 1
  }

  /// Moves past the next record without keeping it; false at the end of the input. Records
  /// are counted as ``next()`` returns them.
  ///
  /// - Complexity: O(*n*) in the record's length.
  public func skip() -> Bool {
    guard skipBlankLines() else { return false }
    // A field over the limit makes no difference to counting: a record is a record.
    if let end = unquotedLineEnd() {
      moveAfterLine(ending: end)
      recordIndex += 1
      return true
    }
    return next() != nil
  }

  /// Skips blank lines between records; false at the end of the input.
  private func skipBlankLines() -> Bool {
    while let first = peek() {
      guard first == 0x0A || first == 0x0D else { return true }
      consumeLineEnd()
    }
    return false
  }

  /// Moves past `byte`, keeping the record's raw bytes for recovery from an unbalanced quote.
  private func take(_ byte: UInt8, into record: inout RecordState) {
    position += 1
    record.keep(byte)
  }

  /// One record being read: its fields, the field in progress and the quoting state.
  private struct RecordState {
    var fields: [[UInt8]] = []
    var field: [UInt8] = []
    var problem: String? = nil
    var inQuotes = false
    var fieldWasQuoted = false
    var afterClosingQuote = false
    /// The record's bytes as read (`nil` once longer than twice the field limit).
    var raw: [UInt8]? = []

    mutating func keep(_ byte: UInt8) {
      raw?.append(byte)
      if let count = raw?.count, count > 2 * CSVReader.maximumFieldBytes { raw = nil }
    }

    /// Applies one byte (not a line end outside quotes, nor the second quote of a pair).
    mutating func consume(_ byte: UInt8, isDelimiter: Bool) {
      if inQuotes {
        if byte == 0x22 {
          inQuotes = false
          afterClosingQuote = true
        } else {
          append(byte)
        }
      } else if isDelimiter {
        fields.append(field)
        field = []
        fieldWasQuoted = false
        afterClosingQuote = false
      } else if byte == 0x22, field.isEmpty, !fieldWasQuoted {
        inQuotes = true
        fieldWasQuoted = true
      } else {
        if byte == 0x22 {
          problem = problem ?? "a quote inside an unquoted field (quote the whole field and double inner quotes)"
        } else if afterClosingQuote {
          problem = problem ?? "text after a closing quote (double quotes inside a quoted field)"
        }
        append(byte)
      }
    }

    /// Appends a byte to the field; a field over the limit makes the record malformed.
    mutating func append(_ byte: UInt8) {
      field.append(byte)
      if field.count > CSVReader.maximumFieldBytes {
        problem = problem ?? "a field longer than \(CSVReader.maximumFieldBytes) bytes"
        field.removeAll(keepingCapacity: true)
      }
    }
  }

  private func consumeLineEnd() {
    guard let byte = peek() else { return }
    position += 1
    if byte == 0x0D, peek() == 0x0A { position += 1 }
    line += 1
  }
}
