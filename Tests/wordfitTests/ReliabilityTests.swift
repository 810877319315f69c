import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

#if canImport(Glibc)
  import Glibc
#endif

/// Regression tests for the defects found by attacking WordFit (issue 9): each item's
/// reproduction, run through the command line (in process, or as a child process where its
/// streams are under test), with the behaviour the README promises.
@Suite struct ReliabilityTests {
  func folder(_ files: [String: String] = [:]) throws -> String {
    try TestPaths.makeTemporaryDirectory(with: files)
  }

  func manifest(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  let csv = "id,name\n1,Ada Lovelace\n2,Grace Hopper\n3,Alan Turing\n"

  // Item 1: a CSV that is only a byte-order mark.
  @Test func byteOrderMarkAloneIsAnEmptyInputNotACrash() throws {
    let directory = try folder()
    try Data([0xEF, 0xBB, 0xBF]).write(to: URL(fileURLWithPath: directory + "/bom.csv"))
    let withHeader = try InProcess.wordfit(["batch", "bom.csv", "--out", "o"], in: directory)
    #expect(withHeader.status == 65)
    #expect(withHeader.standardError.contains("bom.csv is empty"))
    // a child process: a byte-order mark piped into standard input.
    let piped = try CommandRunner.shell(
      "printf '\\357\\273\\277' | \"$WORDFIT\" batch - --no-header --out o2", in: directory)
    #expect(piped.status == 0, "\(piped.standardError)")
    #expect(piped.standardError.contains("batch: 0 rows"))
  }

  // Item 3: a spec file far over the limit is refused before it is read.
  @Test func hugeSpecIsRefusedBeforeReading() throws {
    let directory = try folder()
    let path = directory + "/huge.json"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 100 << 20) == 0)
    let result = try InProcess.wordfit(["render", "--spec", path])
    #expect(result.status == 65)
    #expect(result.standardError.contains("larger than 4 MiB"), "\(result.standardError)")
  }

  // Item 5: a FIFO or a loop of links where a font is expected.
  @Test func fifoAndLinkLoopAreRefusedAtOnce() throws {
    let directory = try folder()
    #expect(mkfifo(directory + "/font.ttf", 0o600) == 0)
    let fifo = try InProcess.wordfit(["render", "Foo", "--font", "font.ttf", "-o", "x.png"], in: directory)
    #expect(fifo.status == 66)
    #expect(fifo.standardError.contains("is a pipe (FIFO)"), "\(fifo.standardError)")
    #expect(symlink("b", directory + "/a") == 0 && symlink("a", directory + "/b") == 0)
    let loop = try InProcess.wordfit(["render", "Foo", "--font", "a", "-o", "x.png"], in: directory)
    #expect(loop.status == 66)
    #expect(loop.standardError.contains("loop of symbolic links"), "\(loop.standardError)")
  }

  // Item 6: default names never replace another text's PNG.
  @Test func defaultNamesNeverReplaceAnotherTextsFile() throws {
    let directory = try folder()
    let first = try InProcess.wordfit(["render", "محمد علي"], in: directory)
    let second = try InProcess.wordfit(["render", "محمد عليّ"], in: directory)
    #expect(first.status == 0 && second.status == 0)
    #expect(first.standardOutput.contains("wrote mhmd-ly.png"), "\(first.standardOutput)")
    #expect(second.standardOutput.contains("wrote mhmd-ly-2.png"), "\(second.standardOutput)")
    let again = try InProcess.wordfit(["render", "محمد علي"], in: directory)
    #expect(again.standardOutput.contains("wrote mhmd-ly.png"), "the same text replaces its own file")
    try "not a png".write(toFile: directory + "/ada.png", atomically: true, encoding: .utf8)
    let foreign = try InProcess.wordfit(["render", "Ada"], in: directory)
    #expect(foreign.standardOutput.contains("wrote ada-2.png"))
    #expect(try String(contentsOfFile: directory + "/ada.png", encoding: .utf8) == "not a png")
  }

  // Item 7: `-` means standard output for the PNG and the manifest.
  @Test func dashWritesToStandardOutput() throws {
    let directory = try folder(["in.csv": csv])
    // a child process: the PNG read from its standard output by the next command in a pipe.
    let png = try CommandRunner.shell("\"$WORDFIT\" render Foo -o - | head -c 4 | od -An -c", in: directory)
    #expect(png.standardOutput.contains("P   N   G"), "\(png.standardOutput)")
    #expect(png.standardError.contains("wrote standard output"))
    // a child process: /dev/stdout is the process's own.
    let devStdout = try CommandRunner.shell("\"$WORDFIT\" render Foo -o /dev/stdout | wc -c", in: directory)
    #expect((Int(devStdout.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 1000)
    #expect(!FileManager.default.fileExists(atPath: directory + "/-"))
    let both = try InProcess.wordfit(["render", "Foo", "-o", "-", "--json"], in: directory)
    #expect(both.status == 64)
    let batch = try InProcess.wordfit(["batch", "in.csv", "--out", "o", "--manifest", "-"], in: directory)
    #expect(batch.status == 0)
    #expect(try manifest(batch.standardOutput).count == 3)
    #expect(!FileManager.default.fileExists(atPath: directory + "/-"))
  }

  // Item 8: an output that is the same file as an input is refused.
  @Test func outputsNeverReplaceInputs() throws {
    let directory = try folder(["in.csv": csv, "text.txt": "Ada"])
    let manifest = try InProcess.wordfit(
      ["batch", "./in.csv", "--out", "o", "--manifest", "in.csv"], in: directory)
    #expect(manifest.status == 64)
    #expect(manifest.standardError.contains("same file as the input"))
    #expect(symlink("in.csv", directory + "/link.png") == 0)
    let sheet = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--contact-sheet", "link.png"], in: directory)
    #expect(sheet.status == 64)
    let render = try InProcess.wordfit(["render", "--text-file", "text.txt", "-o", "text.txt"], in: directory)
    #expect(render.status == 64)
    #expect(try String(contentsOfFile: directory + "/in.csv", encoding: .utf8) == csv)
    #expect(try String(contentsOfFile: directory + "/text.txt", encoding: .utf8) == "Ada")
  }

  // Item 9: a link named like a badge is not an existing badge.
  @Test func skipExistingCountsOnlyRegularFiles() throws {
    let directory = try folder(["in.csv": csv, "other.txt": "keep"])
    try FileManager.default.createDirectory(atPath: directory + "/o", withIntermediateDirectories: true)
    #expect(symlink("../other.txt", directory + "/o/1-ada-lovelace.png") == 0)
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--skip-existing", "--manifest", "m.jsonl"], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let rows = try manifest(String(contentsOfFile: directory + "/m.jsonl", encoding: .utf8))
    #expect(rows.first?["status"] as? String == "written")
    #expect(FileIdentity.isRegularFile(directory + "/o/1-ada-lovelace.png"))
    #expect(try String(contentsOfFile: directory + "/other.txt", encoding: .utf8) == "keep")
  }

  // Item 10: a write error mid-batch: every row counted has a manifest line, summary printed.
  @Test func writeErrorKeepsSummaryAndManifestInAgreement() throws {
    var rows = "id,name\n"
    for index in 1...600 { rows += "\(index),Name \(index)\n" }
    let directory = try folder(["in.csv": rows])
    // A directory where row 300's badge goes: its write fails with EISDIR.
    try FileManager.default.createDirectory(
      atPath: directory + "/o/300-name-300.png", withIntermediateDirectories: true)
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--manifest", "m.jsonl", "--quiet", "--jobs", "2"], in: directory)
    #expect(result.status == 74, "\(result.standardError)")
    let lines = try manifest(String(contentsOfFile: directory + "/m.jsonl", encoding: .utf8))
    let summary = try #require(result.standardError.split(separator: "\n").first { $0.hasPrefix("batch: ") })
    #expect(summary.hasPrefix("batch: \(lines.count) rows, "), "\(summary)")
    let written = lines.filter { $0["status"] as? String == "written" }.count
    #expect(summary.contains(" \(written) written"))
    #expect(lines.map { $0["row"] as? Int } == Array(1...lines.count))
  }

  // Item 11: temporaries of dead processes are removed by the next run; live ones (whose
  // writer holds their lock, issue 22 item 1) are kept.
  @Test func staleTemporariesAreRemoved() throws {
    let directory = try folder(["in.csv": csv])
    try FileManager.default.createDirectory(atPath: directory + "/o", withIntermediateDirectories: true)
    let dead = Process()
    dead.executableURL = URL(fileURLWithPath: "/bin/true")
    try dead.run()
    dead.waitUntilExit()
    let stale = ".1-ada-lovelace.png.wordfit-\(dead.processIdentifier)-3"
    let live = ".x.png.wordfit-\(getpid())-1"
    // A dead writer's temporaries hold what it wrote (an empty, new one may be a live writer's
    // that has not locked it yet: FourthAttackUnitTests).
    for name in [stale, live, ".m.jsonl.wordfit-\(dead.processIdentifier)"] {
      #expect(FileManager.default.createFile(atPath: directory + "/o/" + name, contents: Data("partial".utf8)))
    }
    let holder = open(directory + "/o/" + live, O_RDONLY)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
    let result = try InProcess.wordfit(["batch", "in.csv", "--out", "o"], in: directory)
    #expect(result.status == 0)
    #expect(result.standardError.contains("removed 2 temporary files"), "\(result.standardError)")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory + "/o").filter { $0.hasPrefix(".") }
    #expect(left == [live])
  }

  // Item 12: names close to the 255-byte limit.
  @Test func longNamesGetTemporariesThatFit() throws {
    let directory = try folder(["in.csv": csv])
    let template = String(repeating: "n", count: 245) + "{row}"
    let result = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--name-template", template], in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/o").count == 3)
  }

  // Item 13: integers are range-checked, never wrapped.
  @Test func integersOutOfRangeAreUsageErrors() throws {
    let directory = try folder(["in.csv": csv, "s.json": #"{"text": "A", "faceIndex": 4294967296}"#])
    #expect(try InProcess.wordfit(["render", "A", "--face-index", "2147483648"], in: directory).status == 64)
    #expect(try InProcess.wordfit(["render", "--spec", "s.json"], in: directory).status == 64)
    let column = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--column", "9223372036854775807"], in: directory)
    #expect(column.status == 64)
  }

  // Item 14 and 19: artifacts only for failures; nothing left in the temporary folder.
  @Test func passingCheckLeavesNoTemporaryFolder() throws {
    let directory = try folder(["a.json": #"{"text": "Ada", "canvas": "38mm"}"#])
    let temporary = try TestPaths.makeTemporaryDirectory()
    let environment = ["TMPDIR": temporary, "CI": "", "WORDFIT_RECORD": ""]
    _ = try InProcess.wordfit(["check", directory, "--record", "missing"], environment: environment)
    for name in try FileManager.default.contentsOfDirectory(atPath: temporary) {
      try FileManager.default.removeItem(atPath: temporary + "/" + name)
    }
    let result = try InProcess.wordfit(["check", directory], environment: environment)
    #expect(result.status == 0, "\(result.standardOutput)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
  }

  // Item 15: input from a pipe has no row count but renders every row.
  @Test func batchReadsFromAPipePath() throws {
    let directory = try folder(["in.csv": csv])
    // a child process: /dev/stdin, a pipe, is the process's own.
    let result = try CommandRunner.shell(
      "cat in.csv | \"$WORDFIT\" batch /dev/stdin --out o --progress", in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/o").count == 3)
  }

  // Item 17: semicolon- and tab-separated files.
  @Test func semicolonsAreDetectedAndTabsChosen() throws {
    let directory = try folder([
      "semi.csv": "id;name\n1;Ada Lovelace\n2;\"Hopper; Grace\"\n", "tab.tsv": "id\tname\n1\tAda Lovelace\n",
    ])
    let semi = try InProcess.wordfit(["batch", "semi.csv", "--out", "s", "--manifest", "-"], in: directory)
    #expect(semi.status == 0)
    #expect(semi.standardError.contains("reading fields separated by ';'"))
    #expect(try manifest(semi.standardOutput).map { $0["text"] as? String } == ["Ada Lovelace", "Hopper; Grace"])
    let tab = try InProcess.wordfit(
      ["batch", "tab.tsv", "--out", "t", "--delimiter", "TAB", "--manifest", "-"], in: directory)
    #expect(tab.status == 0)
    #expect(!tab.standardError.contains("warning"))
    #expect(try manifest(tab.standardOutput).first?["text"] as? String == "Ada Lovelace")
    #expect(
      try InProcess.wordfit(["batch", "tab.tsv", "--out", "t", "--delimiter", "|"], in: directory).status == 64)
  }

  // Item 18: missing glyphs are named on standard error once each, with a count (no fallback,
  // so the bundled font's gap shows).
  @Test func batchWarnsOfMissingGlyphsOncePerCharacter() throws {
    let directory = try folder(["in.csv": "id,name\n1,王 Ada\n2,王 Grace\n3,Alan\n"])
    let result = try InProcess.wordfit(["batch", "in.csv", "--out", "o", "--fallback", "none"], in: directory)
    #expect(result.status == 0)
    let warnings = result.standardError.split(separator: "\n").filter { $0.contains("no glyph") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("U+738B (2 rows)") == true, "\(result.standardError)")
  }

  // Item 20: messages name what is wrong in the user's words.
  @Test func messagesNameTheProblem() throws {
    let directory = try folder([
      "in.csv": csv, "frac.json": #"{"text": "A", "faceIndex": 1.5}"#, "labels.json": #"{"labels": "A"}"#,
    ])
    try FileManager.default.createDirectory(atPath: directory + "/d.png", withIntermediateDirectories: true)
    let isDirectory = try InProcess.wordfit(["diff", "d.png", "d.png"], in: directory)
    #expect(isDirectory.status == 66 && isDirectory.standardError.contains("is a directory"))
    let fraction = try InProcess.wordfit(["render", "--spec", "frac.json"], in: directory)
    #expect(fraction.standardError.contains("key 'faceIndex' must be a whole number, not 1.5"))
    let array = try InProcess.wordfit(["stack", "--spec", "labels.json"], in: directory)
    #expect(array.standardError.contains("key 'labels' must be an array"), "\(array.standardError)")
    #expect(!array.standardError.contains("Array<"))
    let dots = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--name-template", "x..{slug}"], in: directory)
    #expect(dots.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/o").allSatisfy { !$0.contains("..") })
    let individual = try InProcess.wordfit(
      ["render", "Value exponentially increasing", "--sizing", "individual", "-o", "i.png"], in: directory)
    #expect(individual.standardOutput.contains("\"exponentially\" at "), "\(individual.standardOutput)")
    let stack = try InProcess.wordfit(["stack", "-l", "A", "-l", "B", "-o", "s.png"], in: directory)
    #expect(stack.standardOutput.contains("limited by the maximum size"), "\(stack.standardOutput)")
  }

  // Item 21: the README's batch example runs as written.
  @Test func readmeBatchExampleRuns() throws {
    let readme = try String(contentsOfFile: TestPaths.packageRoot + "/README.md", encoding: .utf8)
    let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("wordfit batch docs/names.csv") })
    let directory = try folder()
    let arguments = line.split(separator: " ").dropFirst().map(String.init).map {
      $0.hasPrefix("docs/") ? TestPaths.packageRoot + "/" + $0 : $0
    }
    let result = try InProcess.wordfit(arguments, in: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/badges").count > 10)
  }
}
