import Foundation
import WordFitCore

/// Paths the tests use: the package root, its fonts and fixtures, the built `wordfit` binary.
public enum TestPaths {
  /// The package root (two folders above this file). First use also points fontconfig
  /// at the private configuration of committed fonts (Fixtures/fonts/fonts.conf), for this
  /// process and every `wordfit` it starts, before anything asks fontconfig for a font.
  public static let packageRoot: String = {
    var url = URL(fileURLWithPath: "\(#filePath)")
    for _ in 0..<3 { url.deleteLastPathComponent() }
    setenv("FONTCONFIG_FILE", url.path + "/Fixtures/fonts/fonts.conf", 1)
    return url.path
  }()

  /// The private fontconfig configuration: only the committed fonts.
  public static let fontconfigFile = fixtures + "/fonts/fonts.conf"

  /// The bundled fonts folder.
  public static let fonts = packageRoot + "/Fonts"
  /// The bundled DejaVu Sans Bold.
  public static let bold = fonts + "/DejaVuSans-Bold.ttf"
  /// The bundled DejaVu Sans.
  public static let regular = fonts + "/DejaVuSans.ttf"
  /// The fixtures folder: specs, goldens, test fonts.
  public static let fixtures = packageRoot + "/Fixtures"
  /// Where failing golden tests leave their actual and diff images.
  public static let artifacts = packageRoot + "/.test-artifacts"

  /// The `wordfit` executable built beside the test bundle.
  public static var executable: String {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("wordfit").path,
      Bundle.main.bundleURL.appendingPathComponent("wordfit").path,
      packageRoot + "/.build/debug/wordfit",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
  }

  /// One folder for everything a test run writes, removed when the test process exits.
  public static let temporaryRoot: String = {
    let path = NSTemporaryDirectory() + "wordfit-tests-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: TestPaths.temporaryRoot) }
    return path
  }()

  /// A fresh empty temporary folder inside ``temporaryRoot``.
  public static func makeTemporaryDirectory() throws -> String {
    let path = temporaryRoot + "/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A fresh temporary folder holding `files` (name → UTF-8 contents).
  public static func makeTemporaryDirectory(with files: [String: String]) throws -> String {
    let directory = try makeTemporaryDirectory()
    for (name, contents) in files {
      try contents.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }
    return directory
  }
}
