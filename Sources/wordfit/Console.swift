import Foundation
import WordFit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writing to standard output and standard error.
enum Console {
  /// Writes a line to standard output.
  static func out(_ line: String) {
    print(line)
  }

  /// Writes a line to standard error.
  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// The command-line arguments after the program name, rejecting any that are not UTF-8.
  ///
  /// Swift's `CommandLine.arguments` silently repairs invalid bytes; WordFit refuses them instead,
  /// so a mangled name is never rendered.
  static func arguments() throws -> [String] {
    var result: [String] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw WordFitError(.invalidData, "argument \(index) is not valid UTF-8; pass text encoded as UTF-8")
      }
      result.append(text)
    }
    return result
  }
}
