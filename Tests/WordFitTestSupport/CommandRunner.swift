import Foundation

/// Runs the built `wordfit` binary and captures what it prints.
public struct CommandResult {
  /// The exit status.
  public var status: Int32
  /// What it printed on standard output.
  public var standardOutput: String
  /// What it printed on standard error.
  public var standardError: String

  /// A result of `status` with what was printed on each stream.
  public init(status: Int32, standardOutput: String, standardError: String) {
    (self.status, self.standardOutput, self.standardError) = (status, standardOutput, standardError)
  }
}

/// Runs `wordfit` and other programs as child processes.
public enum CommandRunner {
  /// Runs `wordfit` with `arguments` in `directory`, feeding `input` on standard input.
  public static func wordfit(
    _ arguments: [String], in directory: String? = nil, input: String? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try run(TestPaths.executable, arguments, in: directory, input: input, environment: environment)
  }

  /// Starts `wordfit` with `arguments` in `directory` (the private fontconfig set), its standard
  /// input and output pipes handed back for a test that talks to it as it runs (standard error
  /// dropped).
  public static func start(_ arguments: [String], in directory: String? = nil) throws -> (
    process: Process, input: Pipe, output: Pipe
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? TestPaths.packageRoot)
    var environment = ProcessInfo.processInfo.environment
    environment["FONTCONFIG_FILE"] = TestPaths.fontconfigFile
    process.environment = environment
    let (input, output) = (Pipe(), Pipe())
    (process.standardInput, process.standardOutput, process.standardError) = (input, output, FileHandle.nullDevice)
    try process.run()
    return (process, input, output)
  }

  /// Runs `/bin/sh -c script` with `$WORDFIT` set to the binary, for arguments Swift strings
  /// cannot carry (invalid UTF-8).
  public static func shell(_ script: String, in directory: String? = nil) throws -> CommandResult {
    try run("/bin/sh", ["-c", script], in: directory, input: nil, environment: ["WORDFIT": TestPaths.executable])
  }

  /// Runs `executable` with `arguments` in `directory`, feeding `input`, with `environment` added.
  public static func run(
    _ executable: String, _ arguments: [String], in directory: String?, input: String?, environment: [String: String]
  ) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    // Always named: the tests' own working folder may be an in-process run's for a moment.
    process.currentDirectoryURL = URL(fileURLWithPath: directory ?? TestPaths.packageRoot)
    var merged = ProcessInfo.processInfo.environment
    merged["FONTCONFIG_FILE"] = TestPaths.fontconfigFile
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }
}
