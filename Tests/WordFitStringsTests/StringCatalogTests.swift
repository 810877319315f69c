import Foundation
import Testing
import WordFitCore
import WordFitTestSupport

@testable import WordFitLayout
@testable import WordFitStrings

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// String catalogs (issue 26, first part): every string × language × watch × size in one check.
@Suite struct StringCatalogTests {
  static let path = TestPaths.fixtures + "/strings/Localizable.xcstrings"

  func catalog() throws -> StringCatalog { try StringCatalog.load(contentsOf: Self.path) }

  /// The default layouts with overlong words shrinking (as before issue 40), where a test is
  /// about how far a string is from fitting whole.
  func shrinkingLayouts() throws -> StringsLayouts {
    let file = try TestPaths.makeTemporaryDirectory() + "/wordfit-strings.json"
    try #"{"default": {"overlongWords": "shrink"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
    return try StringsLayouts(contentsOf: file)
  }

  func variants(_ key: String, _ language: String) throws -> [String] {
    let catalog = try catalog()
    let entry = try #require(catalog.entries.first { $0.key == key })
    return entry.watchVariants(language: language, sourceLanguage: catalog.sourceLanguage).map(\.text)
  }

  @Test func watchTextsResolveDeviceThenPlainAndFillEveryPluralForm() throws {
    #expect(try variants("Start workout", "en") == ["Start"], "device.applewatch wins")
    #expect(try variants("Start workout", "de") == ["Training starten"])
    #expect(try variants("Start workout", "fr") == ["Commencer l’entraînement"], "a plain unit")
    #expect(try variants("%lld steps", "en") == ["1 step", "2 steps"])
    #expect(try variants("%lld steps", "ru") == ["21 шаг", "2 шага", "5 шагов", "1.5 шага"], "CLDR samples")
    #expect(try variants("%lld steps", "ar").count == 6)
    #expect(try variants("%lld steps", "ja") == ["5歩"])
    #expect(
      try variants("Heart rate in %#@minutes@", "de") == ["Herzfrequenz in 1 Minute", "Herzfrequenz in 2 Minuten"])
    #expect(try variants("Heart rate in %#@minutes@", "fr") == [], "no French localization: nothing to show")
    #expect(try variants("WordFit", "ja") == ["WordFit"], "shouldTranslate false: the source string")
  }

  /// The Decodable reader names a malformed value by its key path, as the JSONSerialization
  /// reader did, and reads what that reader read (types it does not expect are ignored).
  @Test func malformedValuesAreNamedByTheirKeyPath() throws {
    func problem(_ json: String) -> String {
      do {
        _ = try StringCatalog.decode(Data(json.utf8), source: "L.xcstrings")
        return "read"
      } catch {
        return (error as? WordFitError)?.message ?? "\(error)"
      }
    }
    #expect(
      problem(#"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": 3}}}}"#)
        == "L.xcstrings: k → de is not an object")
    #expect(
      problem(
        #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"variations": {"plural": {"one": {"x": 1}}}}}}}}"#
      ) == "L.xcstrings: k → de → plural.one has neither a stringUnit nor device or plural variations")
    let substitution =
      #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"variations": {"plural": {"few": []}}}}}}}}}"#
    #expect(problem(substitution) == "L.xcstrings: k → de → %#@n@.few is not an object")
    #expect(problem(#"{"strings": {}}"#).contains("has no sourceLanguage or strings"))
    #expect(problem(#"{"sourceLanguage": 5, "strings": {}}"#).contains("has no sourceLanguage or strings"))
    #expect(problem("[1, 2]").contains("is not a String Catalog"))
    #expect(problem("{\"sourceLanguage\": ").contains("is not a String Catalog"))
    let tolerant = try StringCatalog.decode(
      Data(
        #"{"sourceLanguage": "en", "strings": {"b": 7, "a": {"shouldTranslate": "no", "extractionState": 1, "localizations": {"de": {"stringUnit": {"value": "A", "state": 2}}}}}}"#
          .utf8), source: "L")
    #expect(tolerant.entries.map(\.key) == ["a", "b"])
    #expect(tolerant.entries[0].shouldTranslate && tolerant.entries[0].extractionState == nil)
    #expect(tolerant.entries[0].localizations["de"] == .string(value: "A", state: nil))
    #expect(tolerant.entries[1].localizations.isEmpty)
    // The fixture reads to the model the tests above expect, every key sorted.
    let keys = try catalog().entries.map(\.key)
    #expect(keys == keys.sorted() && keys.count > 3)
  }

  @Test func variantsNameWhereTheyCameFrom() throws {
    let catalog = try catalog()
    let steps = try #require(catalog.entries.first { $0.key == "%lld steps" })
    #expect(
      steps.watchVariants(language: "ru", sourceLanguage: "en").map(\.variant) == [
        "plural.one", "plural.few", "plural.many", "plural.other",
      ])
    let workout = try #require(catalog.entries.first { $0.key == "Start workout" })
    #expect(workout.watchVariants(language: "en", sourceLanguage: "en").map(\.variant) == ["device.applewatch"])
  }

  @Test func staleKeysAreSkippedUnlessAsked() throws {
    var check = StringsCheck(catalog: try catalog())
    (check.canvases, check.categories) = (["45mm"], [.large])
    #expect(try !check.rows().contains { $0.key == "Old screen title" })
    check.includesStale = true
    #expect(try check.rows().contains { $0.key == "Old screen title" })
    #expect(check.checkedLanguages == ["en", "ar", "de", "fr", "ja", "ru"])
  }

  /// Each row is what `render` gives for the same key's layout, language, canvas and size, for
  /// every row (the command's `render --json` agrees: `StringsCommandTests`).
  @Test func rowsEqualRendersOfTheSameLayout() throws {
    var check = StringsCheck(catalog: try catalog())
    (check.canvases, check.categories) = (["38mm", "45mm"], [.extraSmall, .extraExtraExtraLarge])
    let rows = try check.rows()
    #expect(rows.count > 100)
    #expect(rows.contains { $0.problems.contains("broken-word") }, "German on 38mm at xxxLarge does not fit whole")
    let renderer = WordStackRenderer()
    for row in rows {
      var spec = try check.layouts.spec(forKey: row.key, text: row.text)
      (spec.language, spec.canvas, spec.dynamicType) = (
        row.language, row.canvas, try ContentSizeCategory.parse(row.dynamicType)
      )
      let fit = try renderer.render(spec).layout.fit
      #expect(fit.size == row.size && fit.limit.rawValue == row.limit, "\(row.key) \(row.language) \(row.canvas)")
    }
  }

  /// A key's layout with `"hyphenation": "auto"` hyphenates each language's text with that
  /// language's dictionary (the catalog's language, no `--language`): the German compound that
  /// broke between characters on 38mm at xxxLarge is hyphenated instead, no smaller.
  @Test func hyphenationUsesTheCatalogsLanguage() throws {
    var check = StringsCheck(catalog: try catalog())
    (check.canvases, check.categories) = (["38mm"], [.extraExtraExtraLarge])
    let broken = try #require(try check.rows().first { $0.key == "Battery optimisation" && $0.language == "de" })
    let file = try TestPaths.makeTemporaryDirectory() + "/wordfit-strings.json"
    try #"{"default": {"hyphenation": "auto"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
    check.layouts = try StringsLayouts(contentsOf: file)
    let row = try #require(try check.rows().first { $0.key == "Battery optimisation" && $0.language == "de" })
    #expect(!row.problems.contains("broken-word"), "\(row.problems)")
    #expect(broken.problems == ["broken-word"] && row.size >= broken.size, "\(row.size) against \(broken.size)")
  }

  @Test func aFailingStringSaysWhereItWouldFitAndHowMuchShorter() throws {
    var check = StringsCheck(catalog: try catalog())
    (check.canvases, check.categories) = (["38mm"], [.extraExtraExtraLarge])
    // By default the overlong compound breaks between characters, and says so.
    let broken = try #require(try check.rows().first { $0.key == "Battery optimisation" && $0.language == "de" })
    #expect(broken.problems == ["broken-word"])
    check.layouts = try shrinkingLayouts()
    let row = try #require(try check.rows().first { $0.key == "Battery optimisation" && $0.language == "de" })
    #expect(row.problems == ["truncated", "min-scale"])
    let fit = try #require(row.wouldFitAt)
    #expect(fit < row.size)
    // It does fit at that size: the same layout with that maximum and no minimum.
    var spec = try check.layouts.spec(forKey: row.key, text: row.text)
    (spec.language, spec.canvas, spec.maxSize, spec.minScale) = ("de", "38mm", fit, 1)
    #expect(try WordStackRenderer().render(spec).layout.fit.limit != .minimumSize)
    #expect((row.overflowPercent ?? 0) > 10 && (row.overflowPercent ?? 100) < 30)
  }

  /// Each layout with a problem is written as the PNG `render` gives for it; the page shows a row
  /// per string and loads each image from its `cells/` folder.
  @Test func problemImagesAreRendersAndThePageShowsThem() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    var check = StringsCheck(catalog: try catalog())
    (check.canvases, check.categories) = (["38mm", "45mm"], [.large, .extraExtraExtraLarge])
    check.layouts = try shrinkingLayouts()
    check.imageFolder = directory + "/" + StringsPage.imageSubfolder
    let rows = try check.rows()
    let failing = rows.filter { !$0.problems.isEmpty }
    #expect(failing.count >= 2)
    #expect(rows.allSatisfy { ($0.image == nil) == $0.problems.isEmpty })
    #expect(Set(failing.compactMap(\.image)).count == failing.count, "one file per layout")
    let renderer = WordStackRenderer()
    for row in failing {
      var spec = try check.layouts.spec(forKey: row.key, text: row.text)
      (spec.language, spec.canvas, spec.dynamicType) = (
        row.language, row.canvas, try ContentSizeCategory.parse(row.dynamicType)
      )
      let written = try Data(contentsOf: URL(fileURLWithPath: try #require(row.image)))
      #expect(Array(written) == (try renderer.render(spec).pngData()), "\(row.key) \(row.language) \(row.canvas)")
    }
    try StringsPage.write(rows, to: directory, title: "t", summary: "s")
    let page = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
    let strings = Set(rows.map { [$0.key, $0.language, $0.variant] })
    #expect(page.components(separatedBy: "<tr class=").count - 1 == strings.count)
    let sources = page.components(separatedBy: "<img src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(sources.count == failing.count)
    for source in sources { #expect(FileManager.default.fileExists(atPath: directory + "/" + source)) }
    #expect(page.contains("id=language") && page.contains("id=problem") && page.contains("id=canvas"))
    #expect(page.contains("Batterielaufzeitoptimierung") && page.contains("shorter"))
  }

  /// A key laid out `curved` (along the bezel) is checked on the round screens only.
  @Test func aCurvedKeyIsCheckedOnRoundScreens() throws {
    let file = try TestPaths.makeTemporaryDirectory() + "/wordfit-strings.json"
    try #"{"keys": {"Start workout": {"layout": "curved", "sweep": 60}}}"#.write(
      toFile: file, atomically: true, encoding: .utf8)
    var check = StringsCheck(catalog: try catalog())
    check.layouts = try StringsLayouts(contentsOf: file)
    (check.canvases, check.categories, check.languages) = (["45mm", "wear-large"], [.large], ["en", "de"])
    let rows = try check.rows()
    let curved = rows.filter { $0.key == "Start workout" }
    #expect(curved.count == 2 && curved.allSatisfy { $0.canvas == "wear-large" }, "\(curved.map(\.canvas))")
    #expect(rows.contains { $0.key != "Start workout" && $0.canvas == "45mm" })
    var spec = try check.layouts.spec(forKey: "Start workout", text: curved[1].text)
    (spec.language, spec.canvas) = ("de", "wear-large")
    #expect(try WordStackRenderer().render(spec).layout.fit.size == curved[1].size)
  }

  /// Keys checked against a Wear OS edge button: on the round screens only, each a row that says
  /// whether the label fits the button's lines (German runs longer and is cut).
  @Test func keysAreCheckedAgainstAnEdgeButton() throws {
    let file = try TestPaths.makeTemporaryDirectory() + "/wordfit-strings.json"
    try #"{"keys": {"Battery*": {"edgeButton": 56}}}"#.write(toFile: file, atomically: true, encoding: .utf8)
    var check = StringsCheck(catalog: try catalog())
    check.layouts = try StringsLayouts(contentsOf: file)
    (check.canvases, check.categories, check.languages) = (["45mm", "wear-small"], [.large], ["en", "de"])
    let rows = try check.rows().filter { $0.key == "Battery optimisation" }
    #expect(rows.map(\.canvas) == ["wear-small", "wear-small"])
    let german = try #require(rows.first { $0.language == "de" })
    #expect(german.problems.contains("truncated") && german.size == 30, "\(german.problems)")
  }

  @Test func layoutsByGlobAndExactKey() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let file = directory + "/wordfit-strings.json"
    try
      #"{"default": {"style": "headline"}, "keys": {"Battery*": {"layout": "line"}, "Battery optimisation": {"maxSize": 20}}}"#
      .write(toFile: file, atomically: true, encoding: .utf8)
    let layouts = try StringsLayouts(contentsOf: file)
    let battery = try layouts.spec(forKey: "Battery optimisation", text: "x")
    #expect(battery.layout == .line && battery.maxSize == 20 && battery.style == .headline)
    let other = try layouts.spec(forKey: "Start workout", text: "x")
    #expect(other.layout == .wrap && other.lineLimit == 2 && other.maxSize == nil)
    try #"{"keys": {"x": {"style": "huge"}}}"#.write(toFile: file, atomically: true, encoding: .utf8)
    let layoutsWithBadKey = try StringsLayouts(contentsOf: file)
    #expect(throws: WordFitError.self) { try layoutsWithBadKey.spec(forKey: "x", text: "x") }
  }

  /// A stack group with `scroll` is checked as its Wear OS list, on the round canvases only: a
  /// row per key with `cut-by-screen` exactly where `stack --scroll` cuts its label; with no
  /// round canvas, a row of `unchecked` per key, never dropped.
  @Test func aScrolledStackGroupIsCheckedAsItsList() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let file = directory + "/wordfit-strings.json"
    try
      #"{"stacks": [{"keys": ["Battery optimisation", "Start workout"], "width": "fill", "maxSize": 44, "scroll": 5}]}"#
      .write(toFile: file, atomically: true, encoding: .utf8)
    var check = StringsCheck(catalog: try catalog())
    check.layouts = try StringsLayouts(contentsOf: file)
    (check.canvases, check.categories, check.languages) = (["wear-small", "45mm"], [.large], ["en", "de"])
    let rows = try check.rows().filter { ["Start workout", "Battery optimisation"].contains($0.key) }
    #expect(rows.count == 2 * 2 && rows.allSatisfy { $0.canvas == "wear-small" })
    let renderer = StackRenderer()
    for language in ["en", "de"] {
      let pair = rows.filter { $0.language == language }
      var spec = StackSpec(labels: pair.map(\.text))
      (spec.width, spec.maxSize, spec.scroll, spec.language) = (.fill, 44, 5, language)
      (spec.canvas, spec.dynamicType) = ("wear-small", .large)
      let cut = Set(try renderer.renderScroll(spec).cutLabels.map(\.index))
      for (index, row) in pair.enumerated() {
        #expect(row.problems.contains("cut-by-screen") == cut.contains(index), "\(language) \(row.key)")
      }
    }
    #expect(rows.contains { $0.problems.contains("cut-by-screen") })
    check.canvases = ["45mm"]
    let unchecked = try check.rows().filter { ["Start workout", "Battery optimisation"].contains($0.key) }
    #expect(unchecked.count == 2 * 2 && unchecked.allSatisfy { $0.problems == ["unchecked"] })
  }

  /// Keys in a `stacks` group are laid out together, as `wordfit stack` lays out their labels:
  /// one common size, a row per key, truncation per box.
  @Test func stackGroupsShareOneSizeAsStackDoes() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let file = directory + "/wordfit-strings.json"
    try
      #"{"default": {"fontScale": 1.2, "maxSize": 10}, "stacks": [{"keys": ["Start workout", "Battery optimisation"], "stylePreset": "plain", "maxSize": 34, "minScale": 1}]}"#
      .write(toFile: file, atomically: true, encoding: .utf8)
    var check = StringsCheck(catalog: try catalog())
    check.layouts = try StringsLayouts(contentsOf: file)
    (check.canvases, check.categories, check.languages) = (
      ["38mm", "45mm"], [.large, .extraExtraExtraLarge], ["en", "de"]
    )
    let rows = try check.rows()
    let stacked = rows.filter { ["Start workout", "Battery optimisation"].contains($0.key) }
    #expect(stacked.count == 2 * 2 * 2 * 2, "a row per key, language, canvas and size: no word-stack rows")
    #expect(stacked.contains { $0.problems.contains("truncated") } && stacked.contains { $0.problems.isEmpty })
    #expect(stacked.contains { $0.overflowPercent != nil })
    let renderer = StackRenderer()
    for language in ["en", "de"] {
      for canvas in ["38mm", "45mm"] {
        for category in [ContentSizeCategory.large, .extraExtraExtraLarge] {
          let pair = stacked.filter {
            $0.language == language && $0.canvas == canvas && $0.dynamicType == category.rawValue
          }
          #expect(pair.map(\.key) == ["Start workout", "Battery optimisation"])
          var spec = StackSpec(labels: pair.map(\.text))
          (spec.stylePreset, spec.language, spec.canvas, spec.dynamicType) = (.plain, language, canvas, category)
          (spec.fontScale, spec.maxSize, spec.minScale) = (1.2, 34, 1)  // fontScale inherited, maxSize not
          let fit = try renderer.render(spec).layout.fit
          #expect(pair.allSatisfy { $0.size == fit.size && $0.limit == fit.limit.rawValue }, "\(language) \(canvas)")
          for (index, row) in pair.enumerated() {
            #expect(row.problems.contains("truncated") == fit.truncatedWordIndices.contains(index))
            #expect(row.problems.contains("min-scale") == (fit.limit == .minimumSize))
          }
          // Only the label that limits the stack is told to be shorter.
          #expect(pair.filter { $0.overflowPercent != nil }.count <= 1)
        }
      }
    }
    try #"{"stacks": [{"keys": ["No such key"]}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
    check.layouts = try StringsLayouts(contentsOf: file)
    #expect(throws: WordFitError.self) { try check.rows() }
    try #"{"stacks": [{"keys": ["A"]}, {"keys": ["A"]}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(throws: WordFitError.self) { try StringsLayouts(contentsOf: file) }
  }

}

/// Pseudolocales (issue 26): en-XA against strings computed by hand from the rules AOSP's
/// `Pseudolocalizer.cpp` documents, ar-XB's bidi wrapping, and the two Xcode-style ones.
@Suite struct PseudolocaleTests {
  @Test(arguments: [
    // Letters mapped; the filler is half the length counted (every character outside
    // placeholders), cut after the next whole word; words are counted as AOSP counts them.
    ("Start", "[Šţåŕţ one]"),
    ("Battery optimisation", "[βåţţéŕý öþţîḿîšåţîöñ one two three]"),
    ("%lld steps", "[»%lld« šţéþš one two]"),
    ("Done!", "[Ðöñé¡ one]"),
    ("100%% sure?", "[100%% šûŕé¿ one two]"),
    ("Reply to %@", "[Ŕéþļý ţö »%@« one two]"),
    ("1 2 3 4 5 6", "[1 2 3 4 5 6 one two three]"),  // 6 words: the filler is the whole length (11)
    ("Heart rate in %#@minutes@", "[Ĥéåŕţ ŕåţé îñ »%#@minutes@« one two three]"),
  ])
  func accentedFollowsAndroid(_ source: String, _ expected: String) {
    #expect(Pseudolocale.accented.apply(source) == expected)
  }

  @Test func fillerRepeatsPastItsEnd() {
    let long = String(repeating: "x ", count: 90)
    let filler = Accented.filler(200)
    #expect(filler.hasPrefix(Accented.expansion + " one two"))
    #expect(Pseudolocale.accented.apply(long).hasSuffix("]"))
  }

  @Test func rtlWrapsEachWord() {
    #expect(
      Pseudolocale.rtl.apply("Start workout")
        == "\u{200F}\u{202E}Start\u{202C}\u{200F} \u{200F}\u{202E}workout\u{202C}\u{200F}")
    #expect(Pseudolocale.double.apply("Start") == "Start Start")
    #expect(Pseudolocale.bounded.apply("Start") == "[# Start #]")
  }

  @Test func pseudolocalesAreExtraLanguagesOfTheSourceStrings() throws {
    var check = StringsCheck(catalog: try StringCatalog.load(contentsOf: StringCatalogTests.path))
    (check.canvases, check.categories, check.languages) = (["45mm"], [.large], ["en"])
    check.pseudolocales = [.accented, .rtl]
    let rows = try check.rows()
    let accented = rows.filter { $0.language == "en-XA" && $0.key == "%lld steps" }.map(\.text)
    #expect(accented == ["[»1« šţéþ one]", "[»2« šţéþš one two]"], "placeholders filled after the transform")
    #expect(rows.contains { $0.language == "ar-XB" && $0.key == "Start workout" })
    let substituted = rows.first { $0.language == "en-XA" && $0.key == "Heart rate in %#@minutes@" }
    #expect(substituted?.text == "[Ĥéåŕţ ŕåţé îñ »1 minute« one two three]")
  }
}

/// The legacy forms (issue 26): `.strings` (UTF-8 and UTF-16 with a BOM, escapes) and
/// `.stringsdict` (plural and device rules, substitutions) exported from the same catalog
/// (`scripts/make-legacy-strings.py`) give the same table.
@Suite struct LegacyStringsTests {
  static let folder = TestPaths.fixtures + "/strings/legacy"

  @Test func theLegacyFormsGiveTheCatalogsTable() throws {
    func table(_ catalog: StringCatalog) throws -> [StringsRow] {
      var check = StringsCheck(catalog: catalog)
      (check.canvases, check.categories) = (["38mm", "45mm"], [.extraSmall, .extraExtraExtraLarge])
      return try check.rows()
    }
    let legacy = try table(try StringCatalog.load(contentsOf: Self.folder, sourceLanguage: "en"))
    let catalog = try table(try StringCatalog.load(contentsOf: StringCatalogTests.path))
    #expect(legacy.count == catalog.count && legacy.count > 100)
    #expect(legacy == catalog)
    // Xcode's XLIFF export of the same catalog, one file per language, read as one folder.
    var xliff: [StringsRow] = []
    for language in ["en", "ar", "de", "fr", "ja", "ru"] {
      let rows = try table(
        try StringCatalog.load(
          contentsOf: TestPaths.fixtures + "/strings/xliff/\(language).xliff", sourceLanguage: "en"))
      xliff += rows.filter { $0.language == language }
    }
    let order = { (row: StringsRow) in
      "\(row.key)\u{1F}\(row.language)\u{1F}\(row.variant)\u{1F}\(row.canvas)\u{1F}\(row.dynamicType)"
    }
    #expect(xliff.sorted { order($0) < order($1) } == catalog.sorted { order($0) < order($1) })
  }

  @Test func stringsFilesDecodeEscapesCommentsAndUTF16() throws {
    let text = #"""
      /* A comment */ "a" = "line\none \"two\"";  // trailing
      "b" = "\U00E9t\u00E9";
      unquoted = "x";
      "same";
      """#
    let entries = try LegacyStrings.entries(Array(text.utf8), source: "t.strings")
    #expect(entries.map(\.key) == ["a", "b", "unquoted", "same"])
    #expect(entries.map(\.value) == ["line\none \"two\"", "été", "x", "same"])
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in "\"k\" = \"Grüße\";".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    #expect(try LegacyStrings.entries(utf16, source: "t.strings").first?.value == "Grüße")
    #expect(throws: WordFitError.self) { try LegacyStrings.entries(Array(#""a" = "b""#.utf8), source: "t.strings") }
  }

  @Test func oneFileTakesItsFoldersLanguage() throws {
    let catalog = try StringCatalog.load(
      contentsOf: Self.folder + "/de.lproj/Localizable.strings", sourceLanguage: "en")
    #expect(catalog.entries.first { $0.key == "Battery optimisation" }?.localizations["de"] != nil)
  }
}

/// The XLIFF scanner on what Xcode's exports hold, and on what they should not.
@Suite struct XMLScannerTests {
  @Test func tokensEntitiesCommentsAndCDATA() {
    let xml = #"<?xml version="1.0"?><!-- c --><a x="1 &amp; 2" y='z'>t&lt;&#233;&#x41;<![CDATA[<raw>]]><b/></a>"#
    var scanner = XMLScanner(Array(xml.utf8))
    var tokens: [XMLScanner.Token] = []
    while let token = scanner.next() { tokens.append(token) }
    #expect(
      tokens == [
        .start("a", ["x": "1 & 2", "y": "z"]), .text("t<éA"), .text("<raw>"), .start("b", [:]), .end("b"), .end("a"),
      ])
  }

  @Test func manyCommentsAndUnclosedMarkupEndQuietly() {
    let comments = String(repeating: "<!-- x -->", count: 200_000) + "<a>"
    var scanner = XMLScanner(Array(comments.utf8))
    #expect(scanner.next() == .start("a", [:]))
    var broken = XMLScanner(Array("<a><!-- never closed".utf8))
    #expect(broken.next() == .start("a", [:]))
    #expect(broken.next() == nil)
  }
}

/// `--word-break phrase` in a catalog's layouts (issue 58 item 3): a Japanese phrase too wide
/// for a line at the legible size is reported as `broken-phrase`, and nowhere else.
@Suite struct StringsPhraseTests {
  @Test func aPhraseBrokenAtTheLegibleSizeIsReported() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    let catalog = #"""
      {"sourceLanguage": "en", "version": "1.0", "strings": {
        "Conference": {"localizations": {"ja": {"stringUnit": {"state": "translated",
          "value": "インターナショナルコンピューターサイエンスカンファレンスに参加します"}}}},
        "Start workout": {"localizations": {"ja": {"stringUnit": {"state": "translated",
          "value": "ワークアウトを開始しますか？"}}}}}}
      """#
    try catalog.write(toFile: folder + "/Localizable.xcstrings", atomically: true, encoding: .utf8)
    try #"{"default": {"wordBreak": "phrase", "lineLimit": null}}"#.write(
      toFile: folder + "/wordfit-strings.json", atomically: true, encoding: .utf8)
    var check = StringsCheck(catalog: try StringCatalog.load(contentsOf: folder + "/Localizable.xcstrings"))
    check.layouts = try StringsLayouts(contentsOf: folder + "/wordfit-strings.json")
    (check.canvases, check.categories, check.languages) = (["38mm"], [.large], ["ja"])
    let rows = try check.rows()
    let conference = try #require(rows.first { $0.key == "Conference" })
    #expect(conference.problems.contains("broken-phrase"), "\(conference.problems)")
    let workout = try #require(rows.first { $0.key == "Start workout" })
    #expect(!workout.problems.contains("broken-phrase"), "\(workout.problems)")
  }
}
