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
    _ = try InProcess.wordfit(["batch", "names.csv", "--out", "whole"], in: directory)
    #expect(try pngs(in: directory + "/sharded") == pngs(in: directory + "/whole"))
    #expect(FileManager.default.fileExists(atPath: directory + "/sharded/manifest-shard2of3.jsonl"))
    // An array that does not start at 0 would leave shard 0 unrendered: refused by --shard auto.
    let offset = try CommandRunner.run(
      "/bin/bash", [TestPaths.packageRoot + "/docs/slurm-array.sh", "names.csv", "offset"], in: directory, input: nil,
      environment: environment([
        "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1",
      ]))
    #expect(
      offset.status == 64 && offset.standardError.contains("SLURM_ARRAY_TASK_MIN is 1"), "\(offset.standardError)")
    // A rerun of task 1 alone names the array's size.
    let rerun = try CommandRunner.run(
      "/bin/bash", [TestPaths.packageRoot + "/docs/slurm-array.sh", "names.csv", "sharded"], in: directory, input: nil,
      environment: environment([
        "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "WORDFIT_SHARDS": "3",
      ]))
    #expect(rerun.status == 0 && rerun.standardError.contains("20 skipped"), "\(rerun.standardError)")
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
    let lines = yaml.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let start = try #require(lines.firstIndex { $0 == "args:" })
    let arguments = lines[(start + 1)...].prefix { $0.hasPrefix("- ") }.map {
      String($0.dropFirst(2)).replacingOccurrences(of: "\"", with: "")
    }
    let completions = try #require(
      lines.first { $0.hasPrefix("completions:") }.flatMap {
        Int($0.split(separator: ":")[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces))
      })
    try runTasks(
      of: arguments, count: completions, roots: ["/input/", "/output/"],
      environment: { ["JOB_COMPLETION_INDEX": "\($0)"] })
  }

  /// The AWS Batch job definition's command, run as each task of an 8-task array job
  /// (`AWS_BATCH_JOB_ARRAY_INDEX`, `AWS_BATCH_JOB_ARRAY_SIZE`).
  @Test func awsBatchJobCommand() throws {
    let json = try jsonObject("docs/aws-batch-job.json")
    let container = try #require(json["containerProperties"] as? [String: Any])
    let command = try #require(container["command"] as? [String])
    try runTasks(
      of: command, count: 8, roots: ["/input/", "/output/"],
      environment: { ["AWS_BATCH_JOB_ARRAY_INDEX": "\($0)", "AWS_BATCH_JOB_ARRAY_SIZE": "8"] })
  }

  /// The Google Cloud Batch job's command, run as each of its `taskCount` tasks
  /// (`BATCH_TASK_INDEX`, `BATCH_TASK_COUNT`).
  @Test func cloudBatchJobCommand() throws {
    let json = try jsonObject("docs/cloud-batch-job.json")
    let group = try #require((json["taskGroups"] as? [[String: Any]])?.first)
    let count = try #require((group["taskCount"] as? String).flatMap { Int($0) })
    let runnable = try #require(((group["taskSpec"] as? [String: Any])?["runnables"] as? [[String: Any]])?.first)
    let command = try #require((runnable["container"] as? [String: Any])?["commands"] as? [String])
    try runTasks(
      of: command, count: count, roots: ["/mnt/disks/share/"],
      environment: { ["BATCH_TASK_INDEX": "\($0)", "BATCH_TASK_COUNT": "\(count)"] })
  }

  func jsonObject(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.packageRoot + "/" + path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// Runs an example's wordfit `arguments` (its volumes' `roots` moved into a temporary folder)
  /// as each of `count` tasks with the engine's `environment`, then checks that the tasks' PNGs
  /// are one unsharded run's, byte for byte, and each wrote its own manifest.
  func runTasks(
    of arguments: [String], count: Int, roots: [String], environment: (Int) -> [String: String]
  ) throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    var local = arguments
    for root in roots {
      local = local.map {
        $0.replacingOccurrences(
          of: root, with: directory + "/" + root.split(separator: "/").joined(separator: "-") + "/")
      }
    }
    let input = try #require(local.first { $0.hasSuffix(".csv") })
    try FileManager.default.createDirectory(
      atPath: (input as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try BatchCommandTests.csv(50).write(toFile: input, atomically: true, encoding: .utf8)
    for index in 0..<count {
      let result = try InProcess.wordfit(local, in: directory, environment: environment(index))
      #expect(result.status == 0, "\(result.standardError)")
    }
    let out = try #require(local.firstIndex(of: "--out").map { local[$0 + 1] })
    let manifest = try #require(local.firstIndex(of: "--manifest").map { local[$0 + 1] })
    var whole = local
    whole[try #require(local.firstIndex(of: "--out")) + 1] = directory + "/whole"
    whole.removeAll { $0 == "--skip-existing" || $0 == "--progress" }
    let shard = try #require(whole.firstIndex(of: "--shard"))
    whole.removeSubrange(shard...(shard + 1))
    if let given = whole.firstIndex(of: "--shard-count") { whole.removeSubrange(given...(given + 1)) }
    let manifestIndex = try #require(whole.firstIndex(of: "--manifest"))
    whole.removeSubrange(manifestIndex...(manifestIndex + 1))
    let reference = try InProcess.wordfit(whole, in: directory)
    #expect(reference.status == 0, "\(reference.standardError)")
    #expect(try pngs(in: out) == pngs(in: directory + "/whole"))
    #expect(try pngs(in: directory + "/whole").count == 50)
    let stem = (manifest as NSString).deletingPathExtension
    for index in 0..<count {
      #expect(FileManager.default.fileExists(atPath: "\(stem)-shard\(index)of\(count).jsonl"), "task \(index)")
    }
  }
}
