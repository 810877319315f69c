import Foundation
import WordFitCore

/// A BudouX phrase model (google/budoux, Apache-2.0): weights of the characters around each
/// position, read as data from the model's JSON. A phrase starts before a character when the
/// weights of the features present around it sum to more than half the sum of every weight in
/// the model (BudouX's published scoring). Features, by the characters they look at, with the
/// candidate position between characters `i − 1` and `i`: `UW1`…`UW6` one character each from
/// `i − 3` to `i + 2`; `BW1`…`BW3` the pairs starting at `i − 2`, `i − 1` and `i`; `TW1`…`TW4`
/// the triples starting at `i − 3` to `i`. Characters are Unicode scalars, as BudouX counts them.
public struct PhraseModel: Sendable {
  /// The feature groups, in the order of ``init(json:)``'s table: where each starts relative to
  /// the candidate position and how many characters it reads.
  static let groups: [(name: String, start: Int, length: Int)] = [
    ("UW1", -3, 1), ("UW2", -2, 1), ("UW3", -1, 1), ("UW4", 0, 1), ("UW5", 1, 1), ("UW6", 2, 1),
    ("BW1", -2, 2), ("BW2", -1, 2), ("BW3", 0, 2),
    ("TW1", -3, 3), ("TW2", -2, 3), ("TW3", -1, 3), ("TW4", 0, 3),
  ]
  /// The most entries a model may hold (BudouX's are about 8,000), and the largest weight.
  static let entryLimit = 200_000
  static let weightLimit = 1_000_000_000

  /// Each group's weights by the characters it reads.
  private let weights: [[String: Int]]
  /// Twice the score a position needs to pass: the sum of every weight in the model.
  private let total: Int

  /// Reads a model: a JSON object of feature groups, each an object of characters → a whole
  /// weight.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when it is not such an object, a key is not
  ///   one, two or three characters as its group reads, a weight is not a whole number within
  ///   ±10⁹, or it holds more than 200,000 entries.
  public init(json: Data, source: String) throws {
    func bad(_ what: String) -> WordFitError {
      WordFitError(.invalidData, "\(source) is not a BudouX phrase model: \(what)", input: source)
    }
    guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
      throw bad("not a JSON object")
    }
    var weights: [[String: Int]] = []
    var (total, entries) = (0, 0)
    for group in Self.groups {
      guard let table = root[group.name] as? [String: Any] ?? (root[group.name] == nil ? [:] : nil) else {
        throw bad("\(group.name) is not an object")
      }
      entries += table.count
      guard entries <= Self.entryLimit else { throw bad("more than \(Self.entryLimit) entries") }
      var own: [String: Int] = [:]
      for (key, value) in table {
        guard key.unicodeScalars.count == group.length else {
          throw bad("\(group.name) key is not \(group.length) characters")
        }
        guard let number = value as? NSNumber, let weight = Int(exactly: number.doubleValue),
          abs(weight) <= Self.weightLimit
        else { throw bad("\(group.name) weight is not a whole number within ±\(Self.weightLimit)") }
        own[key] = weight
        total += weight
      }
      weights.append(own)
    }
    (self.weights, self.total) = (weights, total)
  }

  /// Where phrases start in `scalars`: each index `i` (1 ≤ `i` < count) before which a phrase
  /// begins.
  ///
  /// - Complexity: O(*n*) dictionary lookups (13 a position) for *n* scalars.
  public func phraseStarts(in scalars: [Unicode.Scalar]) -> [Int] {
    guard scalars.count > 1 else { return [] }
    var starts: [Int] = []
    for position in 1..<scalars.count {
      var score = 0
      for (index, group) in Self.groups.enumerated() {
        let first = position + group.start
        guard first >= 0, first + group.length <= scalars.count else { continue }
        var key = String.UnicodeScalarView()
        key.append(contentsOf: scalars[first..<(first + group.length)])
        score += weights[index][String(key)] ?? 0
      }
      // score − total / 2 > 0, kept whole.
      if 2 * score > total { starts.append(position) }
    }
    return starts
  }

  /// The models read so far, by path: each read once a process.
  nonisolated(unsafe) private static var opened: [String: PhraseModel] = [:]
  private static let sharedLock = NSLock()

  /// The model in the file at `path`, read once a process (a model is about 64 KB of JSON).
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when it cannot be read, else as ``init(json:source:)``.
  public static func shared(contentsOf path: String) throws -> PhraseModel {
    sharedLock.lock()
    defer { sharedLock.unlock() }
    if let known = opened[path] { return known }
    let fresh = try PhraseModel(
      json: Data(try InputFile.read(path, role: "phrase model", limit: 4 << 20)), source: path)
    opened[path] = fresh
    return fresh
  }
}
