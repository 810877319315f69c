import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

@Suite struct DiffCommandTests {
  /// Writes two grey images that differ in one pixel (100 → 200), and one of another size.
  func makeImages() throws -> String {
    let directory = try TestPaths.makeTemporaryDirectory()
    let flat = Canvas(width: 10, height: 10, format: .grey, background: Color(red: 100, green: 100, blue: 100))
    var changed = flat
    changed.composite(
      coverage: [255], maskWidth: 1, maskHeight: 1, atX: 5, y: 5, color: Color(red: 200, green: 200, blue: 200))
    try AtomicFile.write(try PNGCodec.encode(flat), to: directory + "/a.png")
    try AtomicFile.write(try PNGCodec.encode(changed), to: directory + "/b.png")
    try AtomicFile.write(
      try PNGCodec.encode(Canvas(width: 10, height: 11, format: .grey, background: .black)), to: directory + "/tall.png"
    )
    try "not a png".write(toFile: directory + "/text.png", atomically: true, encoding: .utf8)
    let good = try PNGCodec.encode(flat)
    try AtomicFile.write(Array(good.prefix(good.count - 20)), to: directory + "/truncated.png")
    return directory
  }

  @Test func identicalImagesPass() throws {
    let directory = try makeImages()
    let result = try InProcess.wordfit(["diff", "a.png", "a.png"], in: directory)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("pass: 0 of 100 pixels differ"))
  }

  @Test func onePixelDiffersWithJSONAndDiffImage() throws {
    let directory = try makeImages()
    let result = try InProcess.wordfit(["diff", "a.png", "b.png", "--json", "--diff", "d.png"], in: directory)
    #expect(result.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(json["differingPixels"] as? Int == 1)
    #expect((json["bounds"] as? [String: Int]) == ["minX": 5, "minY": 5, "maxX": 6, "maxY": 6])
    #expect((json["tolerance"] as? [String: Any])?["threshold"] as? Double == 0.1)
    let diff = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/d.png"))))
    #expect(diff.canvas.color(atX: 5, y: 5) == Color(red: 255, green: 0, blue: 0))
  }

  /// The diff image is an output like render's: WebP by its ending (the same pixels), never an
  /// SVG (a diff is pixels), never one of the images compared, and refused before comparing.
  @Test func theDiffImageIsDecidedByItsEnding() throws {
    let directory = try makeImages()
    #expect(try InProcess.wordfit(["diff", "a.png", "b.png", "--diff", "d.png"], in: directory).status == 1)
    #expect(try InProcess.wordfit(["diff", "a.png", "b.png", "--diff", "d.webp"], in: directory).status == 1)
    let webp = try Data(contentsOf: URL(fileURLWithPath: directory + "/d.webp"))
    #expect(webp.prefix(4) == Data("RIFF".utf8) && webp.dropFirst(8).prefix(4) == Data("WEBP".utf8))
    for (path, message) in [("d.svg", "a diff image is pixels"), ("b.png", "same file as the actual image")] {
      let refused = try InProcess.wordfit(["diff", "a.png", "b.png", "--diff", path], in: directory)
      #expect(refused.status == 64 && refused.standardError.contains(message), "\(refused.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory + "/d.svg"))
    let json = try InProcess.wordfit(["diff", "a.png", "b.png", "--diff", "-", "--json"], in: directory)
    #expect(json.status == 64 && json.standardError.contains("--diff - and --json both write to standard output"))
    let nowhere = try InProcess.wordfit(["diff", "a.png", "b.png", "--diff", "none/d.png", "--json"], in: directory)
    #expect(
      nowhere.status == 74 && nowhere.standardOutput.isEmpty, "refused before comparing: \(nowhere.standardError)")
  }

  @Test func maskLeavesRegionsOut() throws {
    let directory = try makeImages()
    #expect(try InProcess.wordfit(["diff", "a.png", "b.png", "--mask", "0,0,5,5"], in: directory).status == 1)
    let masked = try InProcess.wordfit(
      ["diff", "a.png", "b.png", "--mask", "0,0,5,5", "--mask", "5,5,1,1", "--diff", "d.png"], in: directory)
    #expect(masked.status == 0, "\(masked.standardError)")
    let diff = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/d.png"))))
    #expect(diff.canvas.color(atX: 5, y: 5) != Color(red: 255, green: 0, blue: 0), "hatched, not red")
    for bad in ["1,2,3", "a,b,c,d", "0,0,0,4", "-1,0,2,2"] {
      let result = try InProcess.wordfit(["diff", "a.png", "b.png", "--mask", bad], in: directory)
      #expect(result.status == 64, "--mask \(bad): \(result.standardError)")
      #expect(result.standardError.split(separator: "\n").count == 1 && result.standardError.contains("mask"))
    }
  }

  @Test func allowancesAndCaps() throws {
    let directory = try makeImages()
    #expect(try InProcess.wordfit(["diff", "a.png", "b.png", "--max-diff-pixels", "1"], in: directory).status == 0)
    #expect(
      try InProcess.wordfit(["diff", "a.png", "b.png", "--max-diff-ratio", "0.01"], in: directory).status == 0)
    #expect(
      try InProcess.wordfit(["diff", "a.png", "b.png", "--max-diff-ratio", "0.009"], in: directory).status == 1)
    #expect(
      try InProcess.wordfit(
        ["diff", "a.png", "b.png", "--max-diff-pixels", "5", "--max-channel-delta", "99"], in: directory
      ).status == 1)
    #expect(try InProcess.wordfit(["diff", "a.png", "b.png", "--threshold", "0.5"], in: directory).status == 0)
  }

  @Test(arguments: [
    (["diff", "a.png", "tall.png"], Int32(65), "different dimensions"),
    (["diff", "a.png", "text.png"], 65, "text.png is not a readable PNG"),
    (["diff", "a.png", "truncated.png"], 65, "truncated.png is not a readable PNG"),
    (["diff", "a.png", "missing.png"], 66, "missing.png does not exist"),
    (["diff", "a.png", "b.png", "--threshold", "1.5"], 64, "0 to 1"),
    (["diff", "a.png", "b.png", "--max-diff-ratio", "5"], 64, "not a percentage"),
    (["diff", "a.png"], 64, "two PNG files"),
    (["diff", "a.png", "b.png", "--diff", "/nonexistent-dir/d.png"], 74, "/nonexistent-dir"),
  ])
  func badInput(_ arguments: [String], _ status: Int32, _ mention: String) throws {
    let directory = try makeImages()
    let result = try InProcess.wordfit(arguments, in: directory)
    #expect(result.status == status, "\(result.standardError)")
    #expect(result.standardError.contains(mention), "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").count == 1)
  }
}
