import Foundation
import Testing
import WordFitCore
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitLayout

/// The layout fields are declared once (issue 23): specs of both kinds and badge template
/// regions read the same keys with the same decoder and the same path rules.
@Suite struct LayoutFieldsTests {
  /// A value other than the default for every layout key, as JSON.
  static let samples: [String: String] = [
    "layout": #""wrap""#, "lineLimit": "2", "truncation": #""middle""#, "balance": "true", "hyphenation": #""auto""#,
    "lineBreak": #""loose""#, "wordBreak": #""phrase""#, "lineHeight": #""multiple:1.25""#, "leading": #""loose""#,
    "trim": #""cap-alphabetic""#, "hangPunctuation": "true",
    "overlongWords": #""truncate""#, "tracking": #""auto""#, "kerning": "-0.5", "tightening": "0.05", "widthAxis": "80",
    "arc": #""bottom""#, "sweep": "90", "edgeButton": "70",
    "minLegible": "10",
    "canvas": #""41mm""#, "font": #""fonts/x.ttf""#, "faceIndex": "2", "weight": #""black""#,
    "hinting": #""light""#, "direction": #""rtl""#, "fallback": #""fonts/heb.ttf,Noto Sans""#,
    "language": #""sr""#, "strictFont": "true", "variations": #""wght=650""#, "missingGlyphs": #""fail""#,
    "style": #""title3""#, "dynamicType": #""xLarge""#, "maxSize": "31.5", "minScale": "0.5",
    "overflow": #""clip""#, "align": #""trailing""#, "valign": #""bottom""#, "insets": "[1, 2]",
    "fg": "\"#102030\"", "bg": #""red""#, "appearance": #""light""#, "shape": #""rounded:24""#, "fontScale": "1.12",
  ]

  /// `fields` as a JSON object, for comparing one key.
  func object(_ fields: LayoutFields) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(fields)) as? [String: Any])
  }

  @Test func everyLayoutKeyHasASample() {
    #expect(Set(Self.samples.keys) == Set(LayoutFields.keys), "add a sample for a new layout key")
  }

  @Test func specsAndRegionsReadEveryLayoutKeyAlike() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    for (key, value) in Self.samples.sorted(by: { $0.key < $1.key }) where key != "canvas" {
      let spec = try RenderSpec.decodeForTest(#"{"text": "x", "\#(key)": \#(value)}"#)
      let stack = try JSONDecoder().decode(StackSpec.self, from: Data(#"{"labels": ["x"], "\#(key)": \#(value)}"#.utf8))
      let template =
        #"{"width": 200, "height": 100, "regions": [{"box": [0, 0, 200, 100], "text": "x", "\#(key)": \#(value)}]}"#
      let region = try BadgeTemplate.decode(Data(template.utf8), folder: folder).regions[0].layout
      var specFields = spec.fields
      specFields.resolvePaths(inFolder: folder)
      let expected = try #require(try object(specFields)[key] as? NSObject, "\(key)")
      #expect(try object(region.fields)[key] as? NSObject == expected, "\(key): region and spec differ")
      #expect(try object(stack.fields)[key] as? NSObject == (try object(spec.fields)[key] as? NSObject), "\(key)")
      #expect(spec.fields != LayoutFields.words, "\(key) was read")
      #expect(stack.fields != LayoutFields.stack, "\(key) was read by the stack spec")
    }
  }

  /// A stack balances its wrapped titles at the common size: the same size and lines count,
  /// "Turn on Always On / display" becomes "Turn on Always / On display".
  @Test func aStackBalancesItsWrappedTitles() throws {
    var spec = StackSpec(labels: ["Turn on Always On display", "Cancel"])
    (spec.canvas, spec.layout, spec.lineLimit, spec.maxSize) = ("45mm", .wrap, 2, 30)
    let greedy = try StackRenderer().render(spec).layout
    spec.fields.balance = true
    let balanced = try StackRenderer().render(spec).layout
    #expect(greedy.boxes[0].lines.map(\.text) == ["Turn on Always On", "display"])
    #expect(balanced.boxes[0].lines.map(\.text) == ["Turn on Always", "On display"])
    #expect(balanced.size == greedy.size)
    #expect(balanced.boxes[1].lines.map(\.text) == greedy.boxes[1].lines.map(\.text))
  }

  /// A stack's wrapped titles hyphenate as a text does, only where the common size grows:
  /// "Rechtsschutzversicherung kündigen" on 41mm (title2, two lines) takes 25.6 px whole, more
  /// with German hyphenation; "Start workout" stays whole.
  @Test func aStackHyphenatesItsWrappedTitles() throws {
    var spec = StackSpec(labels: ["Start workout", "Rechtsschutzversicherung kündigen", "Cancel"])
    (spec.canvas, spec.layout, spec.lineLimit) = ("41mm", .wrap, 2)
    spec.fields.style = .title2
    let whole = try StackRenderer().render(spec).layout
    (spec.fields.hyphenation, spec.fields.language) = (.auto, "de")
    let hyphenated = try StackRenderer().render(spec).layout
    #expect(whole.limit == .width && hyphenated.size > whole.size + 5, "\(hyphenated.size) against \(whole.size)")
    #expect(hyphenated.boxes[1].lines.first?.text.hasSuffix("-") == true)
    #expect(hyphenated.boxes[0].lines.map(\.text) == ["Start workout"])
  }

  @Test func aRegionRefusesCanvasAndTolerance() {
    for (key, value) in [("canvas", #""41mm""#), ("tolerance", #"{"threshold": 0.2}"#)] {
      let template =
        #"{"width": 200, "height": 100, "regions": [{"box": [0, 0, 200, 100], "text": "x", "\#(key)": \#(value)}]}"#
      #expect(throws: WordFitError.self, "\(key)") { try BadgeTemplate.decode(Data(template.utf8)) }
    }
  }

  @Test func eachLayoutStartsFromItsOwnDefaults() throws {
    #expect(try RenderSpec.decodeForTest(#"{"text": "x"}"#).fields == .words)
    #expect(try JSONDecoder().decode(StackSpec.self, from: Data(#"{"labels": ["x"]}"#.utf8)).fields == .stack)
    let template = #"{"width": 200, "height": 100, "regions": [{"box": [0, 0, 200, 100], "text": "x"}]}"#
    var region = try BadgeTemplate.decode(Data(template.utf8)).regions[0].layout.fields
    #expect(region.canvas == "200x100", "a region's canvas is its box")
    region.canvas = LayoutFields.badgeRegion.canvas
    #expect(region == .badgeRegion)
  }

  @Test func aSpecRoundTripsThroughOneFlatObject() throws {
    var spec = RenderSpec(text: "Hello")
    spec.maxSize = 40
    spec.fallback = "none"
    spec.spacing = 3
    let data = try JSONEncoder().encode(spec)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["maxSize"] as? Double == 40 && object["text"] as? String == "Hello", "flat, not nested")
    #expect(try JSONDecoder().decode(RenderSpec.self, from: data) == spec)
  }
}

extension RenderSpec {
  static func decodeForTest(_ json: String) throws -> RenderSpec {
    try JSONDecoder().decode(RenderSpec.self, from: Data(json.utf8))
  }
}
