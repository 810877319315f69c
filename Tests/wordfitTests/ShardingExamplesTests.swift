import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// The Kubernetes and Slurm examples under `docs/` run as written, and their shards add up to
/// the unsharded output byte for byte.
@Suite struct ShardingExamplesTests {
  func pngs(in directory: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".png") {
      files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
    }
    return files
  }

  func environment(_ extra: [String: String]) -> [String: String] {
    let binaries = URL(fileURLWithPath: TestPaths.executable).deletingLastPathComponent().path
    var environment = ["PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  @Test func slurmArrayScript() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try BatchCommandTests.csv(60).write(toFile: directory + "/names.csv", atomically: true, encoding: .utf8)
    for task in 0..<3 {
      let result = try CommandRunner.run(
        "/bin/bash", [TestPaths.packageRoot + "/docs/slurm-array.sh", "names.csv", "sharded"], in: directory,
        input: nil,
        environment: environment([
          "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "0",
          "SLURM_CPUS_PER_TASK": "1",
        ]))
      #expect(result.status == 0, "\(result.standardError)")
    }
    _ = try CommandRunner.wordfit(["batch", "names.csv", "--out", "whole"], in: directory)
    #expect(try pngs(in: directory + "/sharded") == pngs(in: directory + "/whole"))
    #expect(FileManager.default.fileExists(atPath: directory + "/sharded/manifest-2.jsonl"))
  }

  /// Options after OUTPUT_DIR reach `wordfit batch` (issue 42, item 5): a template's badges and a
  /// PDF per shard, not watch-sized PNGs of the first column; options the script sets itself are
  /// refused (64).
  @Test func slurmArrayScriptPassesBatchOptionsThrough() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let badges = TestPaths.fixtures + "/badges"
    let run = { (task: Int, extra: [String]) in
      try CommandRunner.run(
        "/bin/bash", [TestPaths.packageRoot + "/docs/slurm-array.sh", badges + "/badges.csv", "out"] + extra,
        in: directory, input: nil,
        environment: self.environment([
          "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "0",
          "SLURM_CPUS_PER_TASK": "1",
        ]))
    }
    for task in 0..<2 {
      let result = try run(task, ["--template", badges + "/badge.template.json", "--pdf", "badges.pdf"])
      #expect(result.status == 0, "\(result.standardError)")
    }
    for shard in ["0of2", "1of2"] {
      #expect(FileManager.default.fileExists(atPath: directory + "/badges-shard\(shard).pdf"), "\(shard)")
    }
    let png = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory + "/out").first { $0.hasSuffix(".png") })
    let decoded = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/out/" + png))))
    #expect(decoded.canvas.width == 339 && decoded.canvas.height == 213, "the template's 86 × 54 mm at 100 dpi")
    let refused = try run(0, ["--shard", "1/2"])
    #expect(refused.status == 64 && refused.standardError.contains("sets --shard itself"), "\(refused.standardError)")
  }

  /// The Indexed Job's fields against the schema rules sharding relies on
  /// (`scripts/check-indexed-job.py`; `kubectl --dry-run=client` needs a cluster's API here), and
  /// a broken copy fails them.
  @Test func kubernetesIndexedJobFieldsAreValid() throws {
    let checker = TestPaths.packageRoot + "/scripts/check-indexed-job.py"
    let yaml = TestPaths.packageRoot + "/docs/kubernetes-indexed-job.yaml"
    let good = try CommandRunner.run("/usr/bin/python3", [checker, yaml], in: nil, input: nil, environment: [:])
    #expect(good.status == 0 && good.standardOutput == "ok\n", "\(good.standardOutput)\(good.standardError)")
    let directory = try TestPaths.makeTemporaryDirectory()
    let broken = try String(contentsOfFile: yaml, encoding: .utf8)
      .replacingOccurrences(of: "completionMode: Indexed", with: "completionMode: NonIndexed")
      .replacingOccurrences(of: "restartPolicy: OnFailure", with: "restartPolicy: Always")
    try broken.write(toFile: directory + "/broken.yaml", atomically: true, encoding: .utf8)
    let bad = try CommandRunner.run(
      "/usr/bin/python3", [checker, directory + "/broken.yaml"], in: nil, input: nil, environment: [:])
    #expect(bad.status == 1)
    #expect(bad.standardOutput.contains("spec.completionMode must be Indexed"))
    #expect(bad.standardOutput.contains("restartPolicy is OnFailure or Never"))
  }

  @Test func kubernetesIndexedJobCommand() throws {
    let yaml = try String(contentsOfFile: TestPaths.packageRoot + "/docs/kubernetes-indexed-job.yaml", encoding: .utf8)
    let lines = yaml.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- >" })
    let end = try #require(
      lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("resources:") })
    let command = lines[(start + 1)..<end].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    let completions = try #require(
      lines.first { $0.contains("completions:") }.flatMap {
        Int($0.split(separator: ":")[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces))
      })
    let directory = try TestPaths.makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory + "/input", withIntermediateDirectories: true)
    try BatchCommandTests.csv(50).write(toFile: directory + "/input/names.csv", atomically: true, encoding: .utf8)
    let local = command.replacingOccurrences(of: "/input/", with: directory + "/input/")
      .replacingOccurrences(of: "/output/", with: directory + "/output/")
    for index in 0..<completions {
      let result = try CommandRunner.run(
        "/bin/sh", ["-c", local], in: directory, input: nil,
        environment: environment(["JOB_COMPLETION_INDEX": "\(index)"]))
      #expect(result.status == 0, "\(result.standardError)")
    }
    _ = try CommandRunner.wordfit(
      ["batch", "input/names.csv", "--out", "whole", "--canvas", "45mm", "--max-size", "72", "--insets", "8"],
      in: directory)
    #expect(try pngs(in: directory + "/output/badges") == pngs(in: directory + "/whole"))
    #expect(try pngs(in: directory + "/whole").count == 50)
  }
}
