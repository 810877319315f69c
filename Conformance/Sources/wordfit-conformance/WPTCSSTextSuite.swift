import Foundation
import WordFit

/// web-platform-tests' `css/css-text/{letter-spacing,word-break,overflow-wrap,hyphens}` pages as
/// `scripts/conformance/import-wpt-css-text.sh` reduced them: a text at a size in a box of a
/// width, with the properties its page sets, laid out by `wordfit render --layout wrap` as a
/// user would ask for it (`WordStackRenderer`, the size pinned: `--max-size S --min-scale 1
/// --min-legible S`, no insets, no fallback fonts), its lines or advances against the page's
/// reference. Pages that do not reduce so are skipped with their reason.
struct WPTCSSTextSuite {
  /// The suite's folder (cases.tsv, fonts/).
  var folder: String
  /// The font that stands for the pages' default and sans-serif fonts (DejaVu Sans).
  var sansFont: String

  /// Runs every case; one score (`wpt-css-text`).
  func run() throws -> SuiteScore {
    var score = SuiteScore(name: "wpt-css-text")
    for line in try String(contentsOfFile: folder + "/cases.tsv", encoding: .utf8).split(separator: "\n")
    where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 9 else {
        score.fail("unreadable case: \(line.prefix(80))")
        continue
      }
      if fields[1] == "-" {
        score.skip(fields[8])
        continue
      }
      do {
        guard let miss = try check(fields) else {
          if Self.deviations[fields[0]] != nil {
            score.fail("\(fields[0]) passes now: take it off the deviations")
          } else {
            score.pass()
          }
          continue
        }
        if let why = Self.deviations[fields[0]] {
          score.skip(why)
        } else {
          score.fail("\(fields[0]) (\(fields[1])): \(miss)")
        }
      } catch {
        score.fail("\(fields[0]) (\(fields[1])): \(error)")
      }
    }
    return score
  }

  /// Pages whose expectation WordFit meets differently on purpose, or where the line breaker's
  /// data (ICU's, as Debian ships it) differs from the page's: run, and skipped with the reason
  /// while they miss (a page that starts passing fails the suite until it is taken off).
  static let deviations: [String: String] = [
    "hyphens/hyphens-auto-004.html":
      "expects ideographic spaces (U+3000) at a line's end to take a line, where CSS Text 3 hangs them (as hyphens-auto-003 expects)",
    "overflow-wrap/overflow-wrap-anywhere-001.html": nbsp,
    "overflow-wrap/overflow-wrap-break-word-001.html": nbsp,
    "word-break/word-break-normal-my-000.html":
      "ICU's Burmese dictionary (Debian's ICU) has a word break inside မြန်မာစာ (မြန်မာ|စာ); the page expects none",
    "word-break/word-break-normal-tdd-000.html":
      "ICU has no Tai Nüa dictionary: it breaks between syllables, not words",
  ]

  static let nbsp = "starts with no-break spaces; WordFit trims white space at a text's ends, no-break spaces too"

  /// `nil` when the case holds, else what differs.
  func check(_ fields: [String]) throws -> String? {
    let font =
      ["ahem": folder + "/fonts/Ahem.ttf", "mono": folder + "/fonts/DejaVuSansMono.ttf"][fields[2]] ?? sansFont
    guard let size = Double(fields[3]),
      let text = try JSONSerialization.jsonObject(with: Data(fields[6].utf8), options: .fragmentsAllowed) as? String
    else { return "unreadable font size or text" }
    let box = CSSTextBox(font: font, size: size)
    let width = try box.width(fields[4], text: text)
    let test = try box.lay(text, width: width, settings: fields[5])
    let expected = try JSONSerialization.jsonObject(with: Data(fields[7].utf8))
    let alternatives = (expected as? [[String: Any]]) ?? [(expected as? [String: Any]) ?? [:]]
    var misses: [String] = []
    for alternative in alternatives {
      guard let miss = try box.compare(test, with: alternative, width: width) else { return nil }
      misses.append(miss)
    }
    return misses.joined(separator: "; or ")
  }
}
