import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitPDF
@testable import WordFitText

/// The PDF layer on its own: text clusters as cairo takes them, fonts opened again from their
/// identities, and files that appear whole or not at all.
@Suite struct PDFDocumentTests {
  /// Left to right: clusters in glyph order; a ligature (two characters, one glyph) and a
  /// decomposition (one character, two glyphs) each stay one cluster, and a word holding either
  /// becomes one.
  @Test func clustersOfALeftToRightRun() {
    // "ffix" with an "ffi" ligature: glyph clusters 0, 3; "é" as e + combining accent: 4, 4.
    let word = PDFClusters([0, 3, 4, 4], text: Array("ffixe\u{301}".utf8), rightToLeft: false)
    #expect(word.bytes == [7] && word.glyphs == [4])
    // "fi x": the ligature's word is one cluster, the space and "x" their own.
    let words = PDFClusters([0, 2, 3], text: Array("fi x".utf8), rightToLeft: false)
    #expect(words.bytes == [2, 1, 1] && words.glyphs == [1, 1, 1])
    let plain = PDFClusters([0, 1, 2], text: Array("abc".utf8), rightToLeft: false)
    #expect(plain.bytes == [1, 1, 1] && plain.text == Array("abc".utf8))
  }

  /// Right to left: glyphs come in visual order (clusters falling), and so does the text given
  /// to cairo, clusters counted from the left; a word with a marked letter is one cluster whose
  /// characters are reversed, so extractors that reorder a line by bidi give back the logical
  /// text.
  @Test func clustersOfARightToLeftRun() {
    // "אבג ד" (2 bytes a letter): glyphs in visual order ד, space, ג, ב, א.
    let plain = PDFClusters([7, 6, 4, 2, 0], text: Array("אבג ד".utf8), rightToLeft: true)
    #expect(plain.bytes == [2, 1, 2, 2, 2] && plain.glyphs == [1, 1, 1, 1, 1])
    #expect(String(decoding: plain.text, as: UTF8.self) == "ד גבא")
    // "אבּג": the middle letter with a dagesh (2 glyphs, mark first): one word, one cluster.
    let marked = PDFClusters([6, 2, 2, 0], text: Array("אב\u{5BC}ג".utf8), rightToLeft: true)
    #expect(marked.bytes == [8] && marked.glyphs == [4])
    #expect(String(decoding: marked.text, as: UTF8.self) == "ג\u{5BC}בא")
  }

  /// Bytes before the first cluster join it (making it three characters, so its word one
  /// cluster); offsets out of order make the run one cluster.
  @Test func unusualClustersStayValid() {
    let leading = PDFClusters([2, 3, 4], text: Array("abc d".utf8), rightToLeft: false)
    #expect(leading.bytes == [3, 1, 1] && leading.glyphs == [1, 1, 1])
    let scrambled = PDFClusters([0, 3, 1], text: Array("abcde".utf8), rightToLeft: false)
    #expect(scrambled.bytes == [5] && scrambled.glyphs == [3])
    #expect(PDFClusters([0, 9], text: Array("abcd".utf8), rightToLeft: false).bytes == [4], "an offset past the text")
    let backwards = PDFClusters([0, 2], text: Array("אב".utf8), rightToLeft: true)
    #expect(backwards.bytes == [4] && String(decoding: backwards.text, as: UTF8.self) == "בא")
  }

  /// A variable font opened again from its identity has the same axis values, so the PDF's
  /// outlines are the weight that was measured.
  @Test func aFontOpenedFromItsIdentityHasItsAxes() throws {
    let path = TestPaths.fixtures + "/fonts/WordFitTestVF.ttf"
    let font = try Font(contentsOf: path, variations: ["wght": 700])
    let identity = font.identity(atSize: 40)
    #expect(identity.coordinates == [700])
    let again = try Font(identity)
    #expect(again.axes.map(\.value) == [700])
    #expect(again.identity(atSize: 40) == identity)
  }

  /// Until `finish()` nothing is at the destination; a document dropped unfinished leaves no
  /// file, not even its temporary.
  @Test func aPDFAppearsWholeOrNotAtAll() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let path = directory + "/out.pdf"
    do {
      let document = try PDFDocument(path: path, dotsPerInch: 72)
      document.beginPage(width: 100, height: 50)
      document.fill([PixelBox(minX: 0, minY: 0, maxX: 10, maxY: 10)], .black)
      #expect(!FileManager.default.fileExists(atPath: path))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "no temporary left")
    let document = try PDFDocument(path: path, dotsPerInch: 72, bleed: 5)
    document.beginPage(width: 100, height: 50)
    try document.finish()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.starts(with: Data("%PDF-1.5".utf8)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.pdf"])
    #expect(throws: WordFitError.self) { try PDFDocument(path: directory + "/missing/out.pdf", dotsPerInch: 72) }
    #expect(throws: WordFitError.self) { try PDFDocument(path: path, dotsPerInch: 0) }
  }

  /// cairo keeps font faces in its caches after a document is finished and its fonts are gone,
  /// and frees them when the caches evict them (after 256 scaled fonts): each face it gets has a
  /// FreeType library of its own. (Fuzzing found the earlier sharing of a ``Font``'s library a
  /// use after free: FT_Done_FreeType frees the memory manager whatever references remain; run
  /// under scripts/sanitize.sh address to see it.)
  @Test func documentsInSequenceOutliveTheirFonts() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let font = try Font(contentsOf: TestPaths.bold)
    for index in 0..<300 {
      let document = try PDFDocument(path: directory + "/\(index % 3).pdf", dotsPerInch: 72)
      document.beginPage(width: 200, height: 100)
      let shaped = FontCascade(primary: font, fallback: .none).shape("Ada", atSize: 10 + Double(index) / 8)
      try document.draw(shaped, fonts: [font.identity(atSize: shaped.size)], at: (10, 50), color: .black)
      try document.finish()
    }
    let text = try CommandRunner.run(
      "/usr/bin/pdftotext", [directory + "/2.pdf", "-"], in: nil, input: nil, environment: [:])
    #expect(text.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "Ada")
  }

  /// Issue 38, 8: cairo refuses a string holding a noncharacter, which lost the whole PDF of a
  /// batch. Each is replaced by a character of the same UTF-8 length; everything else is kept
  /// byte for byte.
  @Test func noncharactersBecomeCharactersCairoTakes() {
    let cases: [(String, String)] = [
      (text(0x41, 0x64, 0x61, 0xFFFE), text(0x41, 0x64, 0x61, 0xFFFD)), (text(0xFFFF, 0x78), text(0xFFFD, 0x78)),
      (text(0xFDD0, 0xFDEF), text(0xFFFD, 0xFFFD)),
      (text(0x1FFFE, 0x10FFFF), text(0x1FFFD, 0x10FFFD)), (text(0xEFFFF, 0x61), text(0xEFFFD, 0x61)),
    ]
    for (given, expected) in cases {
      #expect(PDFDocument.cairoText(Array(given.utf8)) == Array(expected.utf8), "\(given.unicodeScalars.map(\.value))")
    }
    for kept in [
      text(0x5a, 0x6f, 0xeb, 0x20, 0x1f600, 0x20, 0xFDCF, 0xFDF0, 0xFFFD, 0xFFEF), text(0x1FFFD, 0x1F600, 0x20000),
      "日本語", "",
    ] {
      #expect(PDFDocument.cairoText(Array(kept.utf8)) == Array(kept.utf8), "\(kept)")
    }
  }

  /// A string of these scalars (Swift's literals refuse noncharacters).
  func text(_ values: UInt32...) -> String {
    var text = String.UnicodeScalarView()
    for value in values { if let scalar = Unicode.Scalar(value) { text.append(scalar) } }
    return String(text)
  }
}
