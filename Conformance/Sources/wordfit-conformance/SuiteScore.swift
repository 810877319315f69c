/// One suite's result: cases passed of those run, skips by reason, and every failure.
struct SuiteScore: Encodable {
  var name: String
  var passed = 0
  var total = 0
  var skipped: [String: Int] = [:]
  var failures: [String] = []

  mutating func pass() {
    passed += 1
    total += 1
  }

  mutating func fail(_ what: String) {
    total += 1
    failures.append(what)
  }

  mutating func skip(_ reason: String) { skipped[reason, default: 0] += 1 }

  /// `hyphen: 40/41 (skipped 3: …)`.
  var line: String {
    let skips = skipped.sorted { $0.key < $1.key }.map { "\($0.value): \($0.key)" }
    return "\(name): \(passed)/\(total)" + (skips.isEmpty ? "" : " (skipped " + skips.joined(separator: "; ") + ")")
  }
}
