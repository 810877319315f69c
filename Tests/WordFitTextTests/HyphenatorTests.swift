import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitText

/// libhyphen through CHyphen with Debian's dictionaries (issue 40), against pyphen
/// (`Fixtures/hyphenation/pyphen.tsv`, made by `scripts/hyphenation-reference.sh`).
@Suite struct HyphenatorTests {
  func hyphenator(_ language: String) throws -> Hyphenator {
    let path = try #require(
      Hyphenator.dictionaryPath(for: language), "no dictionary for \(language); run scripts/setup.sh")
    return try Hyphenator(contentsOf: path)
  }

  /// Every point WordFit finds is one pyphen finds (the same patterns; Debian's dictionaries may
  /// be older, so fewer points are allowed), and most words pyphen breaks WordFit breaks too.
  @Test func pointsAreASubsetOfPyphens() throws {
    let table = try String(contentsOfFile: TestPaths.fixtures + "/hyphenation/pyphen.tsv", encoding: .utf8)
    var hyphenators: [String: Hyphenator] = [:]
    var (words, broken, brokenByBoth) = (0, 0, 0)
    for line in table.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 3 else { continue }
      let (language, word, reference) = (fields[0], fields[1], fields[2])
      let hyphenator = try hyphenators[language] ?? self.hyphenator(language)
      hyphenators[language] = hyphenator
      var theirs: Set<Int> = []
      var offset = 0
      for character in reference {
        if character == "-" { theirs.insert(offset) } else { offset += 1 }
      }
      let ours = Set(hyphenator.points(in: word))
      #expect(ours.isSubset(of: theirs), "\(language) \(word): ours \(ours.sorted()), pyphen \(reference)")
      words += 1
      if !theirs.isEmpty {
        broken += 1
        if !ours.isEmpty { brokenByBoth += 1 }
      }
    }
    #expect(words > 600 && hyphenators.count == 10)
    #expect(Double(brokenByBoth) >= 0.9 * Double(broken), "\(brokenByBoth) of \(broken) words")
  }

  /// CHyphen's own loader (a hash table sized to the dictionary, not libhyphen's fixed 31,627
  /// buckets) builds, state by state, the automaton libhyphen's `hnj_hyphen_load` builds, for
  /// every dictionary file `scripts/setup.sh` installs (with and without NEXTLEVEL, UTF-8 and
  /// 8-bit, non-standard breaks).
  @Test func ourLoaderBuildsLibhyphensAutomaton() throws {
    let folder = Hyphenator.dictionaryFolder
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasPrefix("hyph_") && $0.hasSuffix(".dic")
    }
    // Each file once (the language variants are links to a few files).
    let distinct = Set(files.map { URL(fileURLWithPath: folder + "/" + $0).resolvingSymlinksInPath().path })
    #expect(distinct.count >= 14)
    for path in distinct.sorted() {
      #expect(Hyphenator.loadersAgree(on: path) == true, "\(path)")
    }
  }

  /// WordFit's loader drops non-standard patterns' points where libhyphen marks them, so on
  /// Debian's dictionaries with such patterns (Hungarian's 2,216, German's) every word breaks
  /// exactly as libhyphen's own automaton with its non-standard points left out.
  @Test func droppingNonStandardPatternsKeepsEveryPoint() throws {
    let table = try String(contentsOfFile: TestPaths.fixtures + "/hyphenation/pyphen.tsv", encoding: .utf8)
    var words: [String: [String]] = [
      "hu": ["asszonyok", "hosszú", "eddzék", "loccsanás", "mennyiség", "könnyű", "anyja", "kötelesség"],
      "de": ["Schiffahrt", "Zucker", "Bettuch", "Rechtsschutzversicherung", "Stofffarbe"],
    ]
    for line in table.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t").map(String.init)
      if fields.count == 3, words[fields[0]] != nil { words[fields[0]]?.append(fields[1]) }
    }
    var compared = 0
    for (language, list) in words {
      let path = try #require(Hyphenator.dictionaryPath(for: language))
      let ours = try Hyphenator(contentsOf: path)
      let theirs = try Hyphenator(libhyphenContentsOf: path)
      for word in list {
        #expect(ours.points(in: word) == theirs.points(in: word), "\(language) \(word)")
        compared += 1
      }
    }
    #expect(compared > 150)
  }

  /// A dictionary is data: non-standard patterns with any index and cut (the attack's crashed
  /// libhyphen with a double free and a SIGSEGV) give no point and no crash, and a file that is
  /// not a dictionary is refused naming it.
  @Test func hostileDictionariesAreDataNotCrashes() throws {
    let folder = try TestPaths.makeTemporaryDirectory(with: [
      "hyph_xx.dic": "UTF-8\nf1f/ff=f,1,2\nc1k/k=k,1,2\na1b/x=y,-5,100\n1z1/abc=def,200,-3\nq1/=,0,0\n1b1\n",
      "hyph_nul.dic": "UTF-8\n1a\u{0}b\n",
      "hyph_long.dic": "UTF-8\n" + String(repeating: "a1", count: 60) + "\n",
      "hyph_empty.dic": "",
      "hyph_nocharset.dic": "\n1a1\n",
    ])
    let hostile = try Hyphenator(contentsOf: folder + "/hyph_xx.dic")
    // The non-standard "f1f" and "c1k" (their digit inside their window) offer nothing.
    #expect(hostile.points(in: "schiffahrt").isEmpty && hostile.points(in: "zucker").isEmpty)
    for word in ["azbzqzzb", "abzzzzqabba", String(repeating: "zq", count: 120)] {
      // Only "1b1", "1z1" and "q1" (whose windows miss their digits: index 200, and index -1 with
      // no cut) give points.
      let characters = Array(word)
      let points = hostile.points(in: word)
      #expect(
        !points.isEmpty && points.allSatisfy { "bzq".contains(characters[$0 - 1]) || "bzq".contains(characters[$0]) })
    }
    for (name, why) in [
      ("hyph_nul.dic", "NUL byte"), ("hyph_long.dic", "more than the 98"), ("hyph_empty.dic", "character set"),
      ("hyph_nocharset.dic", "character set"),
    ] {
      let error = try #require(throws: WordFitError.self) { try Hyphenator(contentsOf: folder + "/" + name) }
      #expect(error.kind == .invalidData && error.message.contains(name), "\(error.message)")
      #expect(error.message.contains(why), "\(name): \(error.message)")
    }
    // The fuzzer's finding: a NOHYPHEN list with an empty element ("4,,1") made libhyphen's
    // strstr match at every offset past the word's end, writing over the stack.
    let empty = try Hyphenator(
      contentsOf: TestPaths.packageRoot + "/Tests/WordFitTextTests/Inputs/hyph_empty_nohyphen.dic")
    for word in ["schiffahrt", "asszonyok", "extraordinary", "zucker"] { _ = empty.points(in: word) }
    let lists = try TestPaths.makeTemporaryDirectory(with: ["hyph_xx.dic": "UTF-8\nNOHYPHEN ,,a,,\r\r\n1b1\n"])
    #expect(try Hyphenator(contentsOf: lists + "/hyph_xx.dic").points(in: "abba") == [2])
    // hunspell/hyphen's tests/boundary (the conformance suite found it): a digit before a leading
    // "." or after a trailing one marks a point outside the word, which libhyphen 2.8.8 wrote
    // outside its own arrays; "1.a" aborted the process ("free(): invalid pointer") hyphenating
    // "apple". The loader drops such digits; other points of the same patterns stay.
    let edges = try TestPaths.makeTemporaryDirectory(with: ["hyph_xx.dic": "UTF-8\n1.a\ne.1\n1.b1\nb1b\n"])
    let outside = try Hyphenator(contentsOf: edges + "/hyph_xx.dic")
    var pointsSeen: Set<[Int]> = []
    for _ in 0..<200 { pointsSeen.formUnion([outside.points(in: "apple"), outside.points(in: "babble")]) }
    #expect(pointsSeen == [[], [3]], "apple: none; babble: b1b's bab|ble")
    let big = folder + "/hyph_big.dic"
    try Data(("UTF-8\n" + String(repeating: "1ab\n", count: 1_100_000)).utf8).write(to: URL(fileURLWithPath: big))
    let error = try #require(throws: WordFitError.self) { try Hyphenator(contentsOf: big) }
    #expect(error.message.contains("4 MiB"), "\(error.message)")
  }

  @Test func germanCompoundsAndTheMinimums() throws {
    let german = try hyphenator("de-DE")
    #expect(german.points(in: "Batterieoptimierung") == [3, 5, 8, 10, 12, 15])
    #expect(german.points(in: "Größenänderung").allSatisfy { $0 >= german.leftMinimum })
    #expect(german.points(in: "Ei").isEmpty)
    // Upper case is hyphenated as lower case, and the offsets are the word's own.
    #expect(german.points(in: "BATTERIEOPTIMIERUNG") == german.points(in: "batterieoptimierung"))
  }

  @Test func pointsFallBetweenGraphemeClustersOnly() throws {
    // "é" decomposed (e + U+0301): a break after the "e" would start a line with the mark.
    let french = try hyphenator("fr")
    let word = "de\u{301}sactivation"
    let points = french.points(in: word)
    #expect(!points.isEmpty)
    let characters = Array(word)
    for point in points {
      #expect(characters[point].unicodeScalars.first?.properties.generalCategory != .nonspacingMark)
    }
    let pieces = french.hyphenated([LineSegment(word + " "), LineSegment("Dienst")])
    #expect(pieces.map(\.text).joined() == word + " Dienst")
    #expect(pieces.dropLast().filter { !$0.endsWithHyphenationPoint }.count == 1, "the space ends the word")
    #expect(pieces.allSatisfy { $0.text.unicodeScalars.first?.properties.generalCategory != .nonspacingMark })
  }

  /// The package a missing dictionary comes from, as Debian 12 names it; Finnish has none
  /// (the warning named hyphen-fi, which does not exist).
  @Test func missingDictionariesNameDebiansPackage() {
    #expect(Hyphenator.debianPackage(for: "de-CH") == "hyphen-de")
    #expect(
      Hyphenator.debianPackage(for: "en-GB") == "hyphen-en-gb" && Hyphenator.debianPackage(for: "en") == "hyphen-en-us")
    #expect(
      Hyphenator.debianPackage(for: "pt-BR") == "hyphen-pt-br" && Hyphenator.debianPackage(for: "nb") == "hyphen-no")
    #expect(Hyphenator.debianPackage(for: "fi") == nil && Hyphenator.debianPackage(for: "ja") == nil)
  }

  @Test func dictionariesByLanguageTag() throws {
    #expect(Hyphenator.dictionaryPath(for: "de-CH")?.hasSuffix("hyph_de_CH.dic") == true)
    #expect(Hyphenator.dictionaryPath(for: "en")?.hasSuffix("hyph_en.dic") == true)
    #expect(Hyphenator.dictionaryPath(for: "pt")?.contains("hyph_pt") == true)
    #expect(Hyphenator.dictionaryPath(for: "tlh") == nil)
    #expect(Hyphenator.dictionaryPath(for: "../etc") == nil)
    #expect(throws: WordFitError.self) { try Hyphenator(contentsOf: TestPaths.fixtures + "/no-such.dic") }
  }
}
