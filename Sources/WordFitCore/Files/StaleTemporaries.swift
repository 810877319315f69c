import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Temporary files that WordFit's writers leave when their process dies before renaming them
/// (`kill -9`, a power cut): `.NAME.wordfit-PID-N` (``AtomicFile``) and `.NAME.wordfit-PID`,
/// recognised as abandoned by their advisory lock.
public enum StaleTemporaries {
  /// Removes, in `directory`, the regular files named like WordFit's temporaries that no
  /// writer holds. Every writer holds an exclusive `flock(2)` lock on its temporary while it
  /// writes (``AtomicFile``), and the kernel drops the lock when the writer dies; so a file is
  /// removed only when its lock can be taken, whichever host, container or PID namespace wrote
  /// it (on NFS, Linux maps `flock` to the server's byte-range locks). The process ID in the
  /// name is not consulted: it means nothing in another PID namespace.
  ///
  /// - Returns: the names removed, sorted.
  /// - Complexity: O(*n*) in the number of entries in `directory`.
  public static func remove(in directory: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    var removed: [String] = []
    for name in names where processID(inTemporaryName: name) != nil {
      let path = (directory as NSString).appendingPathComponent(name)
      if removeIfAbandoned(path) { removed.append(name) }
    }
    return removed.sorted()
  }

  /// Removes the regular file at `path` when no process holds its lock; `true` when removed.
  private static func removeIfAbandoned(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var open = stat()
    var named = stat()
    guard fstat(descriptor, &open) == 0, open.st_mode & S_IFMT == S_IFREG,
      flock(descriptor, LOCK_EX | LOCK_NB) == 0,
      lstat(path, &named) == 0, named.st_dev == open.st_dev, named.st_ino == open.st_ino
    else { return false }
    // A writer creates its temporary and then locks it: in between, the file is empty, new and
    // unlocked, and taking it would remove a live writer's file (another shard's) and call it a
    // dead run's. Such a file is left for a later run.
    if open.st_size == 0, time(nil) - open.st_mtim.tv_sec < Self.newFileSeconds { return false }
    return unlink(path) == 0
  }

  /// How long an empty temporary is taken to be a writer's that has not locked it yet.
  static let newFileSeconds = 10

  /// The process ID in a temporary file's name, or `nil` when it is not one of WordFit's.
  static func processID(inTemporaryName name: String) -> Int32? {
    guard name.hasPrefix("."), let marker = name.range(of: ".wordfit-", options: .backwards) else { return nil }
    let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(numbers.count), numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      numbers.allSatisfy({ Int($0) != nil }), let pid = Int32(numbers[0]), pid > 0
    else { return nil }
    return pid
  }
}
