import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitImage
@testable import WordFitLayout

/// The system font by default (issue 26 item 7): SF Compact on a watch when installed, SF Pro on
/// `WxH`, Roboto on Wear OS, else the bundled stand-in; text styles carry Apple's weights.
@Suite struct SystemFontTests {
  /// A configuration where a font named "SF Compact" is installed (a renamed Noto Sans).
  static let withSFCompact = ["FONTCONFIG_FILE": TestPaths.fixtures + "/system-font/fonts.conf"]

  func font(_ arguments: [String], environment: [String: String] = [:]) throws -> (name: String, record: String) {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try InProcess.wordfit(
      ["render", "Ada Lovelace", "-o", "a.png", "--json"] + arguments, in: directory, environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/a.png"))))
    return (json["font"] as? String ?? "", png.text(forKey: "WordFit-Font") ?? "")
  }

  @Test func theSystemFontIsSFCompactOnAWatchWhenInstalled() throws {
    #expect(try font([], environment: Self.withSFCompact).name == "SF Compact Regular")
    #expect(try font(["--font", "system"], environment: Self.withSFCompact).name == "SF Compact Regular")
    // SF Pro (WxH) is not installed there: the stand-in draws; Wear OS draws the bundled Roboto.
    #expect(try font(["--canvas", "390x844"], environment: Self.withSFCompact).name.hasPrefix("Inter Display"))
    #expect(try font(["--canvas", "wear-small"], environment: Self.withSFCompact).name == "Roboto Bold")
    // Roboto's faces: the nearest weight, as CSS matches one; the bundled stand-in for variations
    // is Inter's variable file (Roboto's faces have no axes).
    #expect(try font(["--canvas", "wear-small", "--weight", "semibold"]).name == "Roboto Bold")
    #expect(try font(["--canvas", "wear-small", "--weight", "200"]).name == "Roboto Thin")
    #expect(try font(["--canvas", "wear-small", "--style", "body"]).name == "Roboto Regular")
    #expect(SystemFont.roboto.standInFileName(weight: .bold, variations: ["wght": 650]) == "InterDisplay-Variable.ttf")
    #expect(SystemFont.roboto.standInFileName(weight: FontWeight(value: 800)) == "Roboto-Black.ttf")
    #expect(SystemFont.sfCompact.standInFileName(weight: .bold) == "InterDisplay-Bold.ttf")
    // The old default by name.
    #expect(try font(["--font", "dejavu"], environment: Self.withSFCompact).name == "DejaVu Sans Bold")
  }

  @Test func withoutSFTheStandInDrawsInTheStylesWeight() throws {
    // The standard weights draw with the stand-in's static instances (issue 41, item 6) …
    let largeTitle = try font([])
    #expect(largeTitle.record.hasPrefix("Inter Display Bold; Version"), "\(largeTitle)")
    #expect(
      try font(["--style", "headline"]).record.hasPrefix("Inter Display Semi Bold;"), "watchOS headline is semibold")
    #expect(try font(["--style", "body"]).record.hasPrefix("Inter Display Regular;"))
    #expect(
      try font(["--style", "headline", "--weight", "light"]).record.hasPrefix("Inter Display Light;"), "weight wins")
    // … a weight between them, or any variation, with the variable font it is made from.
    #expect(try font(["--weight", "650"]).record.hasSuffix("wght=650"))
    #expect(try font(["--variations", "wght=700"]).record.hasSuffix("wght=700"))
    #expect(try font(["--font", "dejavu", "--weight", "regular"]).name == "DejaVu Sans Book")
  }

  @Test func textStylesCarryApplesWeights() {
    #expect(TextStyle.largeTitle.weight == .bold)
    #expect(TextStyle.headline.weight == .semibold)
    #expect(TextStyle.allCases.filter { $0.weight == .regular }.count == TextStyle.allCases.count - 2)
    #expect(LayoutFields.words.effectiveWeight == .bold && LayoutFields.stack.effectiveWeight == .regular)
    var fields = LayoutFields.words
    fields.style = .headline
    #expect(fields.effectiveWeight == .semibold)
  }

  /// `wordfit strings` names the font each string was laid out in.
  @Test func stringsReportsNameTheFont() throws {
    let catalog = TestPaths.fixtures + "/strings/Localizable.xcstrings"
    let standIn = try InProcess.wordfit(["strings", catalog, "--canvases", "45mm", "--categories", "large"])
    #expect(standIn.standardOutput.contains("font Inter Display"), "\(standIn.standardOutput)")
    let sf = try InProcess.wordfit(
      ["strings", catalog, "--canvases", "45mm", "--categories", "large", "--languages", "en"],
      environment: Self.withSFCompact)
    #expect(sf.standardOutput.contains("font SF Compact"), "\(sf.standardOutput)")
  }
}
