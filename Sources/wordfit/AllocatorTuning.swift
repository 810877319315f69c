#if canImport(Glibc)
  import Glibc
#endif

/// Process-wide allocator settings for the command-line tool (a library leaves them to its host).
enum AllocatorTuning {
  /// Keeps glibc from returning a badge-sized buffer to the kernel after every image.
  ///
  /// A colour badge canvas is ~0.6 MB: by default glibc serves it with `mmap` or trims it off a
  /// worker's arena when freed, so each image paid page faults and `madvise` for memory it was
  /// about to ask for again (a fifth of a template batch's time, by `perf`). Allocations up to
  /// 8 MiB now stay in the heap, and an arena keeps up to 16 MiB of free memory at its top
  /// (at most one per worker thread), which bounds what this costs in resident memory.
  static func apply() {
    #if canImport(Glibc)
      _ = glibcMallopt(-3, 8 << 20)  // M_MMAP_THRESHOLD
      _ = glibcMallopt(-1, 16 << 20)  // M_TRIM_THRESHOLD
    #endif
  }
}

#if canImport(Glibc)
  /// glibc's `mallopt(3)` (declared in `<malloc.h>`, which the Glibc module does not export).
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
