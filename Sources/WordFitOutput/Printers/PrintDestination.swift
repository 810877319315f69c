import Foundation
import WordFitCore

/// Where a desk sends each badge's job (`--to`): a network printer's raw port, a CUPS queue
/// (the job passed through raw), or a file each job replaces (for a test or a spool folder's
/// watcher).
public enum PrintDestination: Sendable, Equatable, CustomStringConvertible {
  /// `tcp://HOST:PORT`: the printer's raw port (9100 on Zebra and Brother network printers).
  case tcp(host: String, port: Int)
  /// `cups:QUEUE`: a CUPS queue, the job passed through raw.
  case cups(queue: String)
  /// A file path: each job written to it through a temporary file and a rename.
  case file(String)

  /// How reports name it, as given.
  public var description: String {
    switch self {
    case .tcp(let host, let port): "tcp://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    case .cups(let queue): "cups:\(queue)"
    case .file(let path): path
    }
  }

  /// Parses `tcp://HOST:PORT` (`[IPv6]:PORT` too), `cups:QUEUE` or a file path.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming `parameter` for a malformed address.
  public static func parse(_ text: String, naming parameter: Parameter) throws -> PrintDestination {
    if text.lowercased().hasPrefix("tcp://") {
      let rest = String(text.dropFirst(6))
      let (host, port): (Substring, Substring)
      if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
        host = rest[rest.index(after: rest.startIndex)..<close]
        port = rest[close...].dropFirst().drop { $0 == ":" }
      } else {
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        (host, port) = (parts[0], parts.count == 2 ? parts[1] : "")
      }
      guard !host.isEmpty, let number = Int(port), (1...65535).contains(number) else {
        throw WordFitError.malformed(parameter, text, expected: "tcp://HOST:PORT, such as tcp://192.168.1.40:9100")
      }
      return .tcp(host: String(host), port: number)
    }
    if text.lowercased().hasPrefix("cups:") {
      let queue = String(text.dropFirst(5))
      guard CUPSQueue.isValidName(queue) else {
        throw WordFitError.malformed(
          parameter, text, expected: "cups:QUEUE (a CUPS queue's name, as lpstat -p lists it)")
      }
      return .cups(queue: queue)
    }
    guard !text.isEmpty, text != "-" else {
      throw WordFitError.malformed(parameter, text, expected: "tcp://HOST:PORT, cups:QUEUE or a file path")
    }
    return .file(text)
  }

  /// Sends `job` (titled `title` in a CUPS queue); returns the CUPS job's number, else `nil`.
  /// With `checking`, a network printer is first asked for its status in that language on the
  /// same connection, and the job is not sent when the status shows a problem for it.
  ///
  /// - Throws: ``WordFitError`` `.io` naming the destination when the job cannot be delivered,
  ///   or naming what is wrong with the printer.
  /// - Complexity: O(*n*) in the job's bytes.
  public func send(_ job: [UInt8], title: String, timeout: Double = 5, checking printer: LabelPrinter? = nil) throws
    -> Int?
  {
    switch self {
    case .tcp(let host, let port):
      let socket = try PrinterSocket(host: host, port: port, timeout: timeout)
      if let printer, let status = try socket.status(in: printer) {
        let problems = status.problems(for: printer)
        guard problems.isEmpty else {
          throw WordFitError(
            .io,
            "the printer \(socket.address) is not ready: \(problems.joined(separator: "; ")); nothing was sent, so fix it and print again"
          )
        }
      }
      try socket.send(job)
      socket.finish()
      return nil
    case .cups(let queue):
      return try CUPSQueue.submit(job, to: queue, title: title, raw: true)
    case .file(let path):
      try AtomicFile.write(job, to: path)
      return nil
    }
  }
}
