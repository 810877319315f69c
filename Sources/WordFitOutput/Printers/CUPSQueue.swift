import CCUPS
import Foundation
import WordFitCore

/// A CUPS queue a badge is handed to (`--printer cups:QUEUE…`), through libcups: the server is
/// the one `CUPS_SERVER`, `~/.cups/client.conf` or `/etc/cups/client.conf` names, else the local
/// scheduler.
public enum CUPSQueue {
  /// Whether `name` can name a CUPS queue: 1 to 127 printable characters, none of them a space,
  /// `/`, `#` or `\`.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 127
      && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !"/#\\".unicodeScalars.contains($0) }
  }

  /// How long WordFit waits for the CUPS scheduler at each step, in seconds:
  /// `WORDFIT_CUPS_TIMEOUT` (1…600), else 10.
  public static var timeout: Int {
    guard let text = ProcessInfo.processInfo.environment["WORDFIT_CUPS_TIMEOUT"], let seconds = Int(text),
      (1...600).contains(seconds)
    else { return 10 }
    return seconds
  }

  /// Hands `bytes` to `queue` as one job titled `title`: a PDF the queue's driver prints, or,
  /// with `raw`, a printer language passed through untouched. Returns the job's ID.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the queue and the reason: no scheduler running, the
  ///   scheduler not answering within ``timeout`` seconds, no such queue, the queue not accepting
  ///   jobs.
  /// - Complexity: O(*n*) in the bytes, streamed over IPP; at most ``timeout`` seconds a step.
  public static func submit(_ bytes: [UInt8], to queue: String, title: String, raw: Bool) throws -> Int {
    var message = [CChar](repeating: 0, count: 512)
    let format = raw ? "application/vnd.cups-raw" : "application/pdf"
    let seconds = Int32(timeout)
    let job = bytes.withUnsafeBufferPointer { data in
      wf_cups_print(queue, title, data.baseAddress, data.count, format, seconds, &message, message.count)
    }
    guard job > 0 else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let queueProblem = !reason.hasPrefix("the CUPS scheduler") && !reason.hasPrefix("CUPS did not answer")
      throw WordFitError(
        .io,
        "cannot print on CUPS queue \(queue): \(reason)\(queueProblem ? "; check the queue with lpstat -p \(queue)" : "")",
        input: queue, underlying: reason)
    }
    return Int(job)
  }
}
