import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage

/// Regression tests for what the fourth attack, three user trials and the fidelity pass found
/// (issue 38): each numbered item's reproduction through the command line, failing before its
/// fix.
@Suite struct FourthAttackTests {
  /// No standard-output line may start with a GitHub workflow command unless WordFit wrote it
  /// as one (`::error file=…`).
  func injectedCommands(in output: String) -> [Substring] {
    output.split(separator: "\n").filter {
      $0.hasPrefix("::") && !$0.hasPrefix("::error file=") && !$0.hasPrefix("::warning file=")
    }
  }

  // Item 2: catalog keys and spec names with newlines, U+0085 and U+2028 stay in their cell.
  @Test func tableCellsCannotStartWorkflowCommands() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let long = String(repeating: "x", count: 60)
    var strings: [String: [String: String]] = [:]
    for separator in ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"] {
      strings["a\(separator)::error::PWNED \(long)"] = [:]
    }
    let catalog: [String: Any] = ["sourceLanguage": "en", "strings": strings, "version": "1.0"]
    try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: directory + "/L.xcstrings"))
    for extra in [["--all"], ["--github"]] {
      let run = try InProcess.wordfit(
        ["strings", directory + "/L.xcstrings", "--canvases", "38mm", "--categories", "xSmall"] + extra)
      #expect(run.standardOutput.contains("PWNED"), "\(extra): the keys are reported")
      #expect(injectedCommands(in: run.standardOutput).isEmpty, "\(extra): \(run.standardOutput)")
    }
    let specs = try TestPaths.makeTemporaryDirectory(with: [
      "a\n::add-mask::x.json": #"{"words": ["Hi"], "canvas": "64x32"}"#
    ])
    let check = try InProcess.wordfit(["check", specs, "--github", "--record", "never"])
    #expect(check.standardOutput.contains("add-mask"), "the spec is reported")
    #expect(injectedCommands(in: check.standardOutput).isEmpty, "\(check.standardOutput)")
  }

  // Item 3: a row's image is read only from inside the images folder (the CSV's by default, or
  // the one named): `..`, absolute paths and links out of it are refused by name.
  @Test func rowImagesStayInsideTheirFolder() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "t.json":
        #"{"width": 120, "height": 60, "regions": [{"box": [0, 0, 80, 60], "text": "{name}"}], "images": [{"box": [84, 12, 32, 32], "png": "{photo}"}]}"#
    ])
    let logo = TestPaths.fixtures + "/badges/logo.png"
    for folder in ["data/photos", "outside", "pictures"] {
      try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(atPath: logo, toPath: directory + "/data/photos/ada.png")
    try FileManager.default.copyItem(atPath: logo, toPath: directory + "/outside/secret.png")
    try FileManager.default.copyItem(atPath: logo, toPath: directory + "/pictures/ada.png")
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/data/photos/link.png", withDestinationPath: "../../outside/secret.png")
    let rows = [
      "Ada,photos/ada.png", "Eve,../outside/secret.png", "Mal,\(directory)/outside/secret.png",
      "Lin,photos/link.png", "Dot,./photos/../photos/ada.png",
    ]
    try ("name,photo\n" + rows.joined(separator: "\n") + "\n").write(
      toFile: directory + "/data/people.csv", atomically: true, encoding: .utf8)
    let run = try InProcess.wordfit(
      ["batch", "data/people.csv", "--template", "t.json", "--out", "out", "--manifest", "m.jsonl"], in: directory)
    #expect(run.status == 1, "\(run.standardError)")
    let manifest = try String(contentsOfFile: directory + "/m.jsonl", encoding: .utf8).split(separator: "\n")
    #expect(manifest.count == 5)
    #expect(manifest[0].contains("\"written\"") && manifest[4].contains("\"written\""))
    for (line, why) in [(1, "climbs out"), (2, "absolute path"), (3, "through a link")] {
      #expect(manifest[line].contains("\"failed\"") && manifest[line].contains(why), "\(manifest[line])")
      #expect(manifest[line].contains("outside the images folder"), "\(manifest[line])")
    }
    // A named folder: rows are read from it, and the CSV's folder no longer counts.
    let named = try InProcess.wordfit(
      [
        "batch", "data/people.csv", "--template", "t.json", "--out", "out2", "--images", "pictures",
        "--manifest", "m2.jsonl",
      ], in: directory)
    let second = try String(contentsOfFile: directory + "/m2.jsonl", encoding: .utf8).split(separator: "\n")
    #expect(named.status == 1 && second[0].contains("\"written\"") && second[2].contains("\"failed\""))
    #expect(second[3].contains("left empty"), "photos/link.png is not in pictures/: a missing optional image")
    let missing = try InProcess.wordfit(
      ["batch", "data/people.csv", "--template", "t.json", "--out", "o3", "--images", "nowhere"], in: directory)
    #expect(missing.status == 66 && missing.standardError.contains("nowhere"), "\(missing.standardError)")
    // One badge from the command line: the current folder, or --images.
    let single = try InProcess.wordfit(
      ["render", "--template", "t.json", "--row", "name=Eve", "--row", "photo=outside/../../x.png", "-o", "e.png"],
      in: directory)
    #expect(single.status == 65 && single.standardError.contains("climbs out"), "\(single.standardError)")
    #expect(throws: WordFitError.self) { try RowImagePath.resolve("/etc/passwd", in: directory) }
    #expect(try RowImagePath.resolve("a/../b.png", in: directory) == directory + "/a/../b.png")
  }

  // Item 4: PDF, manifest and archive, which rename a temporary into place, never rename over
  // /dev/stdout (as root that replaced the system's link) or over any link: a device, pipe or
  // descriptor is refused with 64, a link to a file gets its target replaced. Item 24: -o
  // /dev/null discards the PNG.
  @Test func renamedOutputsNeverReplaceLinksOrDevices() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "r.csv": "given,company,role\nAda,Analytical,Speaker\nBob,Builders,Staff\n"
    ])
    let template = TestPaths.fixtures + "/badges/badge.template.json"
    for arguments in [
      ["--template", template, "--pdf", "/dev/stdout"], ["--out", "o", "--manifest", "/dev/stdout"],
      ["--out", "/dev/stdout", "--archive", "zip"], ["--template", template, "--pdf", "/proc/self/fd/1"],
      ["--out", "/dev/null", "--archive", "tar"],
    ] {
      let run = try InProcess.wordfit(["batch", "r.csv"] + arguments, in: directory)
      #expect(run.status == 64, "\(arguments): \(run.standardError)")
      #expect(run.standardError.contains("give a file name, or -"), "\(run.standardError)")
    }
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")
    #expect(link == "/proc/self/fd/1", "/dev/stdout is still the system's link")
    try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
    for name in ["b.pdf", "m.jsonl", "a.zip"] {
      try FileManager.default.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: "real/" + name)
    }
    let linked = try InProcess.wordfit(
      ["batch", "r.csv", "--template", template, "--pdf", "b.pdf", "--manifest", "m.jsonl", "--out", "a.zip"],
      in: directory)
    #expect(linked.status == 0, "\(linked.standardError)")
    for name in ["b.pdf", "m.jsonl", "a.zip"] {
      #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + name)) == "real/" + name)
      #expect(FileManager.default.fileExists(atPath: directory + "/real/" + name), "\(name)'s target written")
    }
    let discarded = try InProcess.wordfit(["render", "Foo", "-o", "/dev/null"], in: directory)
    #expect(discarded.status == 0, "\(discarded.standardError)")
  }

  // Item 5: one run's outputs never replace each other: a manifest, contact sheet or PDF named
  // as a badge is refused before any row; two outputs that are one file are refused; check's
  // two reports likewise.
  @Test func oneRunsOutputsNeverReplaceEachOther() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "r.csv": "given,company,role\nAda,Analytical,Speaker\nBob,Builders,Staff\n"
    ])
    let template = TestPaths.fixtures + "/badges/badge.template.json"
    for extra in [
      ["--out", "o", "--manifest", "o/1-ada.png"], ["--out", "o", "--contact-sheet", "o/2-bob.png"],
      ["--out", "o", "--pdf", "o/1-ada.png"], ["--pdf", "x.pdf", "--manifest", "x.pdf"],
      ["--pdf", "x.pdf", "--manifest", "./x.pdf"], ["--out", "a.zip", "--manifest", "a.zip"],
      ["--out", "o", "--manifest", "o", "--pdf", "y.pdf"],
    ] {
      let run = try InProcess.wordfit(["batch", "r.csv", "--template", template] + extra, in: directory)
      #expect(run.status == 64, "\(extra): \(run.standardError)")
      #expect(!FileManager.default.fileExists(atPath: directory + "/x.pdf"), "\(extra)")
      #expect(!FileManager.default.fileExists(atPath: directory + "/o/1-ada.png"), "\(extra): nothing rendered")
    }
    // A name template that gives a row the manifest's name: that row fails, the manifest stays.
    let named = try InProcess.wordfit(
      [
        "batch", "r.csv", "--template", template, "--out", "n", "--name-template", "{given}",
        "--manifest", "n/Bob.png",
      ], in: directory)
    #expect(named.status == 1, "\(named.standardError)")
    let manifest = try String(contentsOfFile: directory + "/n/Bob.png", encoding: .utf8)
    #expect(manifest.contains("\"written\"") && manifest.contains("would replace the manifest"), "\(manifest)")
    let specs = try TestPaths.makeTemporaryDirectory(with: ["a.json": #"{"words": ["Hi"], "canvas": "64x32"}"#])
    let check = try InProcess.wordfit(
      ["check", specs, "--junit", specs + "/r.xml", "--html", specs + "/./r.xml", "--record", "never"])
    #expect(check.status == 64 && check.standardError.contains("same file"), "\(check.standardError)")
  }

  // Item 6: a row's PNG never replaces a file WordFit did not write (a row's photo under the
  // name a name template gives); WordFit's own PNGs are still replaced on a rerun.
  @Test func rowsNeverReplaceFilesWordFitDidNotWrite() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "t.json":
        #"{"width": 120, "height": 60, "regions": [{"box": [0, 0, 80, 60], "text": "{name}"}], "images": [{"box": [84, 12, 32, 32], "png": "{photo}"}]}"#,
      "rows.csv": "name,photo\nAda,p.png\nBob,p.png\n",
    ])
    try FileManager.default.copyItem(atPath: TestPaths.fixtures + "/badges/logo.png", toPath: directory + "/p.png")
    let photo = try Data(contentsOf: URL(fileURLWithPath: directory + "/p.png"))
    let arguments = ["batch", "rows.csv", "--template", "t.json", "--out", ".", "--name-template", "p"]
    let run = try InProcess.wordfit(arguments + ["--manifest", "m.jsonl"], in: directory)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/p.png")) == photo, "the photo is kept")
    #expect(run.status == 1 && run.standardError.contains("WordFit did not write it"), "\(run.standardError)")
    #expect(FileManager.default.fileExists(atPath: directory + "/p-2.png"), "the other row is written")
    let again = try InProcess.wordfit(arguments + ["--manifest", "m2.jsonl"], in: directory)
    let lines = try String(contentsOfFile: directory + "/m2.jsonl", encoding: .utf8).split(separator: "\n")
    #expect(again.status == 1 && lines[1].contains("\"written\""), "a rerun replaces WordFit's own p-2.png")
  }

  // Item 7: strings' reports never replace the catalog, its layouts file or each other.
  @Test func stringsReportsNeverReplaceTheCatalog() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let catalog = directory + "/L.xcstrings"
    try FileManager.default.copyItem(atPath: TestPaths.fixtures + "/strings/Localizable.xcstrings", toPath: catalog)
    try #"{"default": {"style": "body"}}"#.write(
      toFile: directory + "/wordfit-strings.json", atomically: true, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
    for target in [catalog, directory + "/wordfit-strings.json", directory + "/./L.xcstrings"] {
      let run = try InProcess.wordfit(["strings", catalog, "--canvases", "45mm", "--junit", target])
      #expect(run.status == 64, "\(target): \(run.standardError)")
    }
    let legacy = try TestPaths.makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: legacy + "/en.lproj", withIntermediateDirectories: true)
    try #""a" = "b";"#.write(toFile: legacy + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
    let run = try InProcess.wordfit([
      "strings", legacy, "--canvases", "45mm", "--junit", legacy + "/en.lproj/Localizable.strings",
    ])
    #expect(run.status == 64, "\(run.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)
  }

  // Item 10: --out names a folder, an archive or (new) a PDF; a .png or .svg is refused
  // rather than made into a folder of that name.
  @Test func outputEndingsDecideTheOutput() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "r.csv": "given,company,role\nAda,Analytical,Speaker\nBob,Builders,Staff\n"
    ])
    let template = TestPaths.fixtures + "/badges/badge.template.json"
    let pdf = try InProcess.wordfit(
      ["batch", "r.csv", "--template", template, "--out", "badges.pdf"], in: directory)
    #expect(pdf.status == 0, "\(pdf.standardError)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/badges.pdf"))
    #expect(bytes.starts(with: Data("%PDF".utf8)), "a PDF, not a folder")
    for name in ["b.png", "b.svg", "B.PNG"] {
      let run = try InProcess.wordfit(["batch", "r.csv", "--template", template, "--out", name], in: directory)
      #expect(run.status == 64 && !FileManager.default.fileExists(atPath: directory + "/" + name), "\(name)")
    }
    let plain = try InProcess.wordfit(["batch", "r.csv", "--out", "c.pdf"], in: directory)
    #expect(plain.status == 64 && plain.standardError.contains("template"), "\(plain.standardError)")
  }

  // Item 9: what would fail late is refused first. A name template too long for a file name
  // stops the batch before any row (no archive, no manifest claiming rows); a long column
  // value is cut to fit; --accept replaces no golden when one render cannot be accepted; a
  // batch with no badge writes no PDF (not one blank page).
  @Test func lateFailuresAreRefusedFirst() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "r.csv": "id,name\n1,Ada\n2,\(String(repeating: "Bartholomew", count: 40))\n"
    ])
    let long = String(repeating: "n", count: 70_000) + "{row}"
    let refused = try InProcess.wordfit(
      ["batch", "r.csv", "--out", "a.zip", "--name-template", long, "--manifest", "m.jsonl"], in: directory)
    #expect(refused.status == 64 && refused.standardError.contains("255"), "\(refused.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/a.zip"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/m.jsonl"))
    let cut = try InProcess.wordfit(
      ["batch", "r.csv", "--out", "o", "--name-template", "{name}-{name}-{name}-{name}-{row}"], in: directory)
    #expect(cut.status == 0, "\(cut.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/o")
    #expect(names.count == 2 && names.allSatisfy { $0.utf8.count <= 255 }, "\(names)")

    let goldens = try TestPaths.makeTemporaryDirectory()
    let artifacts = try TestPaths.makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: artifacts + "/__Goldens__", withIntermediateDirectories: true)
    let logo = TestPaths.fixtures + "/badges/logo.png"
    try FileManager.default.copyItem(atPath: logo, toPath: artifacts + "/__Goldens__/a.png")
    try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: artifacts + "/__Goldens__/b.png"))
    try Data("old".utf8).write(to: URL(fileURLWithPath: goldens + "/a.png"))
    let accept = try InProcess.wordfit(["check", goldens, "--accept", artifacts])
    #expect(accept.status == 65, "\(accept.standardError)")
    #expect(try String(contentsOfFile: goldens + "/a.png", encoding: .utf8) == "old", "a.png was not replaced")

    try "given,company,role\n".write(toFile: directory + "/empty.csv", atomically: true, encoding: .utf8)
    let empty = try InProcess.wordfit(
      ["batch", "empty.csv", "--template", TestPaths.fixtures + "/badges/badge.template.json", "--pdf", "e.pdf"],
      in: directory)
    #expect(empty.status == 0 && empty.standardError.contains("not written"), "\(empty.standardError)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/e.pdf"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  // Item 24: presets lists the Wear OS canvases; render --template --json prints JSON; the
  // batch summary names the template's fonts.
  @Test func presetsJSONAndSummaryTellTheTruth() throws {
    let presets = try InProcess.wordfit(["presets"])
    #expect(presets.standardOutput.contains("wear-small") && presets.standardOutput.contains("wear-large"))
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "r.csv": "given,company,role\nAda,Analytical,Speaker\n"
    ])
    let template = TestPaths.fixtures + "/badges/badge.template.json"
    let json = try InProcess.wordfit(
      [
        "render", "--template", template, "--row", "given=Ada", "--row", "company=X", "--row", "role=Staff", "--json",
        "-o", "b.png",
      ], in: directory)
    #expect(json.status == 0, "\(json.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
    #expect((object?["regions"] as? [[String: Any]])?.count == 3, "\(json.standardOutput.prefix(300))")
    let noto = TestPaths.fixtures + "/fonts/NotoSans-Regular-subset.ttf"
    try #"{"width": 200, "height": 60, "regions": [{"box": [0, 0, 200, 60], "text": "{given}", "font": "NOTO"}]}"#
      .replacingOccurrences(of: "NOTO", with: noto).write(
        toFile: directory + "/t.json", atomically: true, encoding: .utf8)
    let batch = try InProcess.wordfit(["batch", "r.csv", "--template", "t.json", "--out", "o"], in: directory)
    let summary = batch.standardError.split(separator: "\n").first { $0.hasPrefix("batch: ") } ?? ""
    #expect(summary.contains("font Noto Sans") && !summary.contains("Inter"), "\(summary)")
  }

  // Item 25: a string that cannot be laid out (empty value, empty key, non-string value, a
  // language that is not a tag) is named with its key and language (65), and the others are
  // still checked and reported.
  @Test func stringsNamesBrokenStringsAndChecksTheRest() throws {
    let directory = try TestPaths.makeTemporaryDirectory(with: [
      "e.xcstrings":
        #"{"sourceLanguage":"en","strings":{"":{},"Empty":{"localizations":{"de":{"stringUnit":{"state":"new","value":""}}}},"Num":{"localizations":{"de":{"stringUnit":{"state":"translated","value":5}}}},"Fine":{"localizations":{"not a tag!":{"stringUnit":{"state":"translated","value":"Gut"}}}},"Start workout":{}},"version":"1.0"}"#
    ])
    let run = try InProcess.wordfit(
      ["strings", directory + "/e.xcstrings", "--canvases", "45mm", "--categories", "large", "--json"])
    #expect(run.status == 65, "\(run.standardError)")
    for named in ["key \"\" (en)", "key \"Empty\" (de)", "key \"Num\" (de)", "key \"Fine\" (not a tag!)"] {
      #expect(run.standardError.contains(named), "\(named): \(run.standardError)")
    }
    let rows = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]] ?? []
    #expect(rows.contains { $0["key"] as? String == "Start workout" && ($0["size"] as? Double ?? 0) > 0 })
  }

  // Item 27: a blank map key and two keys for the same cell are refused; a sheet size is
  // named within bounds and with its range; the Slurm example never evaluates its count.
  @Test func lowItemsHold() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    for (name, map) in [("blank", #"{"": "Guest"}"#), ("twice", #"{"VIP": "A", " vip ": "B"}"#)] {
      let json = #"{"width": 100, "height": 50, "regions": [{"box": [0, 0, 100, 50], "text": "{role}", "map": MAP}]}"#
      try json.replacingOccurrences(of: "MAP", with: map).write(
        toFile: directory + "/\(name).json", atomically: true, encoding: .utf8)
      let run = try InProcess.wordfit(
        ["render", "--template", directory + "/\(name).json", "--row", "role=x", "-o", directory + "/x.png"])
      #expect(run.status == 65 && run.standardError.contains("map"), "\(name): \(run.standardError)")
    }
    let long = String(repeating: "9", count: 100_000) + "x1mm"
    let sheet = try InProcess.wordfit(
      ["batch", "in.csv", "--out", "o", "--sheet", long], in: directory, input: nil)
    #expect(sheet.standardError.utf8.count < 2_000, "the message does not echo 100 KB")
    let marker = directory + "/pwned"
    let slurm = try CommandRunner.run(
      "/bin/bash", [TestPaths.packageRoot + "/docs/slurm-array.sh", "in.csv", "out"], in: directory, input: nil,
      environment: [
        "SLURM_ARRAY_TASK_COUNT": "a[$(touch \(marker))]", "SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1",
        "PATH": URL(fileURLWithPath: TestPaths.executable).deletingLastPathComponent().path + ":"
          + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      ])
    // The script no longer does arithmetic on the variables; wordfit reads them as numbers.
    #expect(slurm.status == 64 && !FileManager.default.fileExists(atPath: marker), "\(slurm.standardError)")
    #expect(slurm.standardError.contains("SLURM_ARRAY_TASK_COUNT is 'a[$(touch"), "\(slurm.standardError)")
  }

  // Item 22: a wrapped equal-width stack on a round screen wraps its labels at their boxes'
  // chords instead of shrinking until full-width lines fit them (18.19 px, naming the shortest
  // label); the label that limits it is the long one.
  @Test func roundWrappedStacksWrapAtTheirChords() throws {
    let labels = ["Start workout", "Batterieoptimierung jetzt aktivieren", "Abbrechen"]
    let run = try InProcess.wordfit(
      ["stack"] + labels.flatMap { ["-l", $0] } + [
        "--canvas", "wear-small", "--layout", "wrap", "--line-limit", "2", "--json", "-o", "s.png",
      ], in: try TestPaths.makeTemporaryDirectory())
    #expect(run.status == 0, "\(run.standardError)")
    let report = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
    let size = report?["size"] as? Double ?? 0
    #expect(size > 22, "\(size) px")
    #expect(run.standardOutput.contains("Batterieoptimierung"), "the long label is reported")
    #expect(
      (report?["limitingLabel"] as? String)?.hasPrefix("Batterie") ?? false, "\(report?["limitingLabel"] ?? "none")")
  }
}
