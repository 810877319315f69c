/// The hashes of the file names a batch has given, as compact as a set of 64-bit values gets:
/// open addressing with linear probing, slots at most 80% full, sized once from the expected
/// row count so a run of a million rows never regrows (Swift's `Set` would take 16 MiB and 8
/// more while it doubles; this takes 9.5 MiB).
///
/// - Complexity: O(1) expected per insertion; memory 10 bytes a row for the rows expected.
struct NameHashes: Sendable {
  /// 0 marks an empty slot (the hash 0 is kept apart in ``containsZero``).
  private var slots: [UInt64]
  private var containsZero = false
  /// How many hashes the set holds.
  private(set) var count = 0

  /// A set with room for `expected` hashes before it must grow.
  init(expected: Int = 0) {
    slots = [UInt64](repeating: 0, count: Self.capacity(for: Swift.max(0, expected)))
  }

  private static func capacity(for count: Int) -> Int { Swift.max(16, count + count / 4 + 1) }

  /// Adds `hash`; `false` when it was there already.
  mutating func insert(_ hash: UInt64) -> Bool {
    if hash == 0 {
      guard !containsZero else { return false }
      containsZero = true
      count += 1
      return true
    }
    if (count + 1) * 5 > slots.count * 4 { grow() }
    guard place(hash) else { return false }
    count += 1
    return true
  }

  /// Puts `hash` in its slot; `false` when it is there already.
  private mutating func place(_ hash: UInt64) -> Bool {
    // The product's high word maps the hash onto the slots without a power-of-two size.
    var index = Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(slots.count)).high)
    while true {
      let slot = slots[index]
      if slot == 0 {
        slots[index] = hash
        return true
      }
      if slot == hash { return false }
      index += 1
      if index == slots.count { index = 0 }
    }
  }

  /// Half as many slots again, when more rows came than expected (standard input).
  private mutating func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: Self.capacity(for: old.count + old.count / 2))
    for hash in old where hash != 0 { _ = place(hash) }
  }
}
