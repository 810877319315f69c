import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore

/// Two shards writing into one folder (the Slurm test found it): one's sweep of abandoned
/// temporaries must never take the other's temporary between its close and its rename.
@Suite struct AtomicFileRaceTests {
  @Test func aSweepNeverTakesATemporaryThatIsStillBeingRenamed() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let done = AtomicFlag()
    let sweeper = Thread {
      while !done.isSet { _ = StaleTemporaries.remove(in: directory) }
    }
    sweeper.start()
    defer { done.set() }
    var failures = 0
    for index in 0..<3_000 {
      do {
        try AtomicFile.write(Array("badge \(index)".utf8), to: directory + "/b\(index % 50).png")
      } catch {
        failures += 1
      }
    }
    done.set()
    #expect(failures == 0, "\(failures) writes lost their temporary to the sweep")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(names.filter { $0.hasPrefix(".") }.isEmpty, "no temporary left")
    #expect(names.count == 50)
  }
}

/// A flag one thread sets and another reads.
final class AtomicFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
