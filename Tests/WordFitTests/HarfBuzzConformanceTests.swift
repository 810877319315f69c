import Foundation
import Testing

@testable import WordFit
@testable import WordFitCore
@testable import WordFitText

/// WordFit's unhinted line advances agree with HarfBuzz's Python binding to the 1/64 px, for
/// GPOS-only kerning, ligatures, marks, Arabic, Hebrew, mixed directions, Devanagari and Thai.
/// The numbers come from `scripts/harfbuzz-conformance.py` (uharfbuzz, another HarfBuzz build
/// than the system's), committed here so the test needs no Python.
@Suite struct HarfBuzzConformanceTests {
  static let fonts = [
    "noto": "NotoSans-Regular-subset.ttf", "arabic": "NotoSansArabic-Regular-subset.ttf",
    "hebrew": "NotoSansHebrew-Regular-subset.ttf", "devanagari": "NotoSansDevanagari-Regular-subset.ttf",
    "thai": "NotoSansThai-Regular-subset.ttf",
  ]

  static func path(_ font: String) -> String {
    font == "dejavu" ? TestPaths.bold : TestPaths.fixtures + "/fonts/" + (fonts[font] ?? "")
  }

  @Test func advancesAgreeWithHarfBuzz() throws {
    var opened: [String: Font] = [:]
    var mismatches: [String] = []
    for entry in Self.cases {
      let font = try opened[entry.font] ?? Font(contentsOf: Self.path(entry.font))
      opened[entry.font] = font
      let shaped = font.shape(entry.text, atSize: Double(entry.units) / 64)
      let advance = Int((shaped.advance * 64).rounded())
      if advance != entry.advance {
        mismatches.append("\(entry.text) at \(entry.units): \(advance) vs \(entry.advance)")
      }
      #expect(shaped.missingCharacters.isEmpty, "\(entry.text)")
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(Self.cases.count): \(mismatches.joined(separator: "; "))")
  }

  // uharfbuzz 0.57.0
  static let cases: [(font: String, text: String, units: Int, advance: Int)] = [
    ("noto", "AVAVAVAVAV", 1088, 6344),
    ("noto", "AVAVAVAVAV", 2144, 12506),
    ("noto", "AVAVAVAVAV", 5120, 29875),
    ("noto", "Wave", 1088, 2767),
    ("noto", "Wave", 2144, 5452),
    ("noto", "Wave", 5120, 13021),
    ("noto", "Yvonne", 1088, 3785),
    ("noto", "Yvonne", 2144, 7459),
    ("noto", "Yvonne", 5120, 17813),
    ("noto", "Łukasz", 1088, 3465),
    ("noto", "Łukasz", 2144, 6831),
    ("noto", "Łukasz", 5120, 16311),
    ("noto", "Tomás", 1088, 3335),
    ("noto", "Tomás", 2144, 6574),
    ("noto", "Tomás", 5120, 15698),
    ("noto", "été", 1088, 1621),
    ("noto", "été", 2144, 3192),
    ("noto", "été", 5120, 7624),
    ("dejavu", "office", 1088, 3343),
    ("dejavu", "office", 2144, 6589),
    ("dejavu", "office", 5120, 15736),
    ("dejavu", "Aimée", 1088, 3825),
    ("dejavu", "Aimée", 2144, 7536),
    ("dejavu", "Aimée", 5120, 17999),
    ("dejavu", "exponentially", 1088, 8336),
    ("dejavu", "exponentially", 2144, 16426),
    ("dejavu", "exponentially", 5120, 39228),
    ("arabic", "محمد", 1088, 2472),
    ("arabic", "محمد", 2144, 4872),
    ("arabic", "محمد", 5120, 11632),
    ("arabic", "علي", 1088, 1674),
    ("arabic", "علي", 2144, 3299),
    ("arabic", "علي", 5120, 7879),
    ("arabic", "عبدالرحمن", 1088, 4492),
    ("arabic", "عبدالرحمن", 2144, 8851),
    ("arabic", "عبدالرحمن", 5120, 21141),
    ("hebrew", "דוד", 1088, 1507),
    ("hebrew", "דוד", 2144, 2969),
    ("hebrew", "דוד", 5120, 7091),
    ("hebrew", "לוי", 1088, 1216),
    ("hebrew", "לוי", 2144, 2396),
    ("hebrew", "לוי", 5120, 5724),
    ("dejavu", "Dr.محمد", 1088, 4513),
    ("dejavu", "Dr.محمد", 2144, 8892),
    ("dejavu", "Dr.محمد", 5120, 21241),
    ("devanagari", "नमस्ते", 1088, 2298),
    ("devanagari", "नमस्ते", 2144, 4528),
    ("devanagari", "नमस्ते", 5120, 10814),
    ("devanagari", "क्षत्रिय", 1088, 2289),
    ("devanagari", "क्षत्रिय", 2144, 4509),
    ("devanagari", "क्षत्रिय", 5120, 10767),
    ("thai", "สมศักดิ์", 1088, 3296),
    ("thai", "สมศักดิ์", 2144, 6495),
    ("thai", "สมศักดิ์", 5120, 15514),
    ("thai", "ที่นี่", 1088, 1330),
    ("thai", "ที่นี่", 2144, 2620),
    ("thai", "ที่นี่", 5120, 6257),
  ]
}
