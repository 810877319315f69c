import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBatch

/// The namer's byte-level checks (issue 39: the reading thread named rows through Foundation)
/// must name every row as the string functions they replace.
@Suite struct FileNamerTests {
  @Test func namesAreCleanedAsBefore() throws {
    var namer = try FileNamer(template: "{row}-{name}.PNG", columns: ["name"])
    #expect(namer.name(row: 1, text: "") { _ in "Zoë" } == "1-Zoe.png")
    #expect(namer.name(row: 2, text: "") { _ in "x.png" } == "2-x-png.png")
    var dotted = try FileNamer(template: "..-.{slug}..x...y", columns: [])
    #expect(dotted.name(row: 3, text: "Ada") { _ in nil } == "ada.x.y.png")
    var plain = try FileNamer(template: "{slug}.Svg", columns: [], fileExtension: "svg")
    #expect(plain.name(row: 4, text: "Ada") { _ in nil } == "ada.svg")
  }

  @Test func byteChecksAgreeWithStringFunctions() {
    var generator = SeededGenerator(seed: 39)
    let pieces = [
      ".", "..", "-", "p", "P", "n", "N", "g", "G", ".png", ".PNG", "é", "\u{600}", "\u{301}", "K", "\u{212A}", "a",
    ]
    for _ in 0..<5_000 {
      let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      }.joined()
      for suffix in [".png", ".svg", ".zpl", ".Png", ".k"] {
        #expect(
          FileNamer.hasSuffixIgnoringASCIICase(text, suffix) == text.lowercased().hasSuffix(suffix),
          "\(text.unicodeScalars.map(\.value)) \(suffix)")
      }
      let needs = text.contains("..") || text.hasPrefix(".") || text.hasPrefix("-")
      // The byte check may ask for cleaning the string functions would skip, never the reverse.
      #expect(!needs || FileNamer.needsCleaning(text), "\(text.unicodeScalars.map(\.value))")
    }
  }
}
