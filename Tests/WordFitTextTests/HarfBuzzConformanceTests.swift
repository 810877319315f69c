import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// WordFit's unhinted line advances agree with HarfBuzz's Python binding to the 1/64 px, for
/// GPOS-only kerning, ligatures, marks, Arabic, Hebrew, mixed directions, Devanagari and Thai,
/// for the default font (the stand-in's static instances, Bold and Regular) and for the variable
/// stand-in it is made from (wght 700 and 400, what `--variation` draws).
/// The numbers come from `scripts/harfbuzz-conformance.py` (the system's HarfBuzz, which WordFit
/// links, checked against uharfbuzz's newer build), committed here so the test needs no Python.
@Suite struct HarfBuzzConformanceTests {
  static let fonts = [
    "noto": "NotoSans-Regular-subset.ttf", "arabic": "NotoSansArabic-Regular-subset.ttf",
    "hebrew": "NotoSansHebrew-Regular-subset.ttf", "devanagari": "NotoSansDevanagari-Regular-subset.ttf",
    "thai": "NotoSansThai-Regular-subset.ttf",
  ]

  static func path(_ font: String) -> String {
    switch font {
    case "dejavu": TestPaths.bold
    case "inter", "inter-regular": TestPaths.fonts + "/InterDisplay-Variable.ttf"
    case "inter-bold": TestPaths.fonts + "/InterDisplay-Bold.ttf"
    case "inter-static-regular": TestPaths.fonts + "/InterDisplay-Regular.ttf"
    default: TestPaths.fixtures + "/fonts/" + (fonts[font] ?? "")
    }
  }

  /// The variable stand-in at the weight WordFit draws it, and at Regular.
  static let variations: [String: [String: Double]] = ["inter": ["wght": 700], "inter-regular": ["wght": 400]]

  @Test func advancesAgreeWithHarfBuzz() throws {
    var opened: [String: Font] = [:]
    var mismatches: [String] = []
    for entry in Self.cases {
      let font =
        try opened[entry.font]
        ?? Font(contentsOf: Self.path(entry.font), variations: Self.variations[entry.font] ?? [:])
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

  // Issue 22 item 21: glyphs with offsets (marks) land where HarfBuzz places them when it
  // shapes at the size, every anchor rounded on its own (uharfbuzz 0.57.0, numbers from
  // scripts/harfbuzz-mark-offsets.py): whole pixel, quarter-pixel phase and y of each glyph.
  @Test func markPlacementsAgreeWithHarfBuzzAtEachSize() throws {
    var opened: [String: Font] = [:]
    var mismatches: [String] = []
    for entry in Self.markCases {
      let font = try opened[entry.font] ?? Font(contentsOf: Self.path(entry.font))
      opened[entry.font] = font
      let glyphs = font.shape(entry.text, atSize: Double(entry.units) / 64).glyphs
      let placed = glyphs.map { [$0.x, $0.phase, $0.y] }
      if placed != entry.placed.map({ [$0.0, $0.1, $0.2] }) {
        mismatches.append("\(entry.text) at \(entry.units): \(placed) vs \(entry.placed)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(Self.markCases.count): \(mismatches.joined(separator: "; "))")
  }

  static let markCases: [(font: String, text: String, units: Int, placed: [(Int, Int, Int)])] = [
    ("thai", "ที่นี่", 778, [(0, 0, 0), (7, 1, 0), (7, 1, 0), (7, 2, 0), (14, 3, 0), (14, 3, 0)]),
    ("thai", "ที่นี่", 1042, [(0, 0, 0), (9, 3, 0), (9, 3, 0), (10, 0, 0), (20, 0, 0), (20, 0, 0)]),
    ("thai", "ที่นี่", 1088, [(0, 0, 0), (10, 1, 0), (10, 1, 0), (10, 1, 0), (20, 3, 0), (20, 3, 0)]),
    ("thai", "ที่นี่", 1147, [(0, 0, 0), (10, 3, 0), (10, 3, 0), (11, 0, 0), (22, 0, 0), (22, 0, 0)]),
    ("thai", "ที่นี่", 2144, [(0, 0, 0), (20, 1, 0), (20, 1, 0), (20, 2, 0), (41, 0, 0), (41, 0, 0)]),
    ("thai", "ที่นี่", 5120, [(0, 0, 0), (48, 2, 0), (48, 2, 0), (48, 3, 0), (97, 3, 0), (97, 3, 0)]),
    ("thai", "กิ่งไม้", 787, [(0, 0, 0), (7, 1, 0), (7, 1, 1), (7, 2, 0), (14, 0, 0), (17, 3, 0), (25, 2, 0)]),
    ("thai", "กิ่งไม้", 949, [(0, 0, 0), (9, 0, 0), (9, 0, 1), (9, 0, 0), (16, 3, 0), (21, 1, 0), (30, 2, 0)]),
    ("thai", "กิ่งไม้", 1066, [(0, 0, 0), (10, 0, 0), (10, 0, 1), (10, 0, 0), (19, 0, 0), (24, 0, 0), (34, 1, 0)]),
    ("thai", "กิ่งไม้", 1088, [(0, 0, 0), (10, 1, 0), (10, 1, 1), (10, 1, 0), (19, 1, 0), (24, 2, 0), (35, 0, 0)]),
    ("thai", "กิ่งไม้", 2144, [(0, 0, 0), (20, 0, 0), (20, 0, 2), (20, 0, 0), (38, 0, 0), (48, 1, 0), (69, 0, 0)]),
    ("thai", "กิ่งไม้", 5120, [(0, 0, 0), (47, 3, 0), (47, 3, 5), (48, 0, 0), (91, 0, 0), (115, 1, 0), (165, 0, 0)]),
    ("thai", "น้ำ", 1088, [(0, 0, 0), (10, 2, 0), (10, 0, 0), (10, 2, 0)]),
    ("thai", "น้ำ", 2144, [(0, 0, 0), (20, 2, 0), (19, 2, 0), (20, 2, 0)]),
    ("thai", "น้ำ", 4177, [(0, 0, 0), (40, 0, 0), (38, 1, 0), (40, 0, 0)]),
    ("thai", "น้ำ", 5120, [(0, 0, 0), (49, 0, 0), (46, 3, 0), (49, 0, 0)]),
    (
      "thai", "สวัสดีครับ", 745,
      [
        (0, 0, 0), (6, 3, 0), (12, 2, 0), (12, 2, 0), (19, 0, 0), (26, 1, 0), (26, 1, 0), (33, 1, 0), (39, 2, 0),
        (39, 0, 0),
      ]
    ),
    (
      "thai", "สวัสดีครับ", 871,
      [
        (0, 0, 0), (7, 3, 0), (14, 2, 0), (14, 2, 0), (22, 1, 0), (30, 3, 0), (30, 3, 0), (39, 0, 0), (46, 1, 0),
        (45, 3, 0),
      ]
    ),
    (
      "thai", "สวัสดีครับ", 886,
      [
        (0, 0, 0), (8, 0, 0), (15, 0, 0), (14, 3, 0), (22, 3, 0), (31, 1, 0), (31, 1, 0), (39, 3, 0), (47, 1, 0),
        (46, 2, 0),
      ]
    ),
    (
      "thai", "สวัสดีครับ", 1088,
      [
        (0, 0, 0), (9, 3, 0), (18, 1, 0), (18, 0, 0), (27, 3, 0), (38, 1, 0), (38, 1, 0), (48, 3, 0), (57, 3, 0),
        (57, 0, 0),
      ]
    ),
    (
      "thai", "สวัสดีครับ", 2144,
      [
        (0, 0, 0), (19, 1, 0), (36, 0, 0), (35, 3, 0), (54, 3, 0), (75, 2, 0), (75, 2, 0), (96, 0, 0), (114, 0, 0),
        (112, 1, 0),
      ]
    ),
    (
      "thai", "สวัสดีครับ", 5120,
      [
        (0, 0, 0), (45, 3, 0), (86, 0, 0), (85, 1, 0), (131, 0, 0), (180, 1, 0), (180, 1, 0), (229, 1, 0), (272, 1, 0),
        (268, 1, 0),
      ]
    ),
    ("thai", "ผู้ใหญ่", 751, [(0, 0, 0), (7, 2, 0), (7, 2, 0), (7, 2, 0), (11, 0, 0), (18, 0, 0), (28, 2, 0)]),
    ("thai", "ผู้ใหญ่", 1088, [(0, 0, 0), (11, 0, 0), (11, 0, 0), (11, 0, 0), (16, 0, 0), (26, 0, 0), (41, 1, 0)]),
    ("thai", "ผู้ใหญ่", 1195, [(0, 0, 0), (12, 1, 0), (12, 1, 0), (12, 0, 0), (17, 2, 0), (28, 2, 0), (45, 2, 0)]),
    ("thai", "ผู้ใหญ่", 1417, [(0, 0, 0), (14, 2, 0), (14, 2, 0), (14, 1, 0), (20, 3, 0), (33, 3, 0), (54, 0, 0)]),
    ("thai", "ผู้ใหญ่", 2144, [(0, 0, 0), (21, 3, 0), (21, 3, 0), (21, 3, 0), (31, 2, 0), (51, 0, 0), (81, 2, 0)]),
    ("thai", "ผู้ใหญ่", 5120, [(0, 0, 0), (52, 0, 0), (52, 0, 0), (51, 3, 0), (75, 0, 0), (122, 0, 0), (194, 3, 0)]),
    ("devanagari", "हिन्दी", 1088, [(0, 0, 0), (4, 2, 0), (13, 2, 0), (18, 3, 0), (27, 2, 0)]),
    ("devanagari", "हिन्दी", 2144, [(0, 0, 0), (8, 3, 0), (26, 2, 0), (36, 3, 0), (54, 1, 0)]),
    ("devanagari", "हिन्दी", 5120, [(0, 0, 0), (20, 3, 0), (63, 1, 0), (88, 0, 0), (129, 2, 0)]),
    ("devanagari", "क्षत्रिय", 1088, [(0, 0, 0), (12, 0, 0), (16, 2, 0), (26, 0, 0)]),
    ("devanagari", "क्षत्रिय", 2144, [(0, 0, 0), (23, 3, 0), (32, 2, 0), (51, 0, 0)]),
    ("devanagari", "क्षत्रिय", 5120, [(0, 0, 0), (57, 0, 0), (77, 3, 0), (121, 3, 0)]),
    ("arabic", "مُحَمَّد", 1088, [(0, 0, 0), (11, 1, 2), (9, 0, 0), (18, 3, 2), (19, 0, 0), (32, 0, 2), (29, 3, 0)]),
    ("arabic", "مُحَمَّد", 2144, [(0, 0, 0), (22, 0, 3), (17, 3, 0), (37, 0, 4), (37, 1, 0), (63, 0, 3), (58, 2, 0)]),
    ("arabic", "مُحَمَّد", 5050, [(0, 0, 0), (52, 0, 8), (42, 0, 0), (87, 1, 8), (87, 2, 0), (148, 1, 8), (137, 3, 0)]),
    ("arabic", "مُحَمَّد", 5120, [(0, 0, 0), (52, 3, 8), (42, 2, 0), (88, 1, 8), (88, 3, 0), (150, 1, 8), (139, 3, 0)]),
    ("arabic", "السَّلَام", 1088, [(0, 0, 0), (12, 3, -4), (8, 1, 0), (22, 3, 2), (18, 2, 0), (33, 0, 0), (37, 1, 0)]),
    ("arabic", "السَّلَام", 2144, [(0, 0, 0), (25, 0, -9), (16, 1, 0), (45, 0, 4), (36, 1, 0), (64, 3, 0), (73, 2, 0)]),
    (
      "arabic", "السَّلَام", 4075, [(0, 0, 0), (47, 2, -16), (30, 3, 0), (85, 1, 8), (69, 0, 0), (123, 0, 0), (139, 3, 0)]
    ),
    (
      "arabic", "السَّلَام", 4225, [(0, 0, 0), (49, 1, -17), (32, 0, 0), (88, 2, 8), (71, 2, 0), (127, 2, 0), (144, 3, 0)]
    ),
    (
      "arabic", "السَّلَام", 5120,
      [(0, 0, 0), (59, 2, -20), (38, 3, 0), (107, 1, 10), (86, 3, 0), (154, 3, 0), (175, 2, 0)]
    ),
  ]

  // system HarfBuzz 6.0.0; uharfbuzz 0.57.0 (HarfBuzz 15.0.0)
  static let cases: [(font: String, text: String, units: Int, advance: Int)] = [
    ("noto", "AVAVAVAVAV", 1088, 6344),
    ("noto", "AVAVAVAVAV", 2144, 12506),
    ("noto", "AVAVAVAVAV", 4772, 27841),
    ("noto", "AVAVAVAVAV", 5120, 29875),
    ("noto", "Wave", 1088, 2767),
    ("noto", "Wave", 2144, 5452),
    ("noto", "Wave", 4772, 12135),
    ("noto", "Wave", 5120, 13021),
    ("noto", "Yvonne", 1088, 3785),
    ("noto", "Yvonne", 2144, 7459),
    ("noto", "Yvonne", 4772, 16601),
    ("noto", "Yvonne", 5120, 17813),
    ("noto", "Łukasz", 1088, 3465),
    ("noto", "Łukasz", 2144, 6831),
    ("noto", "Łukasz", 4772, 15204),
    ("noto", "Łukasz", 5120, 16311),
    ("noto", "Tomás", 1088, 3335),
    ("noto", "Tomás", 2144, 6574),
    ("noto", "Tomás", 4772, 14631),
    ("noto", "Tomás", 5120, 15698),
    ("noto", "été", 1088, 1621),
    ("noto", "été", 2144, 3192),
    ("noto", "été", 4772, 7105),
    ("noto", "été", 5120, 7624),
    ("dejavu", "office", 1088, 3343),
    ("dejavu", "office", 2144, 6589),
    ("dejavu", "office", 4772, 14665),
    ("dejavu", "office", 5120, 15736),
    ("dejavu", "Aimée", 1088, 3825),
    ("dejavu", "Aimée", 2144, 7536),
    ("dejavu", "Aimée", 4772, 16773),
    ("dejavu", "Aimée", 5120, 17999),
    ("dejavu", "exponentially", 1088, 8336),
    ("dejavu", "exponentially", 2144, 16426),
    ("dejavu", "exponentially", 4772, 36558),
    ("dejavu", "exponentially", 5120, 39228),
    ("arabic", "محمد", 1088, 2472),
    ("arabic", "محمد", 2144, 4872),
    ("arabic", "محمد", 4772, 10842),
    ("arabic", "محمد", 5120, 11632),
    ("arabic", "علي", 1088, 1674),
    ("arabic", "علي", 2144, 3299),
    ("arabic", "علي", 4772, 7344),
    ("arabic", "علي", 5120, 7879),
    ("arabic", "عبدالرحمن", 1088, 4492),
    ("arabic", "عبدالرحمن", 2144, 8851),
    ("arabic", "عبدالرحمن", 4772, 19705),
    ("arabic", "عبدالرحمن", 5120, 21141),
    ("hebrew", "דוד", 1088, 1507),
    ("hebrew", "דוד", 2144, 2969),
    ("hebrew", "דוד", 4772, 6608),
    ("hebrew", "דוד", 5120, 7091),
    ("hebrew", "לוי", 1088, 1216),
    ("hebrew", "לוי", 2144, 2396),
    ("hebrew", "לוי", 4772, 5335),
    ("hebrew", "לוי", 5120, 5724),
    ("dejavu", "Dr.محمد", 1088, 4513),
    ("dejavu", "Dr.محمد", 2144, 8892),
    ("dejavu", "Dr.محمد", 4772, 19796),
    ("dejavu", "Dr.محمد", 5120, 21241),
    ("devanagari", "नमस्ते", 1088, 2298),
    ("devanagari", "नमस्ते", 2144, 4528),
    ("devanagari", "नमस्ते", 4772, 10078),
    ("devanagari", "नमस्ते", 5120, 10814),
    ("devanagari", "क्षत्रिय", 1088, 2289),
    ("devanagari", "क्षत्रिय", 2144, 4509),
    ("devanagari", "क्षत्रिय", 4772, 10036),
    ("devanagari", "क्षत्रिय", 5120, 10767),
    ("thai", "สมศักดิ์", 1088, 3296),
    ("thai", "สมศักดิ์", 2144, 6495),
    ("thai", "สมศักดิ์", 4772, 14460),
    ("thai", "สมศักดิ์", 5120, 15514),
    ("thai", "ที่นี่", 1088, 1330),
    ("thai", "ที่นี่", 2144, 2620),
    ("thai", "ที่นี่", 4772, 5831),
    ("thai", "ที่นี่", 5120, 6257),
    ("inter", "AVAVAVAV", 1088, 5540),
    ("inter", "AVAVAVAV", 2144, 10924),
    ("inter", "AVAVAVAV", 4772, 24311),
    ("inter", "AVAVAVAV", 5120, 26087),  // uharfbuzz: 26084
    ("inter", "Wave", 1088, 2785),
    ("inter", "Wave", 2144, 5486),
    ("inter", "Wave", 4772, 12210),
    ("inter", "Wave", 5120, 13101),
    ("inter", "Yvonne", 1088, 3819),
    ("inter", "Yvonne", 2144, 7524),
    ("inter", "Yvonne", 4772, 16744),
    ("inter", "Yvonne", 5120, 17968),
    ("inter", "Łukasz", 1088, 3546),
    ("inter", "Łukasz", 2144, 6985),
    ("inter", "Łukasz", 4772, 15546),
    ("inter", "Łukasz", 5120, 16681),
    ("inter", "Aimée", 1088, 3146),
    ("inter", "Aimée", 2144, 6200),
    ("inter", "Aimée", 4772, 13801),
    ("inter", "Aimée", 5120, 14808),  // uharfbuzz: 14807
    ("inter", "exponentially", 1088, 6615),
    ("inter", "exponentially", 2144, 13033),
    ("inter", "exponentially", 4772, 29003),
    ("inter", "exponentially", 5120, 31122),  // uharfbuzz: 31123
    ("inter", "Tomás Ó Briain", 1088, 7387),
    ("inter", "Tomás Ó Briain", 2144, 14557),
    ("inter", "Tomás Ó Briain", 4772, 32402),
    ("inter", "Tomás Ó Briain", 5120, 34769),
    ("inter-regular", "AVAVAVAV", 1088, 5187),
    ("inter-regular", "AVAVAVAV", 2144, 10216),
    ("inter-regular", "AVAVAVAV", 4772, 22734),
    ("inter-regular", "AVAVAVAV", 5120, 24395),
    ("inter-regular", "Wave", 1088, 2591),
    ("inter-regular", "Wave", 2144, 5103),
    ("inter-regular", "Wave", 4772, 11359),
    ("inter-regular", "Wave", 5120, 12188),
    ("inter-regular", "office", 1088, 2574),
    ("inter-regular", "office", 2144, 5070),
    ("inter-regular", "office", 4772, 11285),
    ("inter-regular", "office", 5120, 12110),
    ("inter-regular", "Bethany", 1088, 3806),
    ("inter-regular", "Bethany", 2144, 7498),
    ("inter-regular", "Bethany", 4772, 16688),
    ("inter-regular", "Bethany", 5120, 17905),
    ("inter-bold", "AVAVAVAV", 1088, 5540),
    ("inter-bold", "AVAVAVAV", 2144, 10920),
    ("inter-bold", "AVAVAVAV", 4772, 24318),
    ("inter-bold", "AVAVAVAV", 5120, 26091),
    ("inter-bold", "Wave", 1088, 2785),
    ("inter-bold", "Wave", 2144, 5485),
    ("inter-bold", "Wave", 4772, 12210),
    ("inter-bold", "Wave", 5120, 13101),
    ("inter-bold", "Łukasz", 1088, 3546),
    ("inter-bold", "Łukasz", 2144, 6985),
    ("inter-bold", "Łukasz", 4772, 15546),
    ("inter-bold", "Łukasz", 5120, 16681),
    ("inter-bold", "Aimée", 1088, 3146),
    ("inter-bold", "Aimée", 2144, 6199),
    ("inter-bold", "Aimée", 4772, 13799),
    ("inter-bold", "Aimée", 5120, 14806),
    ("inter-bold", "exponentially", 1088, 6614),
    ("inter-bold", "exponentially", 2144, 13031),
    ("inter-bold", "exponentially", 4772, 29000),
    ("inter-bold", "exponentially", 5120, 31120),
    ("inter-bold", "Tomás Ó Briain", 1088, 7387),
    ("inter-bold", "Tomás Ó Briain", 2144, 14557),
    ("inter-bold", "Tomás Ó Briain", 4772, 32402),
    ("inter-bold", "Tomás Ó Briain", 5120, 34769),
    ("inter-bold", "Nguyễn Thị Ánh", 1088, 7924),
    ("inter-bold", "Nguyễn Thị Ánh", 2144, 15617),
    ("inter-bold", "Nguyễn Thị Ánh", 4772, 34754),
    ("inter-bold", "Nguyễn Thị Ánh", 5120, 37295),
    ("inter-static-regular", "AVAVAVAV", 1088, 5187),
    ("inter-static-regular", "AVAVAVAV", 2144, 10216),
    ("inter-static-regular", "AVAVAVAV", 4772, 22734),
    ("inter-static-regular", "AVAVAVAV", 5120, 24395),
    ("inter-static-regular", "office", 1088, 2574),
    ("inter-static-regular", "office", 2144, 5070),
    ("inter-static-regular", "office", 4772, 11285),
    ("inter-static-regular", "office", 5120, 12110),
    ("inter-static-regular", "Bethany", 1088, 3806),
    ("inter-static-regular", "Bethany", 2144, 7498),
    ("inter-static-regular", "Bethany", 4772, 16688),
    ("inter-static-regular", "Bethany", 5120, 17905),
  ]
}
