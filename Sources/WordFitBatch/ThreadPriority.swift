#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The scheduling priority of the calling thread.
///
/// A batch that writes a PDF has one serial stage, the thread that draws the pages with cairo
/// (about a third of the CPU time of a badge); its rendering workers lower their own priority
/// so that on a machine with as many cores as workers the drawing thread keeps a core instead
/// of a fair share of one, and the workers fill what it leaves. Measured on two cores
/// (Benchmarks/RESULTS.md): CPU use 1.64 → 1.9 cores, wall time −18% for 10,000 badges. Output
/// bytes do not depend on it: pages are drawn in input order whatever runs first.
enum ThreadPriority {
  /// How much nicer than the process the workers of a PDF batch are (Chromium's background
  /// threads use the same 10).
  static let pdfWorkerNiceness: Int32 = 10

  /// Adds `amount` to the calling thread's nice value (at most 19). On Linux the nice value
  /// belongs to the thread, so the process's other threads keep theirs. Failure is ignored:
  /// priority changes speed, never results.
  static func lowerCurrentThread(by amount: Int32) {
    #if canImport(Glibc)
      errno = 0
      let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
      guard errno == 0 else { return }
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + amount))
    #endif
  }
}
