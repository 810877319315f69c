import WordFitTestSupport

@testable import WordFitCore

extension FakeMeasurer {
  /// Whether words fit at `size` under `request`'s space, by the same rules as the fitter.
  func fits(_ words: [String], atSize size: Double, _ request: FitRequest) -> Bool {
    let metrics = words.map { self.metrics(of: $0, atSize: size) }
    guard metrics.allSatisfy({ $0.extentWidth <= request.availableWidth }) else { return false }
    let stack = VerticalStack(
      lines: metrics.map { (lineMetrics(atSize: size), $0.inkBounds) }, spacing: request.lineSpacing)
    return stack.height <= request.availableHeight
  }
}
