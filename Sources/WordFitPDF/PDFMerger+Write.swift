import CQPDF
import Foundation
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension PDFMerger {
  /// Joins `inputs` whole into a locked temporary beside `output`, then writes `output` from that
  /// file's pages in the order of `pages` (whose `page` counts within its `file`, of `counts`).
  static func writeInterleaved(
    _ pages: [(row: Int, file: Int, page: Int)], counts: [Int], from inputs: [String], to output: String
  ) throws {
    let target = try AtomicFile.renameTarget(for: output)
    guard let (descriptor, joined) = AtomicFile.createLockedTemporary(beside: target) else {
      let reason = String(cString: strerror(errno))
      throw WordFitError(.io, "cannot write \(output): \(reason); choose a writable path", input: output)
    }
    defer {
      unlink(joined)
      close(descriptor)
    }
    let whole = counts.enumerated().filter { $0.element > 0 }.map { (file: $0.offset, first: 1, last: $0.element) }
    if let failure = merge(whole, from: inputs, into: joined) {
      throw WordFitError(.io, "cannot write \(output): \(failure)", input: output, underlying: failure)
    }
    var offsets = [0]
    for count in counts { offsets.append(offsets[offsets.count - 1] + count) }
    let order = pages.map { (file: 0, first: offsets[$0.file] + $0.page, last: offsets[$0.file] + $0.page) }
    try write(order, from: [joined], to: output)
  }

  /// qpdf's reason when it could not write `runs` of `inputs` to `path`, else `nil`.
  private static func merge(_ runs: [(file: Int, first: Int, last: Int)], from inputs: [String], into path: String)
    -> String?
  {
    var message = [CChar](repeating: 0, count: 4096)
    let files = inputs.map { strdup($0) }
    defer { files.forEach { free($0) } }
    let status = files.map { UnsafePointer($0) }.withUnsafeBufferPointer { paths in
      wf_qpdf_merge(
        paths.baseAddress, runs.map { $0.file }, runs.map { $0.first }, runs.map { $0.last }, runs.count, path,
        &message, message.count)
    }
    return status == 0 ? nil : cString(message)
  }

  /// Has qpdf write `runs` of `inputs`' pages into a locked temporary beside `output`, then
  /// renames it into place.
  static func write(_ runs: [(file: Int, first: Int, last: Int)], from inputs: [String], to output: String) throws {
    let target = try AtomicFile.renameTarget(for: output)
    guard let (descriptor, temporary) = AtomicFile.createLockedTemporary(beside: target) else {
      let reason = String(cString: strerror(errno))
      throw WordFitError(.io, "cannot write \(output): \(reason); choose a writable path", input: output)
    }
    var failure = merge(runs, from: inputs, into: temporary)
    if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
    if let failure {
      unlink(temporary)
      throw WordFitError(.io, "cannot write \(output): \(failure)", input: output, underlying: failure)
    }
  }
}
