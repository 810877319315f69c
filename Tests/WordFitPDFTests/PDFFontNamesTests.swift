import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitPDF
@testable import WordFitText

/// Issue 42, 7: cairo names a variable font's instance `CairoFont-N-M`; the PDF names it as the
/// instance (`…-Bold`, Adobe TN 5902's `…_650wght`), each page's fonts by the font it drew with.
@Suite struct PDFFontNamesTests {
  static let variable = TestPaths.fixtures + "/fonts/WordFitTestVF.ttf"

  /// Three instances of one variable font and a static font, first used in a mixed order over
  /// three pages: each page's font resources carry the names of the fonts drawn on that page.
  @Test func eachInstanceIsNamedAsItDraws() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let bold = try Font(contentsOf: Self.variable, variations: ["wght": 700])
    let regular = try Font(contentsOf: Self.variable, variations: ["wght": 400])
    let between = try Font(contentsOf: Self.variable, variations: ["wght": 650])
    let dejavu = try Font(contentsOf: TestPaths.bold)
    let family = bold.instancePostScriptName.split(separator: "-").first.map(String.init) ?? ""
    #expect(bold.instancePostScriptName == family + "-Bold" && regular.instancePostScriptName == family + "-Regular")
    #expect(between.instancePostScriptName == family + "_650wght")
    #expect(dejavu.instancePostScriptName == "DejaVuSans-Bold")
    let pages: [[(Font, String)]] = [
      [(bold, "Ab"), (dejavu, "Cd")], [(regular, "Ef")], [(between, "Gh"), (bold, "Ij")],
    ]
    for run in 0..<2 {
      let document = try PDFDocument(path: directory + "/\(run).pdf", dotsPerInch: 72)
      for page in pages {
        document.beginPage(width: 300, height: 100)
        for (index, (font, text)) in page.enumerated() {
          let shaped = FontCascade(primary: font, fallback: .none).shape(text, atSize: 30)
          try document.draw(
            shaped, fonts: [font.identity(atSize: 30)], at: (10 + 100 * Double(index), 50), color: .black)
        }
        document.endPage()
      }
      try document.finish()
    }
    let path = directory + "/0.pdf"
    let names = try Self.fontNamesByPage(path)
    #expect(names.count == 3)
    #expect(names[0] == [family + "-Bold", "DejaVuSans-Bold"].sorted(), "\(names)")
    // At its default instance the font is the file's own outlines: cairo embeds it as TrueType
    // under its own PostScript name, with nothing to rename.
    #expect(names[1] == [family], "\(names)")
    #expect(names[2] == [family + "-Bold", family + "_650wght"].sorted(), "\(names)")
    let check = try CommandRunner.run("/usr/bin/qpdf", ["--check", path], in: nil, input: nil, environment: [:])
    #expect(check.status == 0, "\(check.standardOutput)")
    let fonts = try CommandRunner.run("/usr/bin/pdffonts", [path], in: nil, input: nil, environment: [:])
    #expect(!fonts.standardOutput.contains("CairoFont"), "\(fonts.standardOutput)")
    let text = try CommandRunner.run("/usr/bin/pdftotext", [path, "-"], in: nil, input: nil, environment: [:])
    #expect(text.standardOutput.contains("Ab") && text.standardOutput.contains("Ij"))
    let (first, second) = (
      try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: directory + "/1.pdf"))
    )
    #expect(first == second, "the same bytes every run")
  }

  /// The duplex mode a document is imposed for goes into its catalog's viewer preferences (print
  /// dialogues preselect it), in the same update; a document without one has none.
  @Test func theDuplexModeIsTheCatalogsViewerPreference() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    for preference in ["DuplexFlipShortEdge", nil] {
      let path = directory + "/\(preference ?? "none").pdf"
      let document = try PDFDocument(path: path, dotsPerInch: 72)
      document.duplexPreference = preference
      document.beginPage(width: 100, height: 50)
      document.fill([PixelBox(minX: 0, minY: 0, maxX: 10, maxY: 10)], .black)
      document.endPage()
      try document.finish()
      let result = try CommandRunner.run("/usr/bin/qpdf", ["--json", path], in: nil, input: nil, environment: [:])
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let objects = try #require((json["qpdf"] as? [Any])?.last as? [String: Any])
      let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any]
      let root = try #require(trailer?["/Root"] as? String)
      let catalog = (objects["obj:" + root] as? [String: Any])?["value"] as? [String: Any]
      let viewer = catalog?["/ViewerPreferences"] as? [String: Any]
      #expect(viewer?["/Duplex"] as? String == preference.map { "/" + $0 }, "\(String(describing: catalog))")
      let check = try CommandRunner.run("/usr/bin/qpdf", ["--check", path], in: nil, input: nil, environment: [:])
      #expect(check.status == 0, "\(check.standardOutput)")
    }
  }

  /// A file not as cairo writes it is left as it is.
  @Test func anUnexpectedFileIsLeftAlone() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let path = directory + "/x.pdf"
    let text =
      "%PDF-1.5\n7 0 obj\n<< /BaseFont /ABCDEF+CairoFont-3-0 >>\nendobj\ntrailer\n<< /Size 8 >>\nstartxref\n9\n%%EOF\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(PDFFontNames.rename(in: path, names: ["A"]) == 0, "font 3 has no name")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    #expect(PDFFontNames.rename(in: path, names: ["A", "B", "C", "D/E"]) == 1)
    let renamed = try String(contentsOfFile: path, encoding: .utf8)
    #expect(renamed.hasPrefix(text) && renamed.contains("/BaseFont /ABCDEF+D#2FE >>") && renamed.contains("/Prev 9 >>"))
    #expect(PDFFontNames.rename(in: directory + "/missing.pdf", names: ["A"]) == 0)
  }

  /// The `/BaseFont` of each page's fonts (subset tags dropped), sorted, from `qpdf --json`.
  static func fontNamesByPage(_ path: String) throws -> [[String]] {
    let result = try CommandRunner.run("/usr/bin/qpdf", ["--json", path], in: nil, input: nil, environment: [:])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let objects = try #require((json["qpdf"] as? [Any])?.last as? [String: Any])
    func value(_ reference: Any?) -> Any? {
      guard let reference = reference as? String, reference.hasSuffix(" R") else { return reference }
      return (objects["obj:" + reference] as? [String: Any])?["value"]
    }
    let pages = try #require(json["pages"] as? [[String: Any]])
    return pages.map { page in
      let dictionary = value(page["object"]) as? [String: Any]
      let resources = value(dictionary?["/Resources"]) as? [String: Any]
      let fonts = value(resources?["/Font"]) as? [String: Any] ?? [:]
      return fonts.values.compactMap { (value($0) as? [String: Any])?["/BaseFont"] as? String }.map {
        String($0.dropFirst().split(separator: "+").last ?? "")
      }.sorted()
    }
  }
}
