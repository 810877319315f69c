import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

@Suite struct BatchCommandTests {
  static let firstNames = ["Aimée", "Łukasz", "Zoë", "Jürgen", "Søren", "Ana", "Björk", "Renée", "Mateusz", "Inés"]
  static let lastNames = [
    "Charles", "Żółć", "Müller-Lüdenscheidt", "Ångström", "Straße", "Núñez", "Ferreira", "O'Brien",
  ]
  static let roles = ["Attendee", "Speaker", "Staff", "Sponsor"]

  /// A CSV of `count` badge rows, deterministic.
  static func csv(_ count: Int) -> String {
    var text = "id,name,role\n"
    for index in 0..<count {
      let name = "\(firstNames[index % firstNames.count]) \(lastNames[(index / 3) % lastNames.count])"
      text += "B\(String(format: "%05d", index + 1)),\"\(name)\",\(roles[index % roles.count])\n"
    }
    return text
  }

  func folder(with csv: String) throws -> String {
    let directory = try TestPaths.makeTemporaryDirectory()
    try csv.write(toFile: directory + "/in.csv", atomically: true, encoding: .utf8)
    return directory
  }

  func pngs(in directory: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".png") {
      files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
    }
    return files
  }

  func manifest(_ path: String) throws -> [[String: Any]] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func namesManifestOrderAndContent() throws {
    let directory = try folder(with: Self.csv(300))
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "out", "--manifest", "m.jsonl", "--max-size", "72", "--jobs", "2"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("300 rows, 300 written, 0 skipped, 0 failed"))
    let files = try pngs(in: directory + "/out")
    #expect(files.count == 300)
    #expect(files["B00001-aimee-charles.png"] != nil)
    #expect(files["B00002-lukasz-charles.png"] != nil)
    let rows = try manifest(directory + "/m.jsonl")
    #expect(rows.map { $0["row"] as? Int } == Array(1...300))
    #expect(rows[0]["file"] as? String == "B00001-aimee-charles.png")
    #expect(rows[0]["text"] as? String == "Aimée Charles")
    #expect(rows[0]["line"] as? Int == 2)
    let size = try #require(rows[0]["size"] as? Double)
    #expect(size > 30 && size <= 72)
    let png = try PNGCodec.decode([UInt8](try #require(files["B00001-aimee-charles.png"])))
    #expect(png.text(forKey: "WordFit-Size") == TextFormatting.pixels(size))
  }

  @Test func outputDoesNotDependOnJobs() throws {
    let directory = try folder(with: Self.csv(120))
    _ = try InProcess.wordfit(["batch", "in.csv", "--out", "one", "--jobs", "1"], in: directory)
    _ = try InProcess.wordfit(["batch", "in.csv", "--out", "four", "--jobs", "4"], in: directory)
    #expect(try pngs(in: directory + "/one") == pngs(in: directory + "/four"))
  }

  @Test func unionOfShardsIsTheWholeOutput() throws {
    let directory = try folder(with: Self.csv(200) + "B99999,Aimée Charles,Staff\n")
    _ = try InProcess.wordfit(["batch", "in.csv", "--out", "all", "--name-template", "{slug}"], in: directory)
    var union: [String: Data] = [:]
    for shard in 0..<3 {
      let result = try InProcess.wordfit(
        ["batch", "in.csv", "--out", "shard\(shard)", "--shard", "\(shard)/3", "--name-template", "{slug}"],
        in: directory)
      #expect(result.status == 0)
      let files = try pngs(in: directory + "/shard\(shard)")
      #expect(Set(files.keys).isDisjoint(with: union.keys))
      union.merge(files) { first, _ in first }
    }
    let all = try pngs(in: directory + "/all")
    #expect(all.count == 201)
    #expect(all["aimee-charles-2.png"] != nil, "a repeated name gets -2, in every shard alike")
    #expect(union == all)
  }

  @Test func killedMidRunLeavesOnlyCompletePNGsAndResumes() throws {
    let directory = try folder(with: Self.csv(3000))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.executable)
    process.arguments = ["batch", "in.csv", "--out", "out", "--jobs", "2", "--quiet"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let count = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/out").count) ?? 0
      if count > 200 { break }
      Thread.sleep(forTimeInterval: 0.01)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let partial = try pngs(in: directory + "/out")
    #expect(partial.count > 0 && partial.count < 3000, "killed mid-run: \(partial.count) files")
    for (name, data) in partial {
      #expect(throws: Never.self, "\(name) is complete") { try PNGCodec.decode([UInt8](data)) }
    }
    let resumed = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "out", "--skip-existing", "--manifest", "m.jsonl"], in: directory)
    #expect(resumed.status == 0, "\(resumed.standardError)")
    let rows = try manifest(directory + "/m.jsonl")
    let skipped = rows.filter { $0["status"] as? String == "skipped" }.count
    #expect(skipped >= partial.count)
    #expect(skipped + rows.filter { $0["status"] as? String == "written" }.count == 3000)
    _ = try InProcess.wordfit(["batch", "in.csv", "--out", "clean"], in: directory)
    #expect(try pngs(in: directory + "/out") == pngs(in: directory + "/clean"), "resumed output equals a clean run")
  }

  @Test func interruptStopsCleanly() throws {
    let directory = try folder(with: Self.csv(4000))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.executable)
    process.arguments = ["batch", "in.csv", "--out", "out", "--manifest", "m.jsonl"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline,
      ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/out").count) ?? 0) < 100
    {
      Thread.sleep(forTimeInterval: 0.01)
    }
    kill(process.processIdentifier, SIGINT)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130, "\(message)")
    #expect(message.contains("interrupted"))
    let rows = try manifest(directory + "/m.jsonl")
    let files = try pngs(in: directory + "/out")
    let written = rows.filter { $0["status"] as? String == "written" }
    #expect(written.count == files.count, "the manifest lists exactly what was written")
    #expect(Set(written.compactMap { $0["file"] as? String }) == Set(files.keys))
    #expect(rows.allSatisfy { ["written", "not-started"].contains($0["status"] as? String) })
    #expect(rows.map { $0["row"] as? Int } == Array(1...rows.count))
    // Issue 9, item 10: the summary counts exactly the manifest's rows.
    #expect(message.contains("batch: \(rows.count) rows, \(written.count) written"), "\(message)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory + "/out").filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty)
  }

  @Test func badRowsAreReportedAndSkipped() throws {
    var bytes = Array("id,name\n1,Good Row\n2,".utf8) + [0x42, 0xFF, 0x43] + Array("\n3,   \n4,\"unbalanced\n".utf8)
    bytes += Array("5,Too,many,fields\n6,\(String(repeating: "x", count: 10_000))\n".utf8)
    bytes += Array("7,\((1...500).map { "w\($0)" }.joined(separator: " "))\n8,Also Good\n".utf8)
    let directory = try TestPaths.makeTemporaryDirectory()
    try Data(bytes).write(to: URL(fileURLWithPath: directory + "/in.csv"))
    let result = try InProcess.wordfit(["batch", "in.csv", "--out", "out", "--manifest", "m.jsonl"], in: directory)
    #expect(result.status == 1, "some rows failed")
    let rows = try manifest(directory + "/m.jsonl")
    func row(_ id: String) -> [String: Any]? { rows.first { $0["id"] as? String == id } }
    #expect(row("1")?["status"] as? String == "written")
    #expect((row("2")?["error"] as? String)?.contains("UTF-8") == true)
    #expect((row("3")?["error"] as? String)?.contains("empty") == true)
    #expect(rows.contains { ($0["error"] as? String)?.contains("unbalanced quote") == true })
    #expect((row("5")?["error"] as? String)?.contains("4 fields where the header has 2") == true)
    #expect(row("6")?["status"] as? String == "written", "a 10,000-character name renders truncated")
    #expect((row("6")?["truncatedWords"] as? [String])?.count == 1)
    #expect(row("7")?["status"] as? String == "written", "a 500-word name renders, lines dropped")
    #expect(((row("7")?["truncatedWords"] as? [String])?.count ?? 0) > 0)
    #expect(row("8")?["status"] as? String == "written", "the batch goes on after the bad rows")
    #expect(result.standardError.contains("row 2 (line 3)"))
  }

  @Test func hostileNamesStayInsideTheFolder() throws {
    let csv = "id,name\n../x,../../etc/passwd\n2,CON\n3,\"!!! ???\"\n4,😀😀😀\n.5,.hidden\n"
    let directory = try folder(with: csv)
    let result = try InProcess.wordfit(["batch", "in.csv", "--out", "out", "--manifest", "m.jsonl"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory + "/out"))
    #expect(names.count == 5)
    #expect(names.isSuperset(of: ["x-etc-passwd.png", "2-con.png", "5-hidden.png"]))
    #expect(names.contains { $0.hasPrefix("3-text-") } && names.contains { $0.hasPrefix("4-text-") })
    #expect(!FileManager.default.fileExists(atPath: directory + "/etc"))
    #expect(try manifest(directory + "/m.jsonl").allSatisfy { !(($0["file"] as? String) ?? "/").contains("/") })
    let template = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "t", "--name-template", "../{slug}"], in: directory)
    #expect(template.status == 64)
  }

  @Test func colorsFollowAColumnAndDPIIsRecorded() throws {
    let directory = try folder(with: "id,name,role\n1,Speaker Person,Speaker\n2,Plain Attendee,Attendee\n")
    let result = try InProcess.wordfit(
      [
        "batch", "in.csv", "--out", "out", "--colors-by", "role", "--colors", "Speaker=#FF9500/#202020", "--dpi", "300",
      ], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let speaker = try PNGCodec.decode(
      [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/out/1-speaker-person.png"))))
    #expect(speaker.canvas.color(atX: 0, y: 0) == Color(red: 0x20, green: 0x20, blue: 0x20))
    #expect(speaker.canvas.pixels.contains(0x95), "orange text")
    let attendee = try Data(contentsOf: URL(fileURLWithPath: directory + "/out/2-plain-attendee.png"))
    #expect(attendee[25] == 0, "default colours stay grey")
    #expect(attendee.range(of: Data("pHYs".utf8)) != nil)
  }

  @Test func layoutFromASpecFileWithoutText() throws {
    let directory = try folder(with: "id,name\n1,Spec Driven\n")
    try #"{"canvas": "38mm", "fg": "black", "bg": "white", "align": "center"}"#.write(
      toFile: directory + "/badge.json", atomically: true, encoding: .utf8)
    let result = try InProcess.wordfit(["batch", "in.csv", "--out", "out", "--spec", "badge.json"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/out/1-spec-driven.png"))))
    #expect(png.canvas.width == 272 && png.canvas.color(atX: 0, y: 0) == .white)
  }

  @Test func plainListsAndColumnNumbers() throws {
    let directory = try folder(with: "Foo Bar\nBaz Qux\n")
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "out", "--no-header", "--column", "1"], in: directory)
    #expect(result.status == 0)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: directory + "/out")) == [
        "1-foo-bar.png", "2-baz-qux.png",
      ])
    let input = try InProcess.wordfit(["batch", "-", "--out", "stdin"], in: directory, input: "name\nFrom Stdin\n")
    #expect(input.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory + "/stdin/1-from-stdin.png"))
  }

  @Test func progressLinesAndQuiet() throws {
    let directory = try folder(with: Self.csv(40))
    let progress = try InProcess.wordfit(["batch", "in.csv", "--out", "p", "--progress"], in: directory)
    #expect(progress.status == 0)
    #expect(progress.standardError.contains("progress: 40/40 rows"), "\(progress.standardError)")
    let quiet = try InProcess.wordfit(["batch", "in.csv", "--out", "q", "--quiet"], in: directory)
    #expect(quiet.status == 0)
    #expect(quiet.standardError.isEmpty && quiet.standardOutput.isEmpty)
    let plain = try InProcess.wordfit(["batch", "in.csv", "--out", "r"], in: directory)
    #expect(!plain.standardError.contains("progress:"), "no progress lines when not a terminal unless asked")
    #expect(plain.standardError.contains("40 rows, 40 written"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func progressBarOnATerminal() throws {
    // `script` gives the command a pseudo-terminal, as a person's shell would.
    let directory = try folder(with: Self.csv(150))
    let result = try CommandRunner.run(
      "/usr/bin/script", ["-q", "-c", "\"$WORDFIT\" batch in.csv --out out --jobs 1", "/dev/null"], in: directory,
      input: nil, environment: ["WORDFIT": TestPaths.executable])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("] 150/150"), "\(result.standardOutput)")
    #expect(result.standardOutput.contains("ETA"))
    #expect(result.standardOutput.contains("150 rows, 150 written"))
  }

  @Test func contactSheet() throws {
    let directory = try folder(with: Self.csv(20))
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "out", "--contact-sheet", "sheet.png", "--contact-count", "10"], in: directory)
    #expect(result.status == 0)
    let sheet = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/sheet.png"))))
    #expect(sheet.canvas.width > 8 * 132 && sheet.canvas.height > 2 * 161 && sheet.canvas.height < 3 * 200)
  }

  @Test(arguments: [
    (["batch", "missing.csv", "--out", "o"], Int32(66), "missing.csv does not exist"),
    (["batch", "in.csv", "--out", "/proc/wordfit-out"], 74, "/proc/wordfit-out"),
    (["batch", "in.csv", "--out", "o", "--column", "surname"], 64, "--column 'surname' is not one of id, name, role"),
    (["batch", "in.csv"], 64, "--out"),
    (["batch", "in.csv", "--out", "o", "--shard", "3/3"], 64, "0 ≤ K < N"),
    (["batch", "in.csv", "--out", "o", "--colors", "A=red"], 64, "--colors-by"),
    (["batch", "in.csv", "--out", "o", "--font", "/nonexistent.ttf"], 66, "/nonexistent.ttf"),
    (["batch", "in.csv", "--out", "o", "--canvas", "1x1"], 64, "no room"),
  ])
  func fatalErrors(_ arguments: [String], _ status: Int32, _ mention: String) throws {
    let directory = try folder(with: Self.csv(3))
    let result = try InProcess.wordfit(arguments, in: directory)
    #expect(result.status == status, "\(result.standardError)")
    #expect(result.standardError.contains(mention), "\(result.standardError)")
  }
}
