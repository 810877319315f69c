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
    var listen: String?
    var token: String?
    var json = false
  }

  static let options: [Option<Input>] = [
    .value(.template, "T.json", \.template, as: .string, help: "The badge template (required)."),
    .value(
      .printer, "zpl[:DPI]|brother-ql:MODEL:LABEL[:red]", \.printer, as: .printer,
      help: "The printer's language (required): the badge drawn at its resolution and sent as its job."),
    .value(
      .to, "tcp://HOST:PORT|cups:QUEUE|FILE", \.destination, as: .string,
      help:
        "Where each job goes (required): a network printer's raw port (tcp://192.168.1.40:9100), a CUPS queue (raw), or a file each job replaces."
    ),
    .value(
      .scanKey, "COLUMN", \.key, as: .string,
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
    .value(
      .listen, "ADDRESS:PORT", \.listen, as: .string,
      help:
        "Serve the desk's page and JSON API here (default 127.0.0.1:8080; with --stdin only when given). An address other than 127.x or ::1 needs --token, or gets a random one printed with the page's address."
    ),
    .value(.token, "SECRET", \.token, as: .string, help: "The secret every request to the page must carry."),
    .flag(
      "stdin", \.readsStandardInput,
      help: "Read one code a line from standard input (a USB scanner acting as a keyboard) and print each one's badge."),
    .flag("json", \.json, help: "Answer each line with one line of JSON on standard output."),
  ]

  static let command = Command(
    name: "desk", abstract: "Check-in desk: a page, an API and a scanner line that print badges at once.",
    usage: "wordfit desk EXPORT.csv --template T.json --printer zpl:300 --to tcp://HOST:9100 [--stdin]",
    discussion: """
      Loads the export (the batch's CSV rules, a header line), the template, its fonts and the printer once \
      (a badge is rendered at start, so a template that cannot print fails now), then prints each attendee's \
      badge from the same warm process. The page (--listen, default 127.0.0.1:8080) searches names as you type, \
      shows the badge as it will print, prints, reprints and prints walk-ins; its JSON API: GET /api/search?q=, \
      GET /api/badge/KEY.png|.svg, POST /api/print {"key": …} or {"fields": {…}}, GET /api/columns. With \
      --stdin each code a line prints its badge and is answered by one line (JSON with --json). On tcp:// the \
      printer's status is asked first (Brother QL ESC i S, ZPL ~HS) and a job it would refuse is not sent. \
      Every print is appended to the log (JSON Lines, synced). Rows the desk cannot use (malformed, a key \
      another row has) are named on standard error at start. Runs until SIGTERM or SIGINT (exit 0, the print \
      under way finished), with --stdin until its end. Exit status: 0, 1 some codes did not print, 64 usage, \
      65 a bad export or template, 66 a missing input, 74 the log cannot be written.
      """,
    options: options, run: run)

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    let listen = try input.listen.map(parseListen) ?? (input.readsStandardInput ? nil : ("127.0.0.1", 8080))
    // Before the desk says it is ready: a stop from then on is never lost.
    let stop = DeskStop()
    stop.install()
    let shared = SharedDesk(try open(parsed.positionals, input))
    shared.around = (begin: stop.begin, end: stop.end)
    var server: DeskServer? = nil
    if let (address, port) = listen {
      let token = input.token ?? (isLoopback(address) ? nil : randomToken())
      server = try DeskServer(shared, address: address, port: port, token: token)
      let host = address.contains(":") ? "[\(address)]" : address
      Console.error(
        "wordfit: desk page: http://\(host):\(server?.port ?? port)/\(token.map { "?token=" + $0 } ?? "")")
    }
    guard input.readsStandardInput else {
      // Serves until a signal stops it (DeskStop exits 0).
      withExtendedLifetime(server) { () -> Never in while true { pause() } }
    }
    let failed = withExtendedLifetime(server) { readScans(shared, json: input.json) }
    return stop.wasRequested ? 0 : failed == 0 ? 0 : 1
  }

  /// Prints each code standard input gives, answering each; returns how many printed nothing.
  private static func readScans(_ shared: SharedDesk, json: Bool) -> Int {
    var failed = 0
    for line in ScanLines() {
      switch line {
      case .unreadable(let head):
        failed += 1
        answer(
          error: "a line that is not a code (over \(ScanLines.maximumLineBytes) bytes or not UTF-8): \(head)…",
          key: nil, json: json)
      case .text(let code):
        do {
          guard let printed = try shared.printing({ try $0.print(key: code) }) else { return failed }
          for warning in printed.warnings { Console.error("wordfit: warning: \(code): \(warning)") }
          Console.out(json ? try jsonLine(printed) : printed.summary)
          fflush(nil)
        } catch let error as WordFitError {
          failed += 1
          answer(error: error.message, key: code, json: json)
        } catch {
          failed += 1
          answer(error: "\(error)", key: code, json: json)
        }
      }
    }
    return failed
  }

  /// `ADDRESS:PORT` (`[IPv6]:PORT`), the port 0…65535 (0: any free one).
  static func parseListen(_ text: String) throws -> (String, Int) {
    let (host, port): (Substring, Substring)
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      (host, port) = (text[text.index(after: text.startIndex)..<close], text[close...].dropFirst().drop { $0 == ":" })
    } else {
      let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      (host, port) = (parts[0], parts.count == 2 ? parts[1] : "")
    }
    guard !host.isEmpty, let number = Int(port), (0...65535).contains(number) else {
      throw WordFitError.malformed(.listen, text, expected: "ADDRESS:PORT, such as 127.0.0.1:8080 or 0.0.0.0:8080")
    }
    return (String(host), number)
  }

  /// Whether `address` is this machine's loopback (127.0.0.0/8, ::1).
  static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") || address == "::1" }

  /// 128 random bits in hexadecimal, for a desk served beyond this machine without --token.
  static func randomToken() -> String {
    (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
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
    let logPath = input.log ?? PathText.deletingExtension(path) + ".prints.jsonl"
    let inputs = [("export", path), ("template", templatePath)] + template.inputFiles
    try FileIdentity.refuseOverwriting(("print log", logPath), inputs: inputs)
    let log = try PrintLog(path: logPath)
    if case .file(let file) = to {
      try FileIdentity.refuseOverwriting(("print destination", file), inputs: inputs + [("print log", logPath)])
    }
    let desk = Desk(export: export, template: template, printer: printer, destination: to, log: log)
    desk.imagesFolder = input.images ?? PathText.deletingLastComponent(path)
    desk.oneBitFix = input.oneBit ?? .warn
    desk.checksStatus = !input.skipsStatus
    try desk.warmUp()
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
