import Foundation
import WordFit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `wordfit batch`: one PNG per CSV row, in parallel, resumable and shardable.
enum BatchCommand {
  static let name = "batch"
  static let abstract = "Render one PNG per row of a CSV file (name badges), in parallel."

  static let layoutOptions: [OptionSpec] = RenderCommand.options.filter {
    !["output", "text-file", "json", "help"].contains($0.names[0])
  }

  static let options: [OptionSpec] =
    [
      OptionSpec(names: ["out"], value: "DIR", help: "Folder for the PNGs (created when missing). Required."),
      OptionSpec(
        names: ["column"], value: "NAME|N",
        help: "Text column by header name or 1-based number (default: 'name', else the first)."),
      OptionSpec(names: ["no-header"], help: "The first line is a row, not a header."),
      OptionSpec(
        names: ["delimiter"], value: ",|;|TAB",
        help: "Field separator (default: ',', or ';'/TAB when the header line has those and no comma)."),
      OptionSpec(names: ["colors-by"], value: "COLUMN", help: "Column whose value picks colours from --colors."),
      OptionSpec(
        names: ["colors"], value: "V=FG[/BG],…",
        help: "Colours by value, e.g. \"Speaker=#FF9500,Staff=green\"; others keep --fg/--bg."),
      OptionSpec(
        names: ["name-template"], value: "T",
        help: "File names: {row} {slug} {COLUMN} (default {id}-{slug}.png, or {row}-{slug}.png)."),
      OptionSpec(names: ["skip-existing"], help: "Skip rows whose PNG exists (resume an interrupted batch)."),
      OptionSpec(
        names: ["manifest"], value: "FILE.jsonl", help: "One JSON line per row, in input order ('-': standard output)."),
      OptionSpec(
        names: ["contact-sheet"], value: "FILE.png",
        help: "A grid of the first badges, scaled down, with their file names."),
      OptionSpec(names: ["contact-count"], value: "N", help: "Badges on the contact sheet (default 48)."),
      OptionSpec(names: ["dpi"], value: "N", help: "Write a pHYs chunk for printing at N dots per inch."),
      OptionSpec(
        names: ["jobs"], short: "j", value: "N",
        help: "Worker threads (default: all cores). Output bytes do not depend on it."),
      OptionSpec(names: ["shard"], value: "K/N", help: "Render only rows whose 0-based index ≡ K (mod N), 0 ≤ K < N."),
      OptionSpec(names: ["progress"], help: "Print progress lines even when standard error is not a terminal."),
      OptionSpec(names: ["quiet"], short: "q", help: "Print nothing but fatal errors."),
    ] + layoutOptions + [OptionSpec(names: ["help"], short: "h", help: "Show help.")]

  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try CommandLineArguments(arguments, options: options, command: name)
    if parsed.has("help") {
      Console.out(
        CommandLineArguments.help(
          usage: "wordfit batch INPUT.csv --out DIR [options]", abstract: abstract, options: options,
          discussion: """
            INPUT is RFC 4180 CSV (quoted fields, embedded commas, quotes and line breaks; CRLF or LF; UTF-8 with or \
            without BOM); '-' reads standard input. A malformed row (bad quoting, too many fields, invalid UTF-8, \
            empty text) is reported and skipped; the batch goes on. Every PNG is written to a temporary name and \
            renamed, so an interrupted batch leaves only complete PNGs. Ctrl-C stops cleanly after the rows in hand.
            Exit status: 0 every row written or skipped, 1 some rows failed (see the manifest), 64 usage, 65 bad \
            input, 66 missing input or font, 74 write error, 130 interrupted.
            """))
      return 0
    }
    guard parsed.positionals.count == 1 else {
      throw WordFitError(.usage, "batch takes one INPUT.csv (or - for standard input); see 'wordfit batch --help'")
    }
    guard let out = parsed.value("out") else {
      throw WordFitError(.usage, "batch needs --out DIR, the folder for the PNGs")
    }
    var spec = try RenderCommand.makeSpec(parsed)
    spec.text = ""
    var batch = BatchOptions(input: parsed.positionals[0], outputDirectory: out, spec: spec)
    batch.column = parsed.value("column")
    batch.hasHeader = !parsed.has("no-header")
    batch.delimiter = try delimiter(parsed.value("delimiter"), hasHeader: batch.hasHeader)
    batch.colorsBy = parsed.value("colors-by")
    if let colors = parsed.value("colors") {
      guard batch.colorsBy != nil else { throw WordFitError(.usage, "--colors needs --colors-by COLUMN") }
      batch.colorRules = try ColorRule.parseList(colors)
    }
    batch.nameTemplate = parsed.value("name-template")
    batch.skipsExisting = parsed.has("skip-existing")
    batch.manifestPath = parsed.value("manifest")
    batch.contactSheetPath = parsed.value("contact-sheet")
    batch.contactSheetCount = try parsed.integer("contact-count") ?? 48
    batch.pngSettings.dotsPerInch = try parsed.integer("dpi")
    batch.jobs = try parsed.integer("jobs") ?? ProcessInfo.processInfo.activeProcessorCount
    if let shard = parsed.value("shard") { batch.shard = try Shard.parse(shard) }
    let quiet = parsed.has("quiet")
    let isTerminal = isatty(STDERR_FILENO) == 1
    let showsBar = !quiet && isTerminal
    let showsLines = !quiet && !isTerminal && parsed.has("progress")

    let runner = try BatchRunner(options: batch)
    let interruption = Interruption()
    interruption.install()
    var lastDraw = -1.0
    var lastLine = -10.0
    let summary = try runner.run(
      isCancelled: { interruption.isRequested },
      report: { row in
        if row.status == .failed, !quiet {
          Console.clearLine(if: showsBar)
          Console.error("wordfit: row \(row.row) (line \(row.line)): \(row.error ?? "failed")")
        }
      },
      progress: { progress in
        if showsBar, progress.elapsed - lastDraw >= 0.1 || progress.done == progress.total {
          lastDraw = progress.elapsed
          Console.progressBar(progress)
        } else if showsLines, progress.elapsed - lastLine >= 1 || progress.done == progress.total {
          lastLine = progress.elapsed
          Console.error(
            "progress: \(progress.done)\(progress.total.map { "/\($0)" } ?? "") rows, \(Int(Double(progress.done) / Swift.max(progress.elapsed, 0.001))) rows/s"
          )
        }
      })
    Console.clearLine(if: showsBar)
    report(summary, quiet: quiet, interrupted: interruption.isRequested)
    if let fatal = summary.stoppingError {
      Console.error("wordfit: error: \(ErrorReport.line(for: fatal))")
      return fatal.exitStatus
    }
    if interruption.isRequested { return 130 }
    return summary.failed > 0 ? 1 : 0
  }

  /// `--delimiter`: a comma, a semicolon or a tab (`TAB`, `tab` or `\t`); absent, a comma, or
  /// detected from the header line when there is one.
  static func delimiter(_ text: String?, hasHeader: Bool) throws -> UInt8? {
    guard let text else { return hasHeader ? nil : 0x2C }
    switch text {
    case ",": return 0x2C
    case ";": return 0x3B
    case "TAB", "tab", "\\t", "\t": return 0x09
    default: throw WordFitError(.usage, "--delimiter takes ',', ';' or TAB, not '\(text)'")
    }
  }

  /// The notices and the summary line on standard error. The summary is printed whenever the
  /// batch stopped early (even with --quiet), so its counts can be matched with the manifest.
  static func report(_ summary: BatchSummary, quiet: Bool, interrupted: Bool) {
    if !quiet, !summary.removedTemporaries.isEmpty {
      Console.error(
        "wordfit: removed \(summary.removedTemporaries.count) temporary file\(summary.removedTemporaries.count == 1 ? "" : "s") left by an earlier run that died: \(summary.removedTemporaries.prefix(3).joined(separator: ", "))\(summary.removedTemporaries.count > 3 ? ", …" : "")"
      )
    }
    if !quiet, let delimiter = summary.detectedDelimiter {
      Console.error(
        "wordfit: warning: the header has no comma but has \(delimiter == 0x3B ? "semicolons" : "tabs"); reading fields separated by \(delimiter == 0x3B ? "';'" : "TAB") (say --delimiter to choose)"
      )
    }
    if !quiet, !summary.missingCharacters.isEmpty {
      let sorted = summary.missingCharacters.sorted { $0.key.value < $1.key.value }
      let list = sorted.prefix(20).map {
        "\(TextFormatting.codePoint($0.key)) (\($0.value) row\($0.value == 1 ? "" : "s"))"
      }
      Console.error(
        "wordfit: warning: \(summary.fontName) has no glyph for \(sorted.count) character\(sorted.count == 1 ? "" : "s"): \(list.joined(separator: ", "))\(sorted.count > 20 ? ", …" : ""); drawn as boxes (the manifest names them per row)"
      )
    }
    guard !quiet || summary.stoppingError != nil || interrupted else { return }
    var line = String(
      format:
        "batch: %d rows, %d written, %d skipped, %d failed, %d not started, %d truncated in %.2f s (%.0f images/s)",
      summary.rows, summary.written, summary.skipped, summary.failed, summary.notStarted, summary.truncated,
      summary.elapsed, summary.imagesPerSecond)
    if interrupted { line += "; interrupted — rerun with --skip-existing to resume" }
    Console.error(line)
  }
}

/// SIGINT and SIGTERM turned into a flag the batch polls; a second signal exits at once.
final class Interruption: @unchecked Sendable {
  private let lock = NSLock()
  private var requested = false
  private var sources: [DispatchSourceSignal] = []

  var isRequested: Bool {
    lock.lock()
    defer { lock.unlock() }
    return requested
  }

  func install() {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { [self] in
        lock.lock()
        let again = requested
        requested = true
        lock.unlock()
        if again { exit(130) }
      }
      source.resume()
      sources.append(source)
    }
  }
}

extension Console {
  /// Redraws a one-line progress bar on standard error.
  static func progressBar(_ progress: BatchProgress) {
    let rate = Double(progress.done) / Swift.max(progress.elapsed, 0.001)
    var text = "\r"
    if let total = progress.total, total > 0 {
      let filled = Int(Double(progress.done) / Double(total) * 30)
      let remaining = rate > 0 ? Double(total - progress.done) / rate : 0
      text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "] "
      text +=
        "\(progress.done)/\(total)  \(Int(rate))/s  ETA \(Int(remaining) / 60):"
        + String(format: "%02d", Int(remaining) % 60)
    } else {
      text += "\(progress.done) rows  \(Int(rate))/s"
    }
    FileHandle.standardError.write(Data((text + "\u{1B}[K").utf8))
  }

  /// Clears the progress bar's line.
  static func clearLine(if condition: Bool) {
    if condition { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
  }
}
