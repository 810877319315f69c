import Foundation

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

/// A streaming RFC 4180 reader: quoted fields with embedded commas, quotes (`""`) and line
/// breaks; CRLF, LF or CR line ends; a UTF-8 byte-order mark is skipped. It reads 64 KiB at a
/// time, so memory does not grow with the file.
///
/// It never throws on content: a malformed record comes back with a ``CSVRecord/problem`` and
/// reading goes on with the next line.
public final class CSVReader {
  private let handle: FileHandle
  private let ownsHandle: Bool
  private var buffer: [UInt8] = []
  private var position = 0
  private var isAtEnd = false
  private var line = 1
  private var recordIndex = 0
  private var checkedBOM = false

  /// The largest field accepted, in bytes; a longer one makes its record malformed.
  public static let maximumFieldBytes = 1 << 20

  /// Reads from `path`, or standard input for `-`.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when the file does not exist or cannot be opened.
  public init(path: String) throws {
    if path == "-" {
      handle = FileHandle.standardInput
      ownsHandle = false
      return
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
      throw WordFitError(.missingInput, "input \(path) does not exist; check the path (use - for standard input)")
    }
    guard let opened = FileHandle(forReadingAtPath: path) else {
      throw WordFitError(.missingInput, "input \(path) cannot be opened; check its permissions")
    }
    handle = opened
    ownsHandle = true
  }

  deinit {
    if ownsHandle { try? handle.close() }
  }

  private func fill() -> Bool {
    if isAtEnd { return false }
    let chunk = handle.readData(ofLength: 1 << 16)
    if chunk.isEmpty {
      isAtEnd = true
      return false
    }
    if position > 0 {
      buffer.removeFirst(position)
      position = 0
    }
    buffer.append(contentsOf: chunk)
    if !checkedBOM, buffer.count >= 3 || isAtEnd {
      checkedBOM = true
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }
    return true
  }

  private func peek() -> UInt8? {
    if position >= buffer.count, !fill() { return nil }
    if !checkedBOM {
      checkedBOM = true
      if buffer.count - position >= 3, buffer[position..<position + 3].elementsEqual([0xEF, 0xBB, 0xBF]) {
        position += 3
      }
      if position >= buffer.count, !fill() { return nil }
    }
    return buffer[position]
  }

  /// The next record, or `nil` at the end of the input. A blank line is not a record.
  ///
  /// A quote that never closes does not swallow the rest of the file: the record on its line is
  /// reported malformed and reading resumes on the next line.
  ///
  /// - Complexity: O(*n*) in the record's length.
  public func next() -> CSVRecord? {
    while true {
      guard let first = peek() else { return nil }
      // Skip blank lines between records.
      if first == 0x0A || first == 0x0D {
        consumeLineEnd()
        continue
      }
      break
    }
    let startLine = line
    var raw: [UInt8] = []
    var tracksRaw = true
    var fields: [[UInt8]] = []
    var field: [UInt8] = []
    var problem: String? = nil
    var inQuotes = false
    var fieldWasQuoted = false
    var afterClosingQuote = false
    func take(_ byte: UInt8) {
      position += 1
      if tracksRaw {
        raw.append(byte)
        if raw.count > 2 * Self.maximumFieldBytes { tracksRaw = false }
      }
    }
    while let byte = peek() {
      if inQuotes {
        take(byte)
        if byte == 0x22 {
          if peek() == 0x22 {
            take(0x22)
            field.append(0x22)
          } else {
            inQuotes = false
            afterClosingQuote = true
          }
        } else {
          if byte == 0x0A { line += 1 }
          field.append(byte)
        }
      } else if byte == 0x2C {
        take(byte)
        fields.append(field)
        field = []
        fieldWasQuoted = false
        afterClosingQuote = false
      } else if byte == 0x0A || byte == 0x0D {
        consumeLineEnd()
        break
      } else if byte == 0x22 {
        take(byte)
        if field.isEmpty && !fieldWasQuoted {
          inQuotes = true
          fieldWasQuoted = true
        } else {
          problem = problem ?? "a quote inside an unquoted field (quote the whole field and double inner quotes)"
          field.append(byte)
        }
      } else {
        take(byte)
        if afterClosingQuote {
          problem = problem ?? "text after a closing quote (double quotes inside a quoted field)"
        }
        field.append(byte)
      }
      if field.count > Self.maximumFieldBytes {
        problem = problem ?? "a field longer than \(Self.maximumFieldBytes) bytes"
        field.removeAll(keepingCapacity: true)
      }
    }
    defer { recordIndex += 1 }
    if inQuotes {
      let problem = "an unbalanced quote: the quoted field opened on line \(startLine) never closes"
      // Re-read everything after the record's first line as new records.
      if tracksRaw, let lineEnd = raw.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
        var restart = lineEnd + 1
        if raw[lineEnd] == 0x0D, restart < raw.count, raw[restart] == 0x0A { restart += 1 }
        buffer = Array(raw[restart...]) + buffer[position...]
        position = 0
        line = startLine + 1
      }
      return CSVRecord(index: recordIndex, line: startLine, fields: [], problem: problem)
    }
    fields.append(field)
    return CSVRecord(index: recordIndex, line: startLine, fields: fields, problem: problem)
  }

  private func consumeLineEnd() {
    guard let byte = peek() else { return }
    position += 1
    if byte == 0x0D, peek() == 0x0A { position += 1 }
    line += 1
  }
}
