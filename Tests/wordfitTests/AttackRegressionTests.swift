import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitBadges
@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitPreview
@testable import WordFitText

#if canImport(Glibc)
  import Glibc
#endif

/// Regression tests for what the second attack and the three user trials found (issue 22):
/// each numbered item's reproduction, failing before its fix.
@Suite struct AttackRegressionTests {
  func folder(_ files: [String: String] = [:]) throws -> String {
    try TestPaths.makeTemporaryDirectory(with: files)
  }

  func names(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  let csv = "id,name\n1,Ada Lovelace\n2,Grace Hopper\n3,Alan Turing\n4,Edsger Dijkstra\n5,Barbara Liskov\n"

  // Item 1: a live temporary of a writer in another PID namespace (its PID means nothing here)
  // is kept; an abandoned one, whose lock nobody holds, is removed.
  @Test func liveTemporaryOfAnotherNamespaceIsKept() throws {
    let directory = try folder()
    let live = directory + "/.manifest-0.jsonl.wordfit-2147483646-1"
    let dead = directory + "/.manifest-1.jsonl.wordfit-2147483646-2"
    #expect(FileManager.default.createFile(atPath: live, contents: Data("{}\n".utf8)))
    #expect(FileManager.default.createFile(atPath: dead, contents: Data("{}\n".utf8)))
    let holder = open(live, O_RDONLY)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    #expect(StaleTemporaries.remove(in: directory) == [".manifest-1.jsonl.wordfit-2147483646-2"])
    #expect(FileManager.default.fileExists(atPath: live))
  }

  // Item 1: the writer's own temporaries are locked while written, so a concurrent cleanup
  // cannot take them.
  @Test func writersHoldTheirTemporariesLocked() throws {
    let directory = try folder()
    let (descriptor, path) = try #require(AtomicFile.createLockedTemporary(in: directory, for: "m.jsonl"))
    defer { close(descriptor) }
    #expect(StaleTemporaries.remove(in: directory).isEmpty)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  // Item 2: shards imposing sheets into one folder keep each other's sheets.
  @Test func shardsNameTheirSheetsApart() throws {
    let directory = try folder(["in.csv": csv])
    for shard in ["0/2", "1/2"] {
      let result = try InProcess.wordfit(
        ["batch", "in.csv", "--out", "o", "--sheet", "160x160mm", "--dpi", "100", "--shard", shard, "-q"],
        in: directory)
      #expect(result.status == 0, "\(result.standardError)")
    }
    #expect(
      names(in: directory + "/o/sheets") == [
        "sheet-shard0of2-001.png", "sheet-shard0of2-002.png", "sheet-shard0of2-003.png",
        "sheet-shard1of2-001.png", "sheet-shard1of2-002.png",
      ])
  }

  // Item 4: sheets never share the badges' folder; an earlier, larger run's sheets and a dead
  // sheet writer's temporary are removed; badges of another size cannot meet on a sheet: sheets
  // are drawn from this run's renders, so resuming with --skip-existing is refused before any row.
  @Test func sheetsReplaceOnlyTheirOwnFiles() throws {
    let directory = try folder(["in.csv": csv, "two.csv": "id,name\n1,Ada Lovelace\n2,Grace Hopper\n"])
    let same = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--sheet", "A4", "--sheets", "./o/"], in: directory)
    #expect(same.status == 64)
    #expect(same.standardError.contains("--sheets ./o/ is the badges' folder"), "\(same.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/o"))
    let sheet = ["--sheet", "160x160mm", "--dpi", "100", "-q"]
    #expect(try InProcess.wordfit(["batch", "in.csv", "--out", "o"] + sheet, in: directory).status == 0)
    #expect(names(in: directory + "/o/sheets").count == 5)
    #expect(
      FileManager.default.createFile(
        atPath: directory + "/o/sheets/.sheet-001.png.wordfit-2147483646-1", contents: Data("partial".utf8))
    )
    #expect(try InProcess.wordfit(["batch", "two.csv", "--out", "o"] + sheet, in: directory).status == 0)
    #expect(names(in: directory + "/o/sheets") == ["sheet-001.png", "sheet-002.png"])
    let before = names(in: directory + "/o")
    let other = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--skip-existing", "--canvas", "41mm"] + sheet, in: directory)
    #expect(other.status == 64)
    #expect(other.standardError.contains("--skip-existing cannot go with --sheet"), "\(other.standardError)")
    #expect(names(in: directory + "/o") == before, "refused before any row")
  }

  // Item 6: a sheet too large is refused before any row is rendered.
  @Test func oversizedSheetIsRefusedFirst() throws {
    let directory = try folder(["in.csv": csv])
    for arguments in [["--sheet", "A4", "--dpi", "100000"], ["--sheet", "2000x2000mm", "--dpi", "300"]] {
      let result = try InProcess.wordfit(["batch", "in.csv", "--out", "o"] + arguments, in: directory)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(!FileManager.default.fileExists(atPath: directory + "/o"), "\(arguments)")
    }
  }

  /// A folder with the docs' badge template, its logo and a CSV.
  func badgeFolder() throws -> String {
    let directory = try folder([
      "people.csv": "given,family,role\nAda,Lovelace,Speaker\nGrace,Hopper,Staff\n"
    ])
    for name in ["badge-template.json", "badge-logo.png"] {
      try FileManager.default.copyItem(
        atPath: TestPaths.packageRoot + "/docs/" + name, toPath: directory + "/" + name)
    }
    return directory
  }

  // Item 3: no output replaces a file the command reads.
  @Test func outputsNeverReplaceInputs() throws {
    let directory = try badgeFolder()
    let logo = try Data(contentsOf: URL(fileURLWithPath: directory + "/badge-logo.png"))
    let template = try Data(contentsOf: URL(fileURLWithPath: directory + "/badge-template.json"))
    try "{\"text\": \"Hi\"}".write(toFile: directory + "/s.json", atomically: true, encoding: .utf8)
    let attempts: [[String]] = [
      [
        "render", "--template", "badge-template.json", "--row", "given=A", "--row", "family=B", "--row", "role=C",
        "-o", "badge-logo.png",
      ],
      ["batch", "people.csv", "--template", "badge-template.json", "--out", "o", "--manifest", "badge-template.json"],
      ["batch", "people.csv", "--template", "badge-template.json", "--out", "o", "--contact-sheet", "badge-logo.png"],
      ["preview", "--spec", "s.json", "-o", "s.json"],
    ]
    for arguments in attempts {
      let result = try InProcess.wordfit(arguments, in: directory)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains("would destroy"), "\(arguments): \(result.standardError)")
    }
    let rows = try InProcess.wordfit(
      ["batch", "people.csv", "--template", "badge-template.json", "--out", ".", "--name-template", "badge-logo"],
      in: directory)
    #expect(rows.status == 1, "\(rows.standardError)")
    #expect(rows.standardError.contains("template image"), "\(rows.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/badge-logo.png")) == logo)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/badge-template.json")) == template)
    #expect(try String(contentsOfFile: directory + "/s.json", encoding: .utf8).contains("Hi"))
  }

  // Items 3 and 5: `check --html` may not replace a golden; a dangling golden link is replaced
  // by the recorded golden, never followed out of the folder.
  @Test func checkNeitherReplacesGoldensNorFollowsLinks() throws {
    let directory = try folder()
    let outside = try folder()
    try FileManager.default.createDirectory(atPath: directory + "/ck", withIntermediateDirectories: true)
    try "{\"text\": \"Hi\"}".write(toFile: directory + "/ck/a.json", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/ck/a.png", withDestinationPath: outside + "/planted.png")
    let recorded = try InProcess.wordfit(["check", "ck", "--record", "missing"], in: directory)
    #expect(recorded.status == 1, "\(recorded.standardError)")
    #expect(!FileManager.default.fileExists(atPath: outside + "/planted.png"))
    #expect(FileIdentity.isRegularFile(directory + "/ck/a.png"))
    let golden = try Data(contentsOf: URL(fileURLWithPath: directory + "/ck/a.png"))
    let html = try InProcess.wordfit(["check", "ck", "--html", "ck/a.png"], in: directory)
    #expect(html.status == 64, "\(html.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/ck/a.png")) == golden)
  }

  // Item 5: a link planted where a sheet goes is replaced, not followed.
  @Test func sheetsDoNotFollowPlantedLinks() throws {
    let directory = try folder(["in.csv": csv])
    let outside = try folder()
    try FileManager.default.createDirectory(atPath: directory + "/o/sheets", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/o/sheets/sheet-001.png", withDestinationPath: outside + "/planted.png")
    let result = try InProcess.wordfit(["batch", "in.csv", "--out", "o", "--sheet", "A4", "-q"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: outside + "/planted.png"))
    #expect(FileIdentity.isRegularFile(directory + "/o/sheets/sheet-001.png"))
  }

  // Item 7: a preview whose cells would hold too much is refused before any is rendered.
  @Test func hugePreviewIsRefusedUpFront() throws {
    let canvases = Array(repeating: "16384x16384", count: 33)
    var request = PreviewRequest(layout: .words(RenderSpec(text: "Hi")))
    request.canvases = canvases
    request.categories = Array(ContentSizeCategory.allCases.prefix(12))
    request.scale = 0.001
    #expect(throws: WordFitError.self) { try PreviewSheet.render(request) }
    let result = try InProcess.wordfit(
      ["preview", "Hi", "--canvases", canvases.joined(separator: ","), "--scale", "0.001", "-o", "p.png"],
      in: try folder())
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains("Mpx a preview may render"), "\(result.standardError)")
  }

  // Item 12: `check --html` links its images from a folder beside the page, none inline.
  @Test func checkPageLinksItsImages() throws {
    let directory = try folder()
    try FileManager.default.createDirectory(atPath: directory + "/ck", withIntermediateDirectories: true)
    try "{\"text\": \"Hi\"}".write(toFile: directory + "/ck/a.json", atomically: true, encoding: .utf8)
    #expect(try InProcess.wordfit(["check", "ck", "--record", "missing"], in: directory).status == 1)
    try "{\"text\": \"Ho\"}".write(toFile: directory + "/ck/a.json", atomically: true, encoding: .utf8)
    let result = try InProcess.wordfit(["check", "ck", "--html", "report.html"], in: directory)
    #expect(result.status == 1)
    let page = try String(contentsOfFile: directory + "/report.html", encoding: .utf8)
    #expect(!page.contains("base64"))
    #expect(page.contains("src=\"report-images/"))
    #expect(names(in: directory + "/report-images").count == 3)
  }

  // Item 15: the page's folder is checked before the sheet is written.
  @Test func previewChecksItsPageFolderFirst() throws {
    let directory = try folder(["page": "a file"])
    let result = try InProcess.wordfit(["preview", "Hi", "-o", "p.png", "--html", "page"], in: directory)
    #expect(result.status == 74, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/p.png"))
  }

  // Item 13: a size group whose smallest fit is below 1 px is drawn at 1 px, truncating the
  // member that does not fit, instead of failing the row.
  @Test func sizeGroupBelowOnePixelTruncates() throws {
    let template = try BadgeTemplate.decode(
      Data(
        """
        {"width": 200, "height": 100, "regions": [
          {"box": [0, 0, 200, 50], "text": "{given}", "sizeGroup": "n", "maxSize": 72, "minScale": 0.001},
          {"box": [0, 50, 200, 50], "text": "{family}", "sizeGroup": "n", "maxSize": 72, "minScale": 0.001}]}
        """.utf8))
    let badge = try BadgeRenderer().render(
      template, fields: ["given": "Ada", "family": String(repeating: "W", count: 900)])
    #expect(badge.regions.map(\.rendering.layout.fit.size) == [1, 1])
    #expect(!badge.regions[1].rendering.layout.fit.truncatedWords.isEmpty)
  }

  // Item 14: an empty column that no region reads does not fail the row.
  @Test func unusedEmptyColumnIsNotRequired() throws {
    let directory = try folder([
      "t.json": #"{"width": 200, "height": 100, "regions": [{"box": [0, 0, 200, 50], "text": "Welcome"},"#
        + #"{"box": [0, 50, 200, 50], "text": "{company}"}]}"#,
      "in.csv": "name,company\n,ACME\n",
    ])
    let result = try InProcess.wordfit(["batch", "in.csv", "--template", "t.json", "--out", "o"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(names(in: directory + "/o") == ["1-acme.png"])
  }

  // Item 17: control characters from files are escaped in messages, which stay one line.
  @Test func controlCharactersAreEscapedInMessages() throws {
    let directory = try folder(["h.csv": "a\u{1B}[2Jb,c\u{7}\n1,2\n"])
    let result = try InProcess.wordfit(["batch", "h.csv", "--out", "o", "--column", "x\ny"], in: directory)
    #expect(result.status == 64)
    #expect(!result.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
    #expect(result.standardError.contains("a\\e[2Jb"), "\(result.standardError)")
  }

  // Item 11: a fallback list longer than the fonts a renderer opens is refused, naming the limit.
  @Test func longFallbackListIsRefused() throws {
    let list = Array(repeating: TestPaths.regular, count: InputLimits.fallbackListEntries + 1).joined(separator: ",")
    let result = try InProcess.wordfit(["render", "Hi", "--fallback", list, "-o", "x.png"], in: try folder())
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains("at most 64"), "\(result.standardError)")
  }

  // Item 16: a NUL in an image path is refused; a box is rounded at its edges, so one that ends
  // on the badge's edge stays inside it.
  @Test func templatePathsAndBoxEdges() throws {
    let nul =
      #"{"width": 86, "height": 54, "unit": "mm", "images": [{"box": [0, 0, 10, 10], "png": "a\u0000b.png"}],"#
      + #""regions": [{"box": [0, 20, 86, 20], "text": "x"}]}"#
    #expect(throws: WordFitError.self) { try BadgeTemplate.decode(Data(nul.utf8)) }
    let edge =
      #"{"width": 86, "height": 54, "unit": "mm", "dpi": 254,"#
      + #""regions": [{"box": [0.05, 0, 85.95, 54], "text": "x"}]}"#
    let template = try BadgeTemplate.decode(Data(edge.utf8))
    #expect(template.regions[0].box.maxX == template.width)
  }

  // Item 18: `help COMMAND`, singular counts, and --quiet still saying that rows failed.
  @Test func wordingAndQuietFailures() throws {
    let help = try InProcess.wordfit(["help", "render"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("wordfit render [TEXT | -]"), "\(help.standardOutput)")
    let directory = try folder(["one.csv": "name\nAda\n", "bad.csv": "name\n\"Ada\n"])
    let one = try InProcess.wordfit(["batch", "one.csv", "--out", "o"], in: directory)
    #expect(one.standardError.contains("batch: 1 row,"), "\(one.standardError)")
    let quiet = try InProcess.wordfit(["batch", "bad.csv", "--out", "o", "-q"], in: directory)
    #expect(quiet.status == 1)
    #expect(quiet.standardError.contains("1 failed"), "\(quiet.standardError)")
    let preview = try InProcess.wordfit(["preview", "a", "b"], in: directory)
    #expect(preview.standardError.contains("preview takes one TEXT"), "\(preview.standardError)")
  }

  // Item 15: a region's missing font and an unwritable contact sheet stop the batch before any
  // row; a font given to a template batch that no region uses is not opened.
  @Test func templateResourcesAreCheckedBeforeRows() throws {
    let directory = try badgeFolder()
    let template = try String(contentsOfFile: directory + "/badge-template.json", encoding: .utf8)
    try template.replacingOccurrences(of: #""maxSize": 40,"#, with: #""maxSize": 40, "font": "nope.ttf","#)
      .write(toFile: directory + "/tf.json", atomically: true, encoding: .utf8)
    let font = try InProcess.wordfit(["batch", "people.csv", "--template", "tf.json", "--out", "o"], in: directory)
    #expect(font.status == 66, "\(font.standardError)")
    #expect(font.standardError.split(separator: "\n").count == 1, "\(font.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/o"))
    let sheet = try InProcess.wordfit(
      [
        "batch", "people.csv", "--template", "badge-template.json", "--out", "o", "--contact-sheet",
        "/nonexistent/c.png",
      ],
      in: directory)
    #expect(sheet.status == 74, "\(sheet.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/o"))
  }

  // Item 9: a colour glyph's size and layers are checked before anything decodes or blends it;
  // each refusal is reported.
  @Test func colourGlyphBombsAreRefusedFromTheirHeaders() throws {
    let inputs = TestPaths.packageRoot + "/Tests/WordFitTests/Inputs/"
    let sbix = try InProcess.wordfit(
      ["render", "AB", "--font", inputs + "WordFitTestSbixBomb.ttf", "--max-size", "40", "-o", "s.png"],
      in: try folder())
    #expect(sbix.status == 0, "\(sbix.standardError)")
    #expect(sbix.standardError.contains("over the 4 Mpx a colour glyph may have"), "\(sbix.standardError)")
    let layers = try InProcess.wordfit(
      ["render", "AB", "--font", inputs + "WordFitTestCOLRLayers.ttf", "--max-size", "200", "-o", "c.png"],
      in: try folder())
    #expect(layers.status == 0, "\(layers.standardError)")
    #expect(layers.standardError.contains("has 2000 layers"), "\(layers.standardError)")
    let font = try Font(contentsOf: inputs + "WordFitTestCOLRLayers.ttf")
    let b = font.glyphIndex(for: "B")
    #expect(font.bitmap(of: b, units: 64 * 40)?.color != nil, "a glyph of 2 layers is still drawn in colour")
  }

  // Item 18: a pattern whose family is installed is not called "not installed".
  @Test func installedFamilyWithAnUnmatchedPatternIsNamedSo() throws {
    let result = try InProcess.wordfit(
      ["render", "Hi", "--font", "Noto Sans:charset=0-10ffff", "-o", "f.png"], in: try folder())
    #expect(result.status == 0)
    #expect(result.standardError.contains("\"Noto Sans\" is installed, but"), "\(result.standardError)")
  }

  // Item 18: on a full disk the batch says the manifest was lost too (root only: it mounts a
  // 64 KiB tmpfs, as CI can).
  @Test(.enabled(if: getuid() == 0)) func fullDiskSaysTheManifestWasNotWritten() throws {
    let directory = try folder(["many.csv": "name\n" + (1...300).map { "Person \($0)\n" }.joined()])
    let small = directory + "/small"
    try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
    let mount = try CommandRunner.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", small], in: nil, input: nil, environment: [:])
    try #require(mount.status == 0, "\(mount.standardError)")
    defer { _ = try? CommandRunner.run("/bin/umount", [small], in: nil, input: nil, environment: [:]) }
    let result = try InProcess.wordfit(
      ["batch", "many.csv", "--out", "small/o", "--manifest", "small/m.jsonl", "-q"], in: directory)
    #expect(result.status == 74)
    #expect(result.standardError.contains("the manifest was not written either"), "\(result.standardError)")
  }

  // Item 19: a word of two scripts is shaped as two runs, so the Latin part kerns as Latin
  // (Chromium, Pango and HarfBuzz by script: 204.2 px; one Greek run gave 215.89).
  @Test func mixedScriptWordsAreShapedPerScript() throws {
    let font = try Font(contentsOf: TestPaths.fixtures + "/fonts/NotoSans-Regular-subset.ttf")
    let whole = font.shape("ΩAVATAR", atSize: 40)
    let apart = font.shape("Ω", atSize: 40).advance + font.shape("AVATAR", atSize: 40).advance
    #expect(abs(whole.advance - apart) < 1.0 / 32, "\(whole.advance) vs \(apart)")
    #expect(whole.scripts == ["Grek", "Latn"])
    let cyrillic = font.shape("МAVAV", atSize: 40)
    #expect(cyrillic.scripts == ["Cyrl", "Latn"])
  }

  // Item 22: a run of only common characters is reported as Zyyy, not four NUL bytes; a face of
  // a collection is named with its index.
  @Test func jsonNamesCommonScriptsAndFaces() throws {
    let result = try InProcess.wordfit(["render", "José 🎉", "--json", "-o", "j.png"], in: try folder())
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardOutput.contains("\\u0000"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("\"Zyyy\""), "\(result.standardOutput)")
    let usage = FontUsage(try Font(contentsOf: TestPaths.bold))
    #expect(usage.faceIndex == nil)
    #expect(!usage.summary.contains("face"))
  }

  // Item 23: each row's language from a column reaches shaping and fallback; a malformed tag
  // fails only its row.
  @Test func languageColumnSetsEachRowsLanguage() throws {
    let directory = try folder(["in.csv": "name,lang\nAda,zh-Hans\nBob,\nCy,not a tag!\n"])
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--language-column", "lang", "--manifest", "-", "-q"], in: directory)
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains("\"language\":\"zh-Hans\""), "\(lines[0])")
    #expect(!lines[1].contains("language"))
    #expect(lines[2].contains("is not a language tag"))
    #expect(LanguageTag.isWellFormed("sr-Latn-RS") && LanguageTag.isWellFormed("zh_CN"))
    #expect(!LanguageTag.isWellFormed("x") && !LanguageTag.isWellFormed("en--US"))
    let template = try BadgeTemplate.decode(
      Data(#"{"width": 200, "height": 100, "regions": [{"box": [0, 0, 200, 100], "text": "{name}"}]}"#.utf8))
    let badge = try BadgeRenderer().render(template, fields: ["name": "Ada"], language: "sr")
    #expect(badge.regions[0].text == "Ada")
  }

  // Item 10: each image file is decoded once and resampled once per box size, however many
  // entries name it.
  @Test func templateImagesAreDecodedOncePerFile() throws {
    let directory = try badgeFolder()
    let entries = (0..<200).map { index in
      #"{"box": [\#(index % 2 == 0 ? 0 : 10), 0, \#(index % 4 < 2 ? 10 : 20), 10], "png": "badge-logo.png"}"#
    }
    let json =
      #"{"width": 100, "height": 50, "images": ["# + entries.joined(separator: ",")
      + #"], "regions": [{"box": [0, 20, 100, 30], "text": "x"}]}"#
    let decoder = BadgeTemplateDecoder(source: "template", folder: directory)
    let template = try decoder.decode(Data(json.utf8))
    #expect(template.images.count == 200)
    #expect(decoder.images.decodes == 1)
    #expect(decoder.images.resamples == 2, "two box sizes: 10x10 and 20x10")
  }

  // Item 18: a sheets folder that cannot be made is an I/O error (74) in the system's words.
  @Test func unwritableSheetsFolderIsAnIOError() throws {
    let directory = try folder(["in.csv": csv, "file": "x"])
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--sheet", "A4", "--sheets", "file/sheets", "-q"], in: directory)
    #expect(result.status == 74, "\(result.standardError)")
    #expect(!result.standardError.contains("NSCocoaErrorDomain"), "\(result.standardError)")
    #expect(result.standardError.contains("Not a directory"), "\(result.standardError)")
  }

  // Issue 23: a template region resolves its fallback paths against the template's folder, as
  // a spec does; layout flags that templates ignore are refused, naming the key to use.
  @Test func templateRegionsFollowTheSpecsPathRulesAndRefuseLayoutFlags() throws {
    let directory = try badgeFolder()
    try FileManager.default.createDirectory(atPath: directory + "/t/fonts", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: TestPaths.fixtures + "/fonts/NotoSansHebrew-Regular-subset.ttf", toPath: directory + "/t/fonts/heb.ttf")
    try
      #"{"width": 200, "height": 100, "regions": [{"box": [0, 0, 200, 100], "text": "{name}", "fallback": "fonts/heb.ttf"}]}"#
      .write(toFile: directory + "/t/t.json", atomically: true, encoding: .utf8)
    try "name\nשלום\n".write(toFile: directory + "/h.csv", atomically: true, encoding: .utf8)
    let batch = try InProcess.wordfit(
      ["batch", "h.csv", "--template", "t/t.json", "--out", "o", "-q"], in: directory)
    #expect(batch.status == 0, "\(batch.standardError)")
    for flags in [["--fg", "red"], ["--max-size", "5"], ["--font", "/nonexistent.ttf"]] {
      let result = try InProcess.wordfit(
        ["batch", "people.csv", "--template", "badge-template.json", "--out", "o2"] + flags, in: directory)
      #expect(result.status == 64, "\(flags): \(result.standardError)")
      #expect(result.standardError.contains("has no effect with --template"), "\(result.standardError)")
    }
    let render = try InProcess.wordfit(
      [
        "render", "--template", "badge-template.json", "--row", "given=A", "--row", "family=B", "--row", "role=C",
        "--max-size", "5",
      ], in: directory)
    #expect(render.status == 64)
    #expect(render.standardError.contains("give \"maxSize\" in the template's regions"), "\(render.standardError)")
  }

  // Item 11: listed fallback fonts are opened only when a cluster first needs one.
  @Test func listedFallbackFontsOpenLazily() throws {
    let fonts = TestPaths.fixtures + "/fonts/"
    let list =
      [fonts + "NotoSansHebrew-Regular-subset.ttf", fonts + "NotoSansArabic-Regular-subset.ttf"]
      + Array(repeating: fonts + "NotoSansThai-Regular-subset.ttf", count: 62)
    var spec = RenderSpec(text: "สวัสดี")
    spec.fallback = list.joined(separator: ",")
    let cascade = try FontCache().cascade(for: try spec.validated().fonts).cascade
    #expect(cascade.fonts.count == 1, "nothing opened before a cluster needs it")
    #expect(cascade.shape("สวัสดี", atSize: 40).missingCharacters.isEmpty)
    #expect(
      cascade.fonts.count == 4, "the primary, then Hebrew and Arabic (tried), then the first Thai; 61 never opened")
    spec.fallback = [list[0], "/nonexistent.ttf"].joined(separator: ",")
    #expect(throws: WordFitError.self) { _ = try FontCache().cascade(for: try spec.validated().fonts) }
  }

  // Item 8: a tall badge's thumbnail is shrunk to the contact sheet's height too, and the
  // count is capped, so the sheet's memory is bounded whatever the badges' shape.
  @Test func contactSheetThumbnailsAreBoundedBothWays() throws {
    let tall = Canvas(width: 132, height: 16_384, format: .grey, background: .white)
    let thumbnail = ContactSheet.thumbnail(of: tall)
    #expect(thumbnail.height <= ContactSheet.thumbnailHeight && thumbnail.width <= ContactSheet.thumbnailWidth)
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--contact-sheet", "c.png", "--contact-count", "401"],
      in: try folder(["in.csv": csv]))
    #expect(result.status == 64, "\(result.standardError)")
  }
}
