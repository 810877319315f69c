import WordFitCore

/// The shard a run renders and where it came from: given as `K/N`, or read from an array
/// engine's variables (``fromEnvironment(_:count:)``).
public struct ShardAssignment: Sendable, Equatable {
  /// The rows this run renders.
  public var shard: Shard
  /// The engine whose variables gave the index, or `nil` when the shard was given.
  public var engine: ArrayEngine?
  /// Whether the count is the shard count parameter's rather than the engine's.
  public var countIsGiven: Bool

  /// A shard given as `K/N`.
  public init(_ shard: Shard) {
    self.shard = shard
    engine = nil
    countIsGiven = true
  }

  init(shard: Shard, engine: ArrayEngine?, countIsGiven: Bool) {
    self.shard = shard
    self.engine = engine
    self.countIsGiven = countIsGiven
  }

  /// The index and count of this task from whichever engine's variables are set
  /// (``ArrayEngine/all``); `count`, when given, is the number of tasks (for an engine that
  /// does not say, such as a Kubernetes Indexed Job, or a rerun of one task of a larger array).
  ///
  /// An empty variable counts as unset. A Slurm array must start at 0 with step 1 unless
  /// `count` is given (a rerun of one task names the whole array's size).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the variables when no engine's index is set,
  ///   when two engines' variables disagree, when a value is not a whole number, when no
  ///   count is known, or when the index is outside the count.
  public static func fromEnvironment(_ environment: [String: String], count: Int?) throws -> ShardAssignment {
    let set = { (name: String) -> String? in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    var found: [(engine: ArrayEngine, index: Int, count: Int?)] = []
    for engine in ArrayEngine.all {
      guard let text = set(engine.indexVariable) else { continue }
      let index = try number(text, variable: engine.indexVariable)
      let total = try engine.countVariable.flatMap { name in try set(name).map { try number($0, variable: name) } }
      found.append((engine, index, total))
    }
    guard let first = found.first else {
      throw WordFitError(
        .usage,
        "\(Parameter.shard) 'auto' reads an array engine's task index, but none is set (\(ArrayEngine.allVariables)); run it as an array task or give the shard as K/N",
        reason: .malformed(.shard, value: "auto", expected: "set in an array task"))
    }
    try checkAgreement(found)
    if first.engine.key == "slurm", count == nil { try checkSlurmArray(set) }
    guard let total = count ?? found.lazy.compactMap(\.count).first else {
      throw WordFitError(
        .usage,
        "\(first.engine.indexVariable) is \(first.index) but a \(first.engine.name) does not say how many tasks there are; give the \(Parameter.shardCount) (its completions)",
        reason: .malformed(.shardCount, value: "", expected: "the number of tasks"))
    }
    guard (1...1_000_000).contains(total), first.index < total else {
      let task = "\(first.engine.indexVariable) \(first.index) is not below the task count \(total)"
      let advice = "shards count from 0, so check the array's range (0 ≤ index < count ≤ 1000000)"
      let reason = WordFitError.Reason.outOfRange(.shard, value: "\(first.index)", range: "0..<\(total)")
      guard count == nil else {
        throw WordFitError(.usage, "\(task) (the \(Parameter.shardCount)); \(advice)", reason: reason)
      }
      throw WordFitError(.usage, "\(task) (\(countName(found))); \(advice)", reason: reason)
    }
    return ShardAssignment(
      shard: Shard(index: first.index, count: total), engine: first.engine, countIsGiven: count != nil)
  }

  /// The shard in reports: `3/8`, with the engine when it came from one.
  public var description: String {
    "\(shard.index)/\(shard.count)" + (engine.map { " (\($0.name), \($0.indexVariable))" } ?? "")
  }

  /// Refuses two engines whose variables name different tasks.
  private static func checkAgreement(_ found: [(engine: ArrayEngine, index: Int, count: Int?)]) throws {
    guard let first = found.first else { return }
    for other in found.dropFirst() {
      let countsDiffer = first.count != nil && other.count != nil && first.count != other.count
      guard other.index != first.index || countsDiffer else { continue }
      let describe = { (entry: (engine: ArrayEngine, index: Int, count: Int?)) in
        "\(entry.engine.indexVariable)=\(entry.index)"
          + (entry.count.map { ", \(entry.engine.countVariable ?? "")=\($0)" } ?? "")
      }
      throw WordFitError(
        .usage,
        "the array engines' variables disagree (\(describe(first)); \(describe(other))); unset the ones that do not belong to this task or give the shard as K/N",
        reason: .malformed(.shard, value: "auto", expected: "one engine's task"))
    }
  }

  /// A Slurm array of `--array=1-8` or a step would leave shard 0 or others unrendered.
  private static func checkSlurmArray(_ set: (String) -> String?) throws {
    if let minimum = set("SLURM_ARRAY_TASK_MIN"), minimum != "0" {
      throw WordFitError(
        .usage,
        "SLURM_ARRAY_TASK_MIN is \(minimum): shards count from 0, so submit the array as 0-(N-1), or give the \(Parameter.shardCount) when rerunning some of its tasks",
        reason: .malformed(.shard, value: "auto", expected: "an array starting at 0"))
    }
    if let step = set("SLURM_ARRAY_TASK_STEP"), step != "1" {
      throw WordFitError(
        .usage,
        "SLURM_ARRAY_TASK_STEP is \(step): every index from 0 to N-1 must run, so submit the array without a step",
        reason: .malformed(.shard, value: "auto", expected: "an array with step 1"))
    }
  }

  private static func countName(_ found: [(engine: ArrayEngine, index: Int, count: Int?)]) -> String {
    found.first { $0.count != nil }.flatMap { $0.engine.countVariable } ?? "the count"
  }

  /// A variable's value as a whole number of at most seven digits.
  private static func number(_ text: String, variable: String) throws -> Int {
    guard text.utf8.count <= 7, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text) else {
      throw WordFitError(
        .usage,
        "\(variable) is '\(TextFormatting.excerpt(text, limit: 20))', not a task number; check the job's environment",
        reason: .malformed(.shard, value: text, expected: "a whole number"))
    }
    return value
  }
}
