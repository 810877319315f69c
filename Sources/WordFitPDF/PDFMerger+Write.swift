import CQPDF
import Foundation
import WordFitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension PDFMerger {
  /// Has qpdf write `runs` of `inputs`' pages into a locked temporary beside `output`, then
  /// renames it into place.
  static func write(_ runs: [(file: Int, first: Int, last: Int)], from inputs: [String], to output: String) throws {
    let target = try AtomicFile.renameTarget(for: output)
    guard let (descriptor, temporary) = AtomicFile.createLockedTemporary(beside: target) else {
      let reason = String(cString: strerror(errno))
      throw WordFitError(.io, "cannot write \(output): \(reason); choose a writable path", input: output)
    }
    var message = [CChar](repeating: 0, count: 4096)
    let files = inputs.map { strdup($0) }
    defer { files.forEach { free($0) } }
    let status = files.map { UnsafePointer($0) }.withUnsafeBufferPointer { paths in
      wf_qpdf_merge(
        paths.baseAddress, runs.map { $0.file }, runs.map { $0.first }, runs.map { $0.last }, runs.count, temporary,
        &message, message.count)
    }
    var failure: String? =
      status == 0 ? nil : message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
    if let failure {
      unlink(temporary)
      throw WordFitError(.io, "cannot write \(output): \(failure)", input: output, underlying: failure)
    }
  }
}
