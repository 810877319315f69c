import WordFitCore

/// A batch engine that runs one program as many tasks and hands each task its index (and,
/// for most, the task count) in the environment, each under its own names.
public struct ArrayEngine: Sendable, Equatable {
  /// The engine in words, for messages: `Slurm array`.
  public let name: String
  /// The engine in reports (`--json`, the manifest): `slurm`.
  public let key: String
  /// The variable holding the task's 0-based index.
  public let indexVariable: String
  /// The variable holding the number of tasks, when the engine sets one.
  public let countVariable: String?

  /// Every engine ``ShardAssignment/fromEnvironment(_:count:)`` reads, in the order messages
  /// name them.
  public static let all: [ArrayEngine] = [
    ArrayEngine(
      name: "Slurm array", key: "slurm", indexVariable: "SLURM_ARRAY_TASK_ID", countVariable: "SLURM_ARRAY_TASK_COUNT"),
    ArrayEngine(
      name: "Kubernetes Indexed Job", key: "kubernetes", indexVariable: "JOB_COMPLETION_INDEX", countVariable: nil),
    ArrayEngine(
      name: "AWS Batch array", key: "aws-batch", indexVariable: "AWS_BATCH_JOB_ARRAY_INDEX",
      countVariable: "AWS_BATCH_JOB_ARRAY_SIZE"),
    ArrayEngine(
      name: "Google Cloud Batch", key: "cloud-batch", indexVariable: "BATCH_TASK_INDEX",
      countVariable: "BATCH_TASK_COUNT"),
    ArrayEngine(
      name: "Cloud Run job", key: "cloud-run", indexVariable: "CLOUD_RUN_TASK_INDEX",
      countVariable: "CLOUD_RUN_TASK_COUNT"),
  ]

  /// The variables of every engine, index first, for messages.
  static var allVariables: String {
    all.map { engine in engine.indexVariable + (engine.countVariable.map { "/" + $0 } ?? "") }
      .joined(separator: ", ")
  }
}
