import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// `wordfit render` end to end: exit codes, messages, and that nothing is written on failure.
@Suite struct RenderCommandTests {
  @Test func rendersTheSeedNamedFromItsText() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(["render", "Aimée Bethany Charles"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("wrote aimee-bethany-charles.png (396x484, 80 px"))
    let png = try PNGCodec.decode(
      [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/aimee-bethany-charles.png"))))
    #expect(png.canvas.width == 396 && png.canvas.height == 484)
    #expect(png.text(forKey: "WordFit-Size") == "80")
    // The system font: SF Compact is not installed here, so its bundled stand-in's Bold instance.
    #expect(png.text(forKey: "WordFit-Font")?.hasPrefix("Inter Display Bold; Version") == true)
  }

  @Test func bundledFontIsFoundFromAnotherDirectory() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      ["render", "Foo", "-o", "foo.png"], in: directory, environment: ["WORDFIT_FONT_DIR": ""])
    #expect(result.status == 0, "\(result.standardError)")
  }

  @Test func jsonReportsTheFit() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      ["render", "Value exponentially increasing", "--canvas", "38mm", "--json", "-o", "v.png"], in: directory)
    #expect(result.status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(json["limit"] as? String == "width")
    #expect(json["limitingWord"] as? String == "exponentially")
    #expect((json["lines"] as? [Any])?.count == 3)
    let size = try #require(json["size"] as? Double)
    #expect(size > 30 && size < 64)
  }

  /// `--tracking` and `--kerning` (issue 41): the JSON names where the tracking comes from and
  /// each line's tracking in px; a bad value is a usage error naming the flag.
  @Test func trackingIsParsedAndReported() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "render", "Value exponentially increasing", "--canvas", "38mm", "--tracking", "auto", "--kerning", "0.5",
        "--json", "-o", "v.png",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect((json["tracking"] as? String)?.hasPrefix("SF Compact") == true)
    let lines = try #require(json["lines"] as? [[String: Any]])
    #expect(lines.allSatisfy { ($0["tracking"] as? Double).map { $0 < 0.5 && $0 > -3 } ?? false }, "\(lines)")
    let plain = try InProcess.wordfit(
      ["render", "Value exponentially increasing", "--canvas", "38mm", "--json", "-o", "p.png"], in: directory)
    #expect(!plain.standardOutput.contains("\"tracking\""), "no tracking, no key")
    let bad = try InProcess.wordfit(["render", "Ada", "--tracking", "wide", "-o", "b.png"], in: directory)
    #expect(bad.status == 64 && bad.standardError.contains("--tracking"), "\(bad.standardError)")
  }

  @Test func jsonNamesDroppedWords() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      ["render", "a b c d e f g h i j k l m n o p", "--canvas", "38mm", "--min-scale", "1", "--json", "-o", "t.png"],
      in: directory)
    #expect(result.status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let lines = try #require(json["lines"] as? [Any])
    let truncated = try #require(json["truncatedWords"] as? [String])
    #expect(truncated.last == "p", "every dropped word is listed")
    #expect(lines.count + truncated.count - 1 == 16, "kept lines, the one ending in …, and the dropped ones add up")
  }

  @Test func readsTextFromStandardInput() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(["render", "-", "-o", "in.png"], in: directory, input: "Foo\nBar\n")
    #expect(result.status == 0, "\(result.standardError)")
  }

  @Test func specFileWithOverrides() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try #"{"text": "Foo Bar", "canvas": "41mm"}"#.write(
      toFile: directory + "/s.json", atomically: true, encoding: .utf8)
    let result = try InProcess.wordfit(
      ["render", "--spec", "s.json", "--canvas", "38mm", "-o", "s.png", "--json"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("\"width\" : 272"))
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var mentions: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let failures: [Failure] = [
    Failure(arguments: ["render", "Foo", "--frobnicate"], status: 64, mentions: "--frobnicate"),
    Failure(arguments: ["render", "Foo", "--canvs", "45mm"], status: 64, mentions: "did you mean '--canvas'"),
    Failure(arguments: ["render", "Foo", "--canvas", "47mm"], status: 64, mentions: "45mm"),
    Failure(arguments: ["render", "Foo", "--canvas", "0x0"], status: 64, mentions: "1…16384"),
    Failure(arguments: ["render", "Foo", "--canvas", "20000x100"], status: 64, mentions: "16384"),
    Failure(arguments: ["render", "   "], status: 64, mentions: "empty"),
    Failure(arguments: ["render", ""], status: 64, mentions: "no text"),
    Failure(arguments: ["render", "Foo", "--insets", "-3"], status: 64, mentions: "insets"),
    Failure(arguments: ["render", "Foo", "--insets", "300"], status: 64, mentions: "no room"),
    Failure(arguments: ["render", "Foo", "--min-scale", "0"], status: 64, mentions: "(0, 1]"),
    Failure(arguments: ["render", "Foo", "--min-scale", "1.5"], status: 64, mentions: "(0, 1]"),
    Failure(arguments: ["render", "Foo", "--style", "huge"], status: 64, mentions: "largeTitle"),
    Failure(arguments: ["render", "Foo", "--fg", "chartreuse"], status: 64, mentions: "#RRGGBB"),
    Failure(arguments: ["render", "Foo", "--max-size"], status: 64, mentions: "needs a value"),
    Failure(arguments: ["render", "Foo", "--font", "/nonexistent/x.ttf"], status: 66, mentions: "/nonexistent/x.ttf"),
    Failure(arguments: ["render", "--text-file", "/nonexistent/t.txt"], status: 66, mentions: "/nonexistent/t.txt"),
    Failure(
      arguments: ["render", "Foo", "--spec", "/nonexistent/s.json"], status: 66, mentions: "/nonexistent/s.json"),
    Failure(
      arguments: ["render", "Value exponentially", "--canvas", "38mm", "--min-scale", "0.9", "--overflow", "fail"],
      status: 65,
      mentions: "exponentially"),
    Failure(arguments: ["render", "Foo", "-o", "/nonexistent-dir/out.png"], status: 74, mentions: "/nonexistent-dir"),
    Failure(arguments: ["frobnicate"], status: 64, mentions: "unknown command"),
  ]

  @Test(arguments: failures)
  func badInputGivesOneClearLineAndItsStatus(_ failure: Failure) throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(failure.arguments, in: directory)
    #expect(result.status == failure.status, "\(result.standardError)")
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(result.standardError)")
    #expect(result.standardError.hasPrefix("wordfit: error: "))
    #expect(result.standardError.contains(failure.mentions), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "nothing written")
  }

  @Test func textFileAsFontIsDataError() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try "not a font".write(toFile: directory + "/font.ttf", atomically: true, encoding: .utf8)
    let result = try InProcess.wordfit(["render", "Foo", "--font", "font.ttf", "-o", "x.png"], in: directory)
    #expect(result.status == 65)
    #expect(result.standardError.contains("font.ttf"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/x.png"))
  }

  @Test func invalidUTF8IsDataError() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    // a child process: an argument of invalid UTF-8, which a Swift string cannot carry.
    let argument = try CommandRunner.shell(#"exec "$WORDFIT" render "$(printf 'Ab\377c')" -o x.png"#, in: directory)
    #expect(argument.status == 65)
    #expect(argument.standardError.contains("UTF-8"))
    try Data([0x41, 0xFF, 0x42]).write(to: URL(fileURLWithPath: directory + "/t.txt"))
    let file = try InProcess.wordfit(["render", "--text-file", "t.txt", "-o", "x.png"], in: directory)
    #expect(file.status == 65)
    #expect(file.standardError.contains("t.txt is not valid UTF-8"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/x.png"))
  }

  @Test func unwritableOutputKeepsTheOldFileWhole() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let first = try InProcess.wordfit(["render", "Foo", "-o", "out.png"], in: directory)
    #expect(first.status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/out.png"))
    // A directory in the way of the output name is an I/O error, and the folder is untouched.
    try FileManager.default.createDirectory(atPath: directory + "/dir.png", withIntermediateDirectories: false)
    let second = try InProcess.wordfit(["render", "Foo", "-o", "dir.png"], in: directory)
    #expect(second.status == 74)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/out.png")) == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
  }

  @Test func specialFilesAreRefusedAndSymlinksFollowed() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    // A device is written into, never replaced (issue 38, 24: -o /dev/null discards the PNG).
    let device = try InProcess.wordfit(["render", "Foo", "-o", "/dev/null"], in: directory)
    #expect(device.status == 0, "\(device.standardError)")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR, "/dev/null is untouched")
    try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/link.png", withDestinationPath: directory + "/real/target.png")
    let linked = try InProcess.wordfit(["render", "Foo", "-o", "link.png"], in: directory)
    #expect(linked.status == 0, "\(linked.standardError)")
    #expect(FileManager.default.fileExists(atPath: directory + "/real/target.png"))
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.png")) != nil,
      "the link stays a link")
  }

  @Test func outputGetsTheUsualPermissions() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    // a child process: the process's own umask decides the file's permissions.
    let result = try CommandRunner.shell(#"umask 022 && exec "$WORDFIT" render Foo -o foo.png"#, in: directory)
    #expect(result.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/foo.png")
    #expect((attributes[.posixPermissions] as? Int) == 0o644, "0666 less the umask, as any new file")
  }

  @Test func helpAndVersion() throws {
    let help = try InProcess.wordfit(["render", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("--min-scale"))
    let version = try InProcess.wordfit(["--version"])
    #expect(version.standardOutput.hasPrefix("wordfit \(wordFitVersion) ("), "\(version.standardOutput)")
    #expect(version.standardOutput.contains("FreeType 2.") && version.standardOutput.contains("HarfBuzz "))
    #expect(version.standardOutput.contains("fontconfig 2.") && version.standardOutput.contains("libdeflate 1."))
    // The manual page comes from the same declarations as --help: every command, every option.
    let man = try InProcess.wordfit(["help", "--man"])
    #expect(man.status == 0 && man.standardOutput.hasPrefix(".TH WORDFIT 1"))
    for command in ["render", "stack", "batch", "preview", "fonts", "presets", "diff", "check"] {
      #expect(man.standardOutput.contains(".SS \(command)"), "\(command)")
    }
    for option in ["\\-\\-dynamic\\-type", "\\-\\-fallback", "\\-\\-fail\\-on", "\\-\\-manifest"] {
      #expect(man.standardOutput.contains(option), "\(option)")
    }
    let presets = try InProcess.wordfit(["presets"])
    #expect(presets.standardOutput.contains("396x484"))
    #expect(presets.standardOutput.contains("49mm-ultra3"))
  }
}
