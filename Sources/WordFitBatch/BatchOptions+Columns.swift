import Foundation
import WordFitCore

extension BatchOptions {
  /// The columns' names from `--columns`-style text, `a,b,c`: trimmed, none empty, none twice
  /// (whatever the case), at most 10,000.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the column names parameter otherwise.
  public static func columnNames(_ text: String) throws -> [String] {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard names.count <= 10_000, !names.contains(where: \.isEmpty) else {
      throw WordFitError.malformed(
        .columns, TextFormatting.excerpt(text, limit: 40), expected: "names separated by commas, none empty")
    }
    var seen = Set<String>()
    for name in names where !seen.insert(name.lowercased()).inserted {
      throw WordFitError.malformed(
        .columns, TextFormatting.excerpt(text, limit: 40), expected: "names each given once ('\(name)' is twice)")
    }
    return names
  }
}
