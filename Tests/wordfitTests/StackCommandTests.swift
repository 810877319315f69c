import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

@Suite struct StackCommandTests {
  @Test func rendersLabelsWithJSONGeometry() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      [
        "stack", "-l", "Hello, World!", "-l", "Cat", "-l", "School", "--style-preset", "plain", "--fill",
        "green,red,blue",
        "--align", "trailing", "--json", "-o", "s.png",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let boxes = try #require(json["boxes"] as? [[String: Any]])
    let frames = boxes.compactMap { $0["frame"] as? [String: Int] }
    #expect(Set(frames.map { $0["maxX"]! - $0["minX"]! }).count == 1, "equal widths")
    #expect(frames.allSatisfy { $0["maxX"] == 396 - 8 }, "trailing")
    let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/s.png"))))
    let frame = frames[1]
    // The middle of the red box is the dark-appearance system red.
    #expect(
      png.canvas.color(atX: frame["minX"]! + 2, y: frame["minY"]! + 2) == Color(red: 0xFF, green: 0x45, blue: 0x3A))
  }

  // Issue 41 item 5: `stack --edge-button` checks every label against one Wear OS button and
  // says which it cuts; the summary, the JSON and the refusals.
  @Test func edgeButtonLabelsAreCheckedAndTheCutOnesNamed() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let labels = ["-l", "Start", "-l", "Battery optimisation enabled now"]
    let result = try InProcess.wordfit(
      ["stack"] + labels + ["--edge-button", "56", "--canvas", "wear-small", "-o", "e.png"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.contains(
        "1 of 2 labels fit the 56 dp edge button at 30 px); cut: \"Battery optimisation enabled now\""),
      "\(result.standardOutput)")
    let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/e.png"))))
    #expect(png.canvas.width == 2 * 384 + 16 && png.text(forKey: "WordFit-Edge-Button") == "56")
    let json = try InProcess.wordfit(
      ["stack"] + labels + ["--edge-button", "56", "--canvas", "wear-small", "-o", "j.png", "--json"], in: directory)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let rows = try #require(report["labels"] as? [[String: Any]])
    #expect(rows.compactMap { $0["truncated"] as? Bool } == [false, true] && report["edgeButton"] as? Int == 56)
    let svg = try InProcess.wordfit(
      ["stack"] + labels + ["--edge-button", "56", "--canvas", "wear-small", "-o", "e.svg"], in: directory)
    #expect(svg.status == 64 && svg.standardError.contains("writes a PNG"), "\(svg.standardError)")
    let square = try InProcess.wordfit(["stack"] + labels + ["--edge-button", "56", "-o", "s.png"], in: directory)
    #expect(square.status == 64 && square.standardError.contains("round"), "\(square.standardError)")
  }

  @Test func labelsFromAFileAndStandardInput() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try "Alpha\n\nBeta\r\nGamma\n".write(toFile: directory + "/l.txt", atomically: true, encoding: .utf8)
    let file = try InProcess.wordfit(["stack", "--labels", "l.txt", "-o", "f.png", "--json"], in: directory)
    #expect(file.status == 0, "\(file.standardError)")
    #expect(file.standardOutput.components(separatedBy: "\"label\"").count - 1 == 3)
    let input = try InProcess.wordfit(
      ["stack", "--labels", "-", "-o", "i.png"], in: directory, input: "One\nTwo\n")
    #expect(input.status == 0)
    #expect(input.standardOutput.contains("2 boxes"))
  }

  @Test func clampedRadiusIsReported() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      ["stack", "-l", "A", "--radius", "500", "--json", "-o", "r.png"], in: directory)
    #expect(result.status == 0)
    #expect(result.standardError.contains("clamped"))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(json["cornerRadius"] as? Double == Double(json["boxHeight"] as! Int) / 2)
  }

  @Test func specFileRendersLikeTheFixture() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let spec = TestPaths.fixtures + "/stack/seed004-plain-equal-trailing-45mm.json"
    let result = try InProcess.wordfit(["stack", "--spec", spec, "-o", "x.png"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let diff = try InProcess.wordfit(
      [
        "diff", TestPaths.fixtures + "/stack/seed004-plain-equal-trailing-45mm.png", "x.png", "--threshold", "0",
        "--include-aa",
      ],
      in: directory)
    #expect(diff.status == 0, "\(diff.standardOutput)")
  }

  static let failures: [(arguments: [String], status: Int32, mention: String)] = [
    (["stack"], 64, "no labels"),
    (["stack", "-l", "A", "-l", "  "], 64, "label 2 is empty"),
    (["stack", "-l", "A", "--fill", "green,mauve"], 64, "--fill 'mauve' is not one of #RRGGBB"),
    (["stack", "-l", "A", "--width", "wide"], 64, "equal, fill, ideal"),
    (["stack", "-l", "A", "--box-shape", "blob"], 64, "--box-shape 'blob' is not one of capsule, rounded, rectangle"),
    (
      ["stack", "-l", "A", "--shape", "capsule"], 64,
      "--shape 'capsule' is a box shape; the screen's shape is rect, circle or rounded:R — give box shapes as --box-shape"
    ),
    (["render", "A", "--font-scale", "1.3"], 64, "--font-scale 1.3 is out of range; use 0.94…1.24"),
    (["stack", "-l", "A", "--padding", "1,2,3"], 64, "--padding"),
    (["stack", "-l", "A", "--labels", "x.txt"], 64, "not both"),
    (["stack", "--labels", "/nonexistent/labels.txt"], 66, "/nonexistent/labels.txt"),
    (["stack", "--labels", "empty.txt"], 65, "no labels"),
    (["stack", "--labels", "latin1.txt"], 65, "not valid UTF-8"),
    (["stack", "--spec", "unknown-key.json"], 65, "unknown key 'colour'"),
    (["stack", "--spec", "wrong-type.json"], 65, "key 'spacing' must be a whole number"),
    (["stack", "--spec", "broken.json"], 65, "not valid JSON"),
    (["stack", "--spec", "bad-choice.json"], 65, "key 'width' must be one of equal, fill, ideal"),
  ]

  @Test(arguments: failures)
  func badInput(_ failure: (arguments: [String], status: Int32, mention: String)) throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try "\n\n".write(toFile: directory + "/empty.txt", atomically: true, encoding: .utf8)
    try Data([0x43, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: directory + "/latin1.txt"))
    try #"{"labels": ["A"], "colour": "red"}"#.write(
      toFile: directory + "/unknown-key.json", atomically: true, encoding: .utf8)
    try #"{"labels": ["A"], "spacing": "wide"}"#.write(
      toFile: directory + "/wrong-type.json", atomically: true, encoding: .utf8)
    try #"{"labels": ["A"],"#.write(toFile: directory + "/broken.json", atomically: true, encoding: .utf8)
    try #"{"labels": ["A"], "width": "wide"}"#.write(
      toFile: directory + "/bad-choice.json", atomically: true, encoding: .utf8)
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
    let result = try InProcess.wordfit(failure.arguments, in: directory)
    #expect(result.status == failure.status, "\(result.standardError)")
    #expect(result.standardError.contains(failure.mention), "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == before, "nothing written")
  }
}
