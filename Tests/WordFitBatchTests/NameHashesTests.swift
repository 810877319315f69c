import Testing
import WordFitTestSupport

@testable import WordFitBatch

/// The compact set behind unique file names (issue 28: memory at a million rows).
@Suite struct NameHashesTests {
  /// Against Swift's `Set`: the same answers for every insertion, past the expected count (it
  /// grows), with the hash 0 and with values that collide on their slot.
  @Test(arguments: [0, 10, 1000])
  func answersAsASetDoes(expected: Int) {
    var compact = NameHashes(expected: expected)
    var reference = Set<UInt64>()
    var generator = SeededGenerator(seed: 28)
    for step in 0..<20_000 {
      // A small range repeats values; the top bits vary so slots collide; 0 now and then.
      let value = step % 997 == 0 ? 0 : (UInt64.random(in: 0..<6_000, using: &generator) << 50)
      #expect(compact.insert(value) == reference.insert(value).inserted)
    }
    #expect(compact.count == reference.count)
  }

  /// The namer still numbers repeated names in input order.
  @Test func repeatedNamesGetNumbers() throws {
    var namer = try FileNamer(template: "{slug}", columns: [], expectedRows: 2)
    let names = (1...4).map { namer.name(row: $0, text: "Ada Lovelace") { _ in nil } }
    #expect(names == ["ada-lovelace.png", "ada-lovelace-2.png", "ada-lovelace-3.png", "ada-lovelace-4.png"])
  }
}
