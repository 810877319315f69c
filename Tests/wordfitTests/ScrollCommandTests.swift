import Foundation
import Testing
import WordFitTestSupport

/// `wordfit stack --scroll K`: the list at K scroll positions, its report, its refusals.
@Suite struct ScrollCommandTests {
  static let labels = ["Battery saver and power options", "A", "B", "C", "D", "E", "F"].flatMap { ["-l", $0] }

  @Test func theListIsWrittenWithEveryItemAtEveryPositionAndTheCutLabelNamed() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      ["stack"] + Self.labels + [
        "--canvas", "wear-small", "--width", "fill", "--max-size", "40", "--scroll", "5", "--json", "-o", "list.png",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let positions = try #require(json["positions"] as? [[String: Any]])
    #expect(positions.count == 5 && json["width"] as? Int == 5 * 384 + 4 * 16)
    #expect(positions.allSatisfy { ($0["items"] as? [[String: Any]])?.count == 7 })
    let problems = try #require(json["problems"] as? [[String: Any]])
    #expect(problems.count == 1 && problems[0]["problem"] as? String == "cut-by-screen")
    #expect(problems[0]["positions"] as? [Int] == [1])
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    // Without --json, the summary names the label and the position as people count them.
    let plain = try InProcess.wordfit(
      ["stack"] + Self.labels + ["--canvas", "wear-small", "--width", "fill", "--max-size", "40", "--scroll", "5"],
      in: directory)
    #expect(plain.status == 0)
    #expect(
      plain.standardOutput.contains("cut by the round screen: \"Battery saver and power options\" at position 2"),
      "\(plain.standardOutput)")
    #expect(
      FileManager.default.fileExists(atPath: directory + "/battery-saver-and-power-options-a-b-c-d-e-f-scroll.png"))
  }

  @Test(arguments: [
    (["--canvas", "45mm", "--scroll", "3"], "round screen"),
    (["--canvas", "wear-small", "--scroll", "0"], "--scroll 0 is out of range; use 1…24"),
    (["--canvas", "wear-small", "--reduce-motion"], "--scroll"),
    (["--canvas", "wear-small", "--scroll", "3", "-o", "list.svg"], "PNG or a WebP"),
  ])
  func whatAListCannotBeIsAUsageError(arguments: [String], says: String) throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(["stack", "-l", "A", "-l", "B"] + arguments, in: directory)
    #expect(result.status == 64 && result.standardError.contains(says), "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }
}
