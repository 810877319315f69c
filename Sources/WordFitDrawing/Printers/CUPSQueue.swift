import CCUPS
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

  /// Hands `bytes` to `queue` as one job titled `title`: a PDF the queue's driver prints, or,
  /// with `raw`, a printer language passed through untouched. Returns the job's ID.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the queue and CUPS's reason (no scheduler, no such
  ///   queue, the queue not accepting jobs).
  /// - Complexity: O(*n*) in the bytes, streamed over IPP.
  public static func submit(_ bytes: [UInt8], to queue: String, title: String, raw: Bool) throws -> Int {
    var message = [CChar](repeating: 0, count: 512)
    let format = raw ? "application/vnd.cups-raw" : "application/pdf"
    let job = bytes.withUnsafeBufferPointer { data in
      wf_cups_print(queue, title, data.baseAddress, data.count, format, &message, message.count)
    }
    guard job > 0 else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw WordFitError(
        .io, "cannot print on CUPS queue \(queue): \(reason); check the queue with lpstat -p \(queue)", input: queue,
        underlying: reason)
    }
    return Int(job)
  }
}
