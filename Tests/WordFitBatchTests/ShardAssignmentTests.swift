import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBatch
@testable import WordFitCore
@testable import WordFitLayout

/// `--shard auto`: each array engine's variables give the task, and what they cannot mean is
/// refused by name before any row; the tasks' outputs add up to the unsharded run's.
@Suite struct ShardAssignmentTests {
  /// Each engine's variables for task `index` of `count` (Kubernetes gives no count).
  static func environment(_ engine: ArrayEngine, index: Int, count: Int) -> [String: String] {
    var environment = [engine.indexVariable: "\(index)"]
    if let variable = engine.countVariable { environment[variable] = "\(count)" }
    return environment
  }

  @Test func everyEngineGivesItsTask() throws {
    #expect(ArrayEngine.all.map(\.key) == ["slurm", "kubernetes", "aws-batch", "cloud-batch", "cloud-run"])
    for engine in ArrayEngine.all {
      let given = engine.countVariable == nil ? 5 : nil
      let shard = try ShardAssignment.fromEnvironment(Self.environment(engine, index: 3, count: 5), count: given)
      #expect(shard.shard == Shard(index: 3, count: 5) && shard.engine == engine, "\(engine.name)")
      #expect(shard.countIsGiven == (given != nil))
    }
  }

  @Test func whatCannotBeATaskIsRefusedByItsVariables() throws {
    let cases: [([String: String], Int?, String)] = [
      ([:], nil, "none is set (SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, JOB_COMPLETION_INDEX"),
      (["SLURM_ARRAY_TASK_ID": "", "JOB_COMPLETION_INDEX": ""], nil, "none is set"),
      (["JOB_COMPLETION_INDEX": "2"], nil, "does not say how many tasks there are; give the shard count"),
      (
        ["BATCH_TASK_INDEX": "4", "BATCH_TASK_COUNT": "4"], nil,
        "BATCH_TASK_INDEX 4 is not below the task count 4 (BATCH_TASK_COUNT)"
      ),
      (["JOB_COMPLETION_INDEX": "8"], 8, "is not below the task count 8 (the shard count)"),
      (["CLOUD_RUN_TASK_INDEX": "1", "CLOUD_RUN_TASK_COUNT": "0"], nil, "not below the task count 0"),
      (
        ["AWS_BATCH_JOB_ARRAY_INDEX": "$(id)", "AWS_BATCH_JOB_ARRAY_SIZE": "4"], nil,
        "AWS_BATCH_JOB_ARRAY_INDEX is '$(id)', not a task number"
      ),
      (["AWS_BATCH_JOB_ARRAY_INDEX": "1", "AWS_BATCH_JOB_ARRAY_SIZE": "-4"], nil, "AWS_BATCH_JOB_ARRAY_SIZE is '-4'"),
      (["SLURM_ARRAY_TASK_ID": "99999999", "SLURM_ARRAY_TASK_COUNT": "4"], nil, "not a task number"),
      (
        ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "JOB_COMPLETION_INDEX": "2"], nil,
        "disagree (SLURM_ARRAY_TASK_ID=1, SLURM_ARRAY_TASK_COUNT=4; JOB_COMPLETION_INDEX=2)"
      ),
      (
        ["BATCH_TASK_INDEX": "1", "BATCH_TASK_COUNT": "4", "CLOUD_RUN_TASK_INDEX": "1", "CLOUD_RUN_TASK_COUNT": "5"],
        nil, "disagree"
      ),
      (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"], nil, "TASK_MIN is 1"),
      (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "2"], nil, "STEP is 2"),
    ]
    for (environment, count, expected) in cases {
      do {
        let shard = try ShardAssignment.fromEnvironment(environment, count: count)
        Issue.record("\(environment) gave \(shard.description)")
      } catch let error as WordFitError {
        #expect(error.kind == .usage && error.message.contains(expected), "\(environment): \(error.message)")
      }
    }
  }

  @Test func agreeingEnginesAndAGivenCountAreTaken() throws {
    let both = ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "JOB_COMPLETION_INDEX": "1"]
    #expect(try ShardAssignment.fromEnvironment(both, count: nil).shard == Shard(index: 1, count: 4))
    // A rerun of task 2 of an eight-task array: the one-task array says min 2, count 1.
    let rerun = ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": "2"]
    let shard = try ShardAssignment.fromEnvironment(rerun, count: 8)
    #expect(shard.shard == Shard(index: 2, count: 8) && shard.countIsGiven)
    #expect(shard.description == "2/8 (Slurm array, SLURM_ARRAY_TASK_ID)")
  }

  /// For each engine, three simulated tasks write what one unsharded run writes, byte for byte,
  /// and each task's manifest is the unsharded manifest's lines of its rows with the shard added.
  @Test func everyEnginesTasksAddUpToTheWholeRun() throws {
    var csv = "id,name\n"
    for index in 1...14 { csv += "\(index),Name \(index) \(String(repeating: "x", count: index % 5))\n" }
    let directory = try TestPaths.makeTemporaryDirectory(with: ["in.csv": csv])
    let whole = try run(in: directory, out: "whole", shard: .all, engine: nil)
    for engine in ArrayEngine.all {
      var union: [String: Data] = [:]
      var lines: [String] = []
      for task in 0..<3 {
        let given = engine.countVariable == nil ? 3 : nil
        let shard = try ShardAssignment.fromEnvironment(Self.environment(engine, index: task, count: 3), count: given)
        let out = "\(engine.key)-\(task)"
        let result = try run(in: directory, out: out, shard: shard.shard, engine: shard.engine)
        union.merge(result.files) { _, _ in Data() }  // a row in two tasks spoils the union
        let shardField = ",\"shard\":{\"count\":3,\"engine\":\"\(engine.key)\",\"index\":\(task)}"
        #expect(result.manifest.allSatisfy { $0.contains(shardField) })
        lines += result.manifest.map { $0.replacingOccurrences(of: shardField, with: "") }
      }
      #expect(union == whole.files && union.count == 14, "\(engine.name)")
      #expect(lines.sorted() == whole.manifest.sorted(), "\(engine.name)")
    }
  }

  func run(in directory: String, out: String, shard: Shard, engine: ArrayEngine?) throws
    -> (files: [String: Data], manifest: [String])
  {
    var options = BatchOptions(input: directory + "/in.csv", outputDirectory: "", spec: BatchOutputTests.spec)
    (options.shard, options.shardEngine, options.jobs) = (shard, engine, 2)
    options.manifestPath = directory + "/\(out).jsonl"
    var request = BatchOutputRequest()
    request.out = directory + "/" + out
    try request.apply(to: &options)
    let summary = try BatchRunner(options: options).run()
    #expect(summary.stoppingError == nil && summary.failed == 0)
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory + "/" + out) {
      files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/\(out)/" + name))
    }
    let manifest = try #require(options.manifestPath)
    #expect(shard.count == 1 || manifest.hasSuffix("-shard\(shard.index)of\(shard.count).jsonl"), "its own name")
    let text = try String(contentsOfFile: manifest, encoding: .utf8)
    return (files, text.split(separator: "\n").map(String.init))
  }
}
