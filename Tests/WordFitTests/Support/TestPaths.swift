import Foundation

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// Paths the tests use: the package root, its fonts and fixtures, the built `wordfit` binary.
enum TestPaths {
  /// The package root (two folders above this file's folder). First use also points fontconfig
  /// at the private configuration of committed fonts (Fixtures/fonts/fonts.conf), for this
  /// process and every `wordfit` it starts, before anything asks fontconfig for a font.
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: "\(#filePath)")
    for _ in 0..<4 { url.deleteLastPathComponent() }
    setenv("FONTCONFIG_FILE", url.path + "/Fixtures/fonts/fonts.conf", 1)
    return url.path
  }()

  /// The private fontconfig configuration: only the committed fonts.
  static let fontconfigFile = fixtures + "/fonts/fonts.conf"

  static let fonts = packageRoot + "/Fonts"
  static let bold = fonts + "/DejaVuSans-Bold.ttf"
  static let regular = fonts + "/DejaVuSans.ttf"
  static let fixtures = packageRoot + "/Fixtures"
  static let artifacts = packageRoot + "/.test-artifacts"

  /// The `wordfit` executable built beside the test bundle.
  static var executable: String {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("wordfit").path,
      Bundle.main.bundleURL.appendingPathComponent("wordfit").path,
      packageRoot + "/.build/debug/wordfit",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
  }

  /// One folder for everything a test run writes, removed when the test process exits.
  static let temporaryRoot: String = {
    let path = NSTemporaryDirectory() + "wordfit-tests-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: TestPaths.temporaryRoot) }
    return path
  }()

  /// A fresh empty temporary folder inside ``temporaryRoot``.
  static func makeTemporaryDirectory() throws -> String {
    let path = temporaryRoot + "/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A fresh temporary folder holding `files` (name → UTF-8 contents).
  static func makeTemporaryDirectory(with files: [String: String]) throws -> String {
    let directory = try makeTemporaryDirectory()
    for (name, contents) in files {
      try contents.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }
    return directory
  }
}
