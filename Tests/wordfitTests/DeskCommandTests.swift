import Foundation
import Testing
import WordFitTestSupport

/// `wordfit desk --stdin` end to end (a process reading a scanner's lines): each code answered
/// by one line, the job the same bytes `render --template --printer` makes, the log appended,
/// and the exit statuses.
@Suite struct DeskCommandTests {
  static let folder = TestPaths.packageRoot + "/Fixtures/badges/export"
  static let secret = "64zcj79g2r5uqju734dmwfn6wa27p5wj"

  static func desk(_ extra: [String], input: String, in directory: String) throws -> CommandResult {
    try InProcess.wordfit(
      ["desk", folder + "/attendees.csv", "--template", folder + "/export.template.json", "--printer", "zpl:300"]
        + extra, in: directory, input: input)
  }

  /// A `desk --stdin --json` process printing the export's badges to `destination`, logging to
  /// `p.jsonl` in `directory`, with pipes for its standard input and output.
  static func startDesk(to destination: String, in directory: String) throws -> (Process, Pipe, Pipe) {
    // a child process: the desk reads its standard input and answers on its output as it runs.
    try CommandRunner.start(
      [
        "desk", folder + "/attendees.csv", "--template", folder + "/export.template.json", "--printer", "zpl:300",
        "--to", destination, "--log", "p.jsonl", "--stdin", "--json",
      ], in: directory)
  }

  @Test func eachScannedCodePrintsAndIsAnsweredByOneLine() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let result = try Self.desk(
      ["--to", "job.zpl", "--log", "prints.jsonl", "--stdin", "--json"],
      input: "\(Self.secret)\r\nnobody\n\n  \(Self.secret)  \n", in: directory)
    #expect(result.status == 1, "a code that printed nothing makes the status 1: \(result.standardError)")
    let answers = try result.standardOutput.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(answers.count == 3, "one answer a code, none for a blank line")
    #expect(answers[0]["reprint"] as? Int == 0 && answers[0]["name"] as? String == "Hà Phạm")
    #expect((answers[1]["error"] as? String)?.contains("no attendee has the key \"nobody\"") == true)
    #expect(answers[2]["reprint"] as? Int == 1 && answers[2]["line"] as? Int == 3)
    let once = try InProcess.wordfit(
      [
        "render", "--template", Self.folder + "/export.template.json", "--printer", "zpl:300", "-o", "one.zpl",
        "--images", Self.folder,
        "--row", "Attendee name: Given name=Hà", "--row", "Attendee name: Family name=Phạm", "--row", "Company=",
        "--row", "Product=Conference ticket", "--row", "Ticket secret=\(Self.secret)", "--row",
        "Photo=photos/photo-2.png",
      ], in: directory)
    #expect(once.status == 0, "\(once.standardError)")
    let job = try Data(contentsOf: URL(fileURLWithPath: directory + "/job.zpl"))
    #expect(job == (try Data(contentsOf: URL(fileURLWithPath: directory + "/one.zpl"))), "the same job as render's")
    let log = try String(contentsOfFile: directory + "/prints.jsonl", encoding: .utf8)
    #expect(log.split(separator: "\n").count == 2)
    #expect(result.standardError.contains("desk ready: 46 attendees by ticket secret, ZPL to job.zpl"))
  }

  @Test func badUseIsRefusedWithItsStatus() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let badKey = try Self.desk(
      ["--to", "job.zpl", "--log", "p.jsonl", "--key", "Seat", "--stdin"], input: "", in: directory)
    #expect(badKey.status == 64 && badKey.standardError.contains("no column \"seat\""), "\(badKey.standardError)")
    let badTo = try Self.desk(["--to", "tcp://printer", "--log", "p.jsonl", "--stdin"], input: "", in: directory)
    #expect(badTo.status == 64 && badTo.standardError.contains("--to"), "\(badTo.standardError)")
    let overInput = try Self.desk(
      ["--to", Self.folder + "/attendees.csv", "--log", "p.jsonl", "--stdin"], input: "", in: directory)
    #expect(overInput.status == 64, "never a job over the export: \(overInput.standardError)")
    let overLog = try Self.desk(["--to", "p.jsonl", "--log", "p.jsonl", "--stdin"], input: "", in: directory)
    #expect(overLog.status == 64 && overLog.standardError.contains("print log"), "\(overLog.standardError)")
    // A template whose fonts are not where it says fails at start, not at the first attendee.
    try FileManager.default.copyItem(
      atPath: Self.folder + "/export.template.json", toPath: directory + "/moved.template.json")
    let moved = try InProcess.wordfit(
      [
        "desk", Self.folder + "/attendees.csv", "--template", "moved.template.json", "--printer", "zpl:300", "--to",
        "j.zpl", "--log", "p.jsonl", "--stdin",
      ], in: directory, input: Self.secret + "\n")
    #expect(
      moved.status != 0 && moved.status != 1 && !moved.standardError.contains("desk ready"), "\(moved.standardError)")
    let missing = try InProcess.wordfit(
      [
        "desk", "nope.csv", "--template", Self.folder + "/export.template.json", "--printer", "zpl", "--to", "j",
        "--stdin",
      ],
      in: directory)
    #expect(missing.status == 66, "\(missing.standardError)")
    let silent = try Self.desk(
      ["--to", "tcp://127.0.0.1:9", "--log", "p.jsonl", "--stdin"], input: Self.secret + "\n", in: directory)
    #expect(silent.status == 1 && silent.standardError.contains("127.0.0.1:9"), "\(silent.standardError)")
  }

  /// A stop while waiting for a code exits 0 at once (SIGINT: this test process's children start
  /// with SIGTERM blocked; the desk handles both alike).
  @Test func aStopWhileWaitingExitsZero() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.executable)
    process.arguments = [
      "desk", Self.folder + "/attendees.csv", "--template", Self.folder + "/export.template.json", "--printer",
      "zpl:300", "--to", "job.zpl", "--log", "p.jsonl", "--stdin",
    ]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["FONTCONFIG_FILE"] = TestPaths.fontconfigFile
    process.environment = environment
    let (input, errors) = (Pipe(), Pipe())
    (process.standardInput, process.standardError) = (input, errors)
    try process.run()
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("desk ready") {
      let chunk = errors.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen += chunk
    }
    #expect(String(decoding: seen, as: UTF8.self).contains("desk ready"))
    kill(process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
      Issue.record("the desk did not stop on SIGINT")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    try input.fileHandleForWriting.close()
    #expect(
      !FileManager.default.fileExists(atPath: Self.folder + "/attendees.prints.jsonl"), "no log beside the fixture")
  }

  /// `--listen 127.0.0.1:0`: the page's address is said on standard error, the API answers,
  /// and a stop exits 0; an address beyond this machine without --token gets a random one.
  @Test func thePageIsServedAndSaysItsAddress() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    for (listen, needsToken) in [("127.0.0.1:0", false), ("0.0.0.0:0", true)] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: TestPaths.executable)
      process.arguments = [
        "desk", Self.folder + "/attendees.csv", "--template", Self.folder + "/export.template.json", "--printer",
        "zpl:300", "--to", "job.zpl", "--log", "p.jsonl", "--listen", listen,
      ]
      process.currentDirectoryURL = URL(fileURLWithPath: directory)
      var environment = ProcessInfo.processInfo.environment
      environment["FONTCONFIG_FILE"] = TestPaths.fontconfigFile
      process.environment = environment
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      var seen = ""
      while !seen.contains("desk page: ") || !seen.hasSuffix("\n") {
        let chunk = errors.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        seen += String(decoding: chunk, as: UTF8.self)
      }
      let address = try #require(seen.split(separator: "\n").first { $0.contains("desk page: ") })
      let url = try #require(URLComponents(string: String(address.split(separator: " ").last ?? "")))
      let port = try #require(url.port)
      let token = url.queryItems?.first { $0.name == "token" }?.value
      #expect((token?.count == 32) == needsToken, "\(address)")
      let search = "/api/search?q=pham" + (token.map { "&token=" + $0 } ?? "")
      let reply = try Self.get(port: port, path: search)
      #expect(reply.contains("HTTP/1.1 200") && reply.contains("Phạm"), "\(reply.prefix(200))")
      if needsToken { #expect(try Self.get(port: port, path: "/api/search?q=pham").contains("HTTP/1.1 401")) }
      kill(process.processIdentifier, SIGINT)
      process.waitUntilExit()
      #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }
    let bad = try Self.desk(["--to", "j.zpl", "--log", "p.jsonl", "--listen", "nowhere"], input: "", in: directory)
    #expect(bad.status == 64 && bad.standardError.contains("--listen"), "\(bad.standardError)")
  }

  /// One GET to 127.0.0.1:`port` through curl, headers and body.
  static func get(port: Int, path: String) throws -> String {
    try CommandRunner.run(
      "/usr/bin/curl", ["-s", "-i", "--max-time", "20", "http://127.0.0.1:\(port)\(path)"], in: nil, input: nil,
      environment: [:]
    ).standardOutput
  }

  /// A stop during a print finishes it: the printer answers its status a second after the
  /// signal, the job is still sent whole, logged and answered, and the desk exits 0.
  @Test func aStopDuringAPrintFinishesIt() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let ready =
      "\u{02}030,0,0,1245,000,0,0,0,000,0,0,0\u{03}\r\n\u{02}000,0,0,0,1,2,6,0,00000000,1,000\u{03}\r\n\u{02}1234,0\u{03}\r\n"
    let printer = try TCPListener()
    let asked = DispatchSemaphore(value: 0)
    let received = printer.acceptOne(reply: Array(ready.utf8), after: 3, delay: 1) { asked.signal() }
    let (process, input, output) = try Self.startDesk(to: "tcp://127.0.0.1:\(printer.port)", in: directory)
    try input.fileHandleForWriting.write(contentsOf: Data((Self.secret + "\n").utf8))
    #expect(asked.wait(timeout: .now() + 30) == .success, "the desk asked the printer its status")
    kill(process.processIdentifier, SIGINT)
    let bytes = received()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let printed = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
    #expect(bytes.count == 3 + (printed["bytes"] as? Int ?? -1), "the status request, then the whole job")
    let log = try String(contentsOfFile: directory + "/p.jsonl", encoding: .utf8)
    #expect(log.split(separator: "\n").count == 1, "the print is logged")
    try? input.fileHandleForWriting.close()
  }

  /// `kill -9` mid-print, three times at different points: the log stays JSON Lines, holds every
  /// print that was answered, and the next start reads it back (its first print is a reprint of
  /// as many as the log holds); the job file is never a cut job.
  @Test func aKilledDeskLeavesAValidLogAndAWholeJob() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    var logged = 0
    for killAfter in [1, 6, 15] {
      let (process, input, output) = try Self.startDesk(to: "job.zpl", in: directory)
      // Codes enough that prints are under way when the kill comes.
      try input.fileHandleForWriting.write(contentsOf: Data(String(repeating: Self.secret + "\n", count: 60).utf8))
      var answers: [[String: Any]] = []
      var pending = Data()
      while answers.count < killAfter {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { break }
        pending += chunk
        while let newline = pending.firstIndex(of: 0x0A) {
          let line = pending[pending.startIndex..<newline]
          pending = Data(pending[(newline + 1)...])
          answers.append(try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any]))
        }
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)
      #expect(answers.first?["reprint"] as? Int == logged, "the restarted desk read the log back: \(logged) prints")
      let lines = try String(contentsOfFile: directory + "/p.jsonl", encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.last == "", "the log ends with a whole line")
      for line in lines.dropLast() {
        let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect((entry?["sha256"] as? String)?.count == 64, "every line is an entry: \(line.prefix(80))")
      }
      #expect(lines.count - 1 >= logged + answers.count, "every answered print is logged")
      logged = lines.count - 1
      let job = try String(contentsOfFile: directory + "/job.zpl", encoding: .utf8)
      #expect(job.hasPrefix("^XA") && job.hasSuffix("^XZ\n"), "the job file is a whole job")
      try? input.fileHandleForWriting.close()
    }
  }
}
