import WordFitCore
import WordFitImage
import WordFitText

/// Which rows of the input this process renders: those whose 0-based data row index `i`
/// satisfies `i % count == index`.
public struct Shard: Sendable, Equatable {
  /// This shard, 0 ..< count.
  public var index: Int
  /// The number of shards.
  public var count: Int

  /// Every row.
  public static let all = Shard(index: 0, count: 1)

  /// Creates a shard.
  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `K/N` (0 ≤ K < N).
  ///
  /// - Throws: ``WordFitError`` `.usage` otherwise.
  public static func parse(_ text: String) throws -> Shard {
    let parts = text.split(separator: "/").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, count <= 1_000_000,
      (0..<count).contains(index)
    else {
      throw WordFitError.malformed(
        .shard, text, expected: "K/N with 0 ≤ K < N ≤ 1000000 (shards count from 0, like JOB_COMPLETION_INDEX)")
    }
    return Shard(index: index, count: count)
  }

  /// Whether data row `rowIndex` (0-based) belongs to this shard.
  public func contains(_ rowIndex: Int) -> Bool { rowIndex % count == index }
}
