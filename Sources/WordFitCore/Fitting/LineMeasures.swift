/// Candidate lines of a wrapped text measured at a size, kept across the searches of every line
/// count on a shaped outline (``Fitter/fitOnOutline(_:segments:)``): the counts lay the same
/// text out at the same sizes, so most of their candidate lines are the same. It also keeps
/// where the last line laid out from each segment ended, which a layout at a nearby size starts
/// its search for that line from.
final class LineMeasures {
  /// A candidate line: segments `start..<end` at `units` (1/64 px).
  struct Key: Hashable {
    var start: Int
    var end: Int
    var units: Int
  }

  /// Lines kept before the cache is emptied (about 100 bytes each beside their text).
  static let limit = 200_000

  private(set) var known: [Key: (text: String, metrics: WordMetrics)] = [:]

  /// For each segment a line started at, the end (exclusive) of the last such line laid out, at
  /// whatever size: at most one entry a segment.
  var ends: [Int: Int] = [:]

  /// Keeps `line` for `key`, emptying the cache first when it is full.
  func remember(_ line: (text: String, metrics: WordMetrics), for key: Key) {
    if known.count >= Self.limit { known.removeAll(keepingCapacity: true) }
    known[key] = line
  }
}
