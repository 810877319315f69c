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
    try CommandRunner.wordfit(
      ["desk", folder + "/attendees.csv", "--template", folder + "/export.template.json", "--printer", "zpl:300"]
        + extra, in: directory, input: input)
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
    let once = try CommandRunner.wordfit(
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
    let noStdin = try Self.desk(["--to", "job.zpl", "--log", "p.jsonl"], input: "", in: directory)
    #expect(noStdin.status == 64 && noStdin.standardError.contains("give --stdin"), "\(noStdin.standardError)")
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
    let missing = try CommandRunner.wordfit(
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
}
