/// A measurer that remembers what it measured: the fits of one text with and without its
/// words broken (whole words, hyphenated, each broken word tried whole again) measure many of
/// the same lines at the same sizes, and each measurement shapes the line.
///
/// Memory is bounded: past ``capacity`` entries the memory starts afresh.
final class MemoizingMeasurer<Base: WordMeasuring>: WordMeasuring {
  private struct Key: Hashable {
    var text: String
    var units: Int
  }

  private let base: Base
  private var remembered: [Key: WordMetrics] = [:]
  /// The most measurements remembered at once.
  static var capacity: Int { 16_384 }

  init(_ base: Base) { self.base = base }

  func unscaledAdvance(of text: String) -> Double { base.unscaledAdvance(of: text) }
  func lineMetrics(atSize size: Double) -> LineMetrics { base.lineMetrics(atSize: size) }
  var positionStep: Double { base.positionStep }

  /// The base measurer's answer, measured once per text and size.
  func metrics(of text: String, atSize size: Double) -> WordMetrics {
    let key = Key(text: text, units: Int((size * 64).rounded()))
    if let known = remembered[key] { return known }
    let measured = base.metrics(of: text, atSize: size)
    if remembered.count >= Self.capacity { remembered.removeAll(keepingCapacity: true) }
    remembered[key] = measured
    return measured
  }
}
