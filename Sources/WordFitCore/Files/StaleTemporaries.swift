import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Temporary files that WordFit's writers leave when their process dies before renaming them
/// (`kill -9`, a power cut): `.NAME.wordfit-PID-N` (``AtomicFile``) and `.NAME.wordfit-PID`.
public enum StaleTemporaries {
  /// Removes, in `directory`, the regular files named like WordFit's temporaries whose process
  /// is no longer running. Files of a live process (another batch writing to the same folder)
  /// are left alone.
  ///
  /// - Returns: the names removed, sorted.
  /// - Complexity: O(*n*) in the number of entries in `directory`.
  public static func remove(in directory: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    var removed: [String] = []
    for name in names {
      guard let pid = processID(inTemporaryName: name), pid != getpid(), !isRunning(pid) else { continue }
      let path = (directory as NSString).appendingPathComponent(name)
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, unlink(path) == 0 else { continue }
      removed.append(name)
    }
    return removed.sorted()
  }

  /// The process ID in a temporary file's name, or `nil` when it is not one of WordFit's.
  static func processID(inTemporaryName name: String) -> Int32? {
    guard name.hasPrefix("."), let marker = name.range(of: ".wordfit-", options: .backwards) else { return nil }
    let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(numbers.count), numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      numbers.allSatisfy({ Int($0) != nil }), let pid = Int32(numbers[0]), pid > 0
    else { return nil }
    return pid
  }

  private static func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }
}
