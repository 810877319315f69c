import Foundation
import WordFit

/// `wordfit desk`: an attendee export, a badge template and a label printer loaded once; each
/// code a scanner types on standard input prints its badge at once.
enum DeskCommand {
  /// What `desk` is asked.
  struct Input {
    var template: String?
    var printer: LabelPrinter?
    var destination: String?
    var key: String?
    var log: String?
    var images: String?
    var oneBit: OneBitText.Fix?
    var readsStandardInput = false
    var skipsStatus = false
    var json = false
  }

  static let options: [Option<Input>] = [
    .value(.template, "T.json", \.template, as: .string, help: "The badge template (required)."),
    .value(
      .printer, "zpl[:DPI]|brother-ql:MODEL:LABEL", \.printer, as: .printer,
      help: "The printer's language (required): the badge drawn at its resolution and sent as its job."),
    .value(
      .to, "tcp://HOST:PORT|cups:QUEUE|FILE", \.destination, as: .string,
      help:
        "Where each job goes (required): a network printer's raw port (tcp://192.168.1.40:9100), a CUPS queue (raw), or a file each job replaces."
    ),
    .value(
      .key, "COLUMN", \.key, as: .string,
      help: "The export's column a scan carries (default: the column of the template's first QR code)."),
    .value(
      .log, "FILE", \.log, as: .string,
      help:
        "The print log, JSON Lines (default: EXPORT's name with .prints.jsonl): every print appended and synced to the disk, read back at start so a reprint is known across restarts."
    ),
    .value(
      .images, "DIR", \.images, as: .string, help: "The folder rows' own images are read from (default: EXPORT's)."),
    RenderCommand.oneBitOption(\.oneBit),
    .flag(
      .noStatus, \.skipsStatus,
      help:
        "Send jobs to a tcp:// printer without asking its status first (by default each job waits for Brother QL's ESC i S or ZPL's ~HS answer and is refused when the printer is out of media, open, paused or holds another tape)."
    ),
    .flag(
      "stdin", \.readsStandardInput,
      help: "Read one code a line from standard input (a USB scanner acting as a keyboard) and print each one's badge."),
    .flag("json", \.json, help: "Answer each line with one line of JSON on standard output."),
  ]

  static let command = Command(
    name: "desk", abstract: "Print attendees' badges as their codes are scanned, from one warm process.",
    usage: "wordfit desk EXPORT.csv --template T.json --printer zpl:300 --to tcp://HOST:9100 --stdin",
    discussion: """
      Loads the export (the batch's CSV rules, a header line), the template, its fonts and the printer once, then \
      prints the badge of each code read: with --stdin one code a line, each answered by one line (JSON with \
      --json): what was printed, where, at which sizes, whether it is a reprint, and the badge's warnings. A code \
      no attendee has, or a job the printer refuses, is answered with its error and the desk goes on. Rows the \
      desk cannot use (malformed, a key another row has) are named on standard error at start. Exit status: 0 \
      every code printed, 1 some did not, 64 usage, 65 a bad export or template, 66 a missing input, 74 the log \
      cannot be written.
      """,
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    guard input.readsStandardInput else {
      throw WordFitError(
        .usage, "desk prints the codes it reads: give --stdin (one code a line, as a USB scanner types them)")
    }
    // Before the desk says it is ready: a stop from then on is never lost.
    let stop = DeskStop()
    stop.install()
    let desk = try open(parsed.positionals, input)
    var failed = 0
    for line in ScanLines() {
      guard stop.begin() else { break }
      defer { stop.end() }
      switch line {
      case .unreadable(let head):
        failed += 1
        answer(
          error: "a line that is not a code (over \(ScanLines.maximumLineBytes) bytes or not UTF-8): \(head)…",
          key: nil,
          json: input.json)
      case .text(let code):
        do {
          let printed = try desk.print(key: code)
          for warning in printed.warnings { Console.error("wordfit: warning: \(code): \(warning)") }
          Console.out(input.json ? try jsonLine(printed) : printed.summary)
          fflush(nil)
        } catch let error as WordFitError {
          failed += 1
          answer(error: error.message, key: code, json: input.json)
        }
      }
    }
    return stop.wasRequested ? 0 : failed == 0 ? 0 : 1
  }

  /// The desk for `positionals`' export with the options.
  private static func open(_ positionals: [String], _ input: Input) throws -> Desk {
    guard positionals.count == 1, let path = positionals.first else {
      throw WordFitError(.usage, "desk takes one EXPORT.csv; see 'wordfit desk --help'")
    }
    guard let templatePath = input.template, let printer = input.printer, let destination = input.destination else {
      throw WordFitError(.usage, "desk needs --template T.json, --printer and --to; see 'wordfit desk --help'")
    }
    let template = try BadgeTemplate.load(contentsOf: templatePath, printer: printer)
    let export = try DeskExport(path: path, template: template, keyColumn: input.key)
    for problem in export.problems { Console.error("wordfit: warning: \(path): \(problem)") }
    let to = try PrintDestination.parse(destination, naming: .to)
    let logPath = input.log ?? (path as NSString).deletingPathExtension + ".prints.jsonl"
    let inputs = [("export", path), ("template", templatePath)] + template.inputFiles
    try FileIdentity.refuseOverwriting(("print log", logPath), inputs: inputs)
    let log = try PrintLog(path: logPath)
    if case .file(let file) = to {
      try FileIdentity.refuseOverwriting(("print destination", file), inputs: inputs + [("print log", logPath)])
    }
    let desk = Desk(export: export, template: template, printer: printer, destination: to, log: log)
    desk.imagesFolder = input.images ?? (path as NSString).deletingLastPathComponent
    desk.oneBitFix = input.oneBit ?? .warn
    desk.checksStatus = !input.skipsStatus
    Console.error(
      "wordfit: desk ready: \(export.count) attendees by \(export.keyColumn), \(printer.languageName) to \(to)")
    return desk
  }

  /// Answers a line that printed nothing: its error, on standard error, and as JSON with `json`.
  private static func answer(error: String, key: String?, json: Bool) {
    Console.error("wordfit: error: \(key.map { "\($0): " } ?? "")\(error)")
    guard json else { return }
    struct Failure: Encodable {
      var key: String?
      var error: String
    }
    if let line = try? jsonLine(Failure(key: key, error: error)) { Console.out(line) }
    fflush(nil)
  }

  /// `value` as one line of key-sorted JSON.
  private static func jsonLine<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}

/// SIGINT and SIGTERM at a desk: waiting for a code, it exits 0 at once; printing, it finishes
/// the badge under way (its job sent, its log line synced, its answer written) and then exits 0.
final class DeskStop: @unchecked Sendable {
  private let lock = NSLock()
  private var printing = false
  private var requested = false
  private var sources: [DispatchSourceSignal] = []

  /// Whether a signal asked the desk to stop.
  var wasRequested: Bool {
    lock.lock()
    defer { lock.unlock() }
    return requested
  }

  func install() {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { [self] in
        lock.lock()
        requested = true
        let idle = !printing
        lock.unlock()
        if idle { exit(0) }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Marks a print under way; `false` when a stop was asked for first.
  func begin() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    printing = !requested
    return !requested
  }

  /// Marks the print done; exits 0 when a stop was asked for during it.
  func end() {
    lock.lock()
    printing = false
    let stop = requested
    lock.unlock()
    if stop { exit(0) }
  }
}
