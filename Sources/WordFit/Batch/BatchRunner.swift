import Foundation

/// Renders one PNG per row of a CSV file, in parallel, without ever leaving a partial file.
///
/// The calling thread reads the CSV as a stream, names every row (so names are the same in
/// every shard), and hands the rows of its shard to `jobs` worker threads, each with its own
/// FreeType library, fonts and glyph caches. Outcomes come back in input order for the manifest;
/// at most a fixed window of rows is in flight, so memory stays flat however long the input.
public final class BatchRunner {
  /// The options this runner was made with.
  public let options: BatchOptions
  /// Rows in flight at most (read but not yet reported).
  static let window = 256

  /// Checks the options and prepares the output folder.
  ///
  /// - Throws: ``WordFitError``: `.usage` for bad options (a layout that cannot render, bad
  ///   colours); `.missingInput` for a missing input or font; `.io` when the output folder
  ///   cannot be created or written.
  public init(options: BatchOptions) throws {
    self.options = options
    guard options.jobs >= 1, options.jobs <= 256 else {
      throw WordFitError(.usage, "--jobs \(options.jobs) is out of range; use 1…256")
    }
    guard options.contactSheetCount >= 1, options.contactSheetCount <= 10_000 else {
      throw WordFitError(.usage, "--contact-count \(options.contactSheetCount) is out of range; use 1…10000")
    }
    if let dpi = options.pngSettings.dotsPerInch, !(1...100_000).contains(dpi) {
      throw WordFitError(.usage, "--dpi \(dpi) is out of range; use 1…100000")
    }
    // The layout must render before any row is read: a bad font or canvas stops here, once.
    var probe = options.spec
    probe.text = "Wg"
    _ = try WordStackRenderer().render(probe)
    for rule in options.colorRules.values {
      _ = try Color.parse(rule.foreground, appearance: options.spec.appearance)
      if let background = rule.background { _ = try Color.parse(background, appearance: options.spec.appearance) }
    }
    do {
      try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
    } catch {
      throw WordFitError(
        .io,
        "cannot create output folder \(options.outputDirectory): \(error.localizedDescription); choose a writable --out"
      )
    }
    guard FileManager.default.isWritableFile(atPath: options.outputDirectory) else {
      throw WordFitError(.io, "output folder \(options.outputDirectory) is not writable; choose a writable --out")
    }
  }

  /// Counts the data rows of a file input (not standard input), for progress; `nil` for stdin.
  public func countRows() throws -> Int? {
    guard options.input != "-" else { return nil }
    let reader = try CSVReader(path: options.input)
    var count = 0
    var index = 0
    while reader.next() != nil {
      if !(options.hasHeader && index == 0) && options.shard.contains(options.hasHeader ? index - 1 : index) {
        count += 1
      }
      index += 1
    }
    return count
  }

  /// One row handed to a worker.
  struct Job: Sendable {
    var report: BatchRowReport
    var text: String
    var foreground: String?
    var background: String?
    var wantsThumbnail: Bool
  }

  /// A worker's answer.
  struct Outcome: Sendable {
    var report: BatchRowReport
    var thumbnail: Canvas?
    var fatal: WordFitError?
  }

  /// Runs the batch.
  ///
  /// - Parameters:
  ///   - isCancelled: polled between rows; when it turns true, rows not yet started are
  ///     dropped, running ones finish, and the summary says the batch was interrupted.
  ///   - report: called on this thread with each row's report, in input order.
  ///   - progress: called on this thread after each row.
  /// - Throws: ``WordFitError`` for an unreadable input, a bad header or column, or an output
  ///   (manifest, contact sheet) that cannot be written. A PNG that cannot be written stops the
  ///   batch with ``BatchSummary/stoppingError`` set; what was written stays complete.
  public func run(
    isCancelled: () -> Bool = { false }, report: (BatchRowReport) -> Void = { _ in },
    progress: (BatchProgress) -> Void = { _ in }
  ) throws -> BatchSummary {
    let options = self.options
    let start = DispatchTime.now().uptimeNanoseconds
    func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    let total = try countRows()
    let reader = try CSVReader(path: options.input)
    var columns: [String] = []
    var headerCount: Int? = nil
    if options.hasHeader {
      guard let header = reader.next() else {
        throw WordFitError(
          .invalidData, "input \(options.input) is empty; it needs a header line and rows (or --no-header)")
      }
      if let problem = header.problem {
        throw WordFitError(.invalidData, "the header of \(options.input) is malformed: \(problem)")
      }
      columns = try header.fields.indices.map { index in
        guard let name = header.text(at: index) else {
          throw WordFitError(.invalidData, "the header of \(options.input) is not valid UTF-8; save the file as UTF-8")
        }
        return name.trimmingCharacters(in: .whitespaces)
      }
      headerCount = columns.count
    }
    let textColumn =
      try resolveColumn(options.column, columns: columns, option: "--column") ?? defaultTextColumn(columns)
    let idColumn = columns.firstIndex { $0.lowercased() == "id" }
    let colorColumn = try options.colorsBy.flatMap { try resolveColumn($0, columns: columns, option: "--colors-by") }
    let template = options.nameTemplate ?? (idColumn != nil ? "{id}-{slug}.png" : "{row}-{slug}.png")
    var namer = try FileNamer(template: template, columns: columns)

    let manifest = try options.manifestPath.map { try ManifestWriter(path: $0) }
    let queue = WorkQueue<Job, Outcome>()
    let done = DispatchGroup()
    for _ in 0..<options.jobs {
      done.enter()
      let thread = Thread {
        Self.work(queue: queue, options: options)
        done.leave()
      }
      thread.stackSize = 4 << 20
      thread.start()
    }

    var summary = BatchSummary()
    var thumbnails: [(thumbnail: Canvas, caption: String)] = []
    var submitted = 0
    var emitted = 0
    var lastProgress = 0.0
    func emit(_ outcome: Outcome) throws {
      let row = outcome.report
      switch row.status {
      case .written: summary.written += 1
      case .skipped: summary.skipped += 1
      case .failed: summary.failed += 1
      }
      if !row.truncatedWords.isEmpty { summary.truncated += 1 }
      if let thumbnail = outcome.thumbnail { thumbnails.append((thumbnail, row.file ?? "")) }
      if let fatal = outcome.fatal, summary.stoppingError == nil { summary.stoppingError = fatal }
      try manifest?.append(row)
      report(row)
      emitted += 1
      let now = elapsed()
      if now - lastProgress >= 0.05 || emitted == total {
        lastProgress = now
        progress(BatchProgress(done: emitted, total: total, elapsed: now))
      }
    }
    func drain(waitingFor limit: Int) throws {
      while emitted < submitted {
        let mustWait = submitted - emitted >= limit
        guard let outcome = queue.take(emitted, waits: mustWait) else { return }
        try emit(outcome)
      }
    }

    var dataIndex = -1
    var interrupted = false
    do {
      while let record = reader.next() {
        if record.index == 0 && options.hasHeader { continue }
        dataIndex += 1
        if isCancelled() || summary.stoppingError != nil {
          interrupted = true
          break
        }
        let rowNumber = dataIndex + 1
        var row = BatchRowReport(
          row: rowNumber, line: record.line, id: idColumn.flatMap { record.text(at: $0) }, text: nil, file: nil,
          size: nil,
          truncatedWords: [], warnings: [], error: nil, status: .failed)
        var problem = record.problem
        var text = ""
        if problem == nil, let headerCount, record.fields.count > headerCount {
          problem =
            "\(record.fields.count) fields where the header has \(headerCount); quote fields that contain commas"
        }
        if problem == nil {
          if !record.fields.indices.contains(textColumn) {
            problem = "no field \(textColumn + 1) for the text (the row has \(record.fields.count))"
          } else if let value = record.text(at: textColumn) {
            text = value.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { problem = "the text is empty" }
          } else {
            problem = "the text is not valid UTF-8; save the file as UTF-8"
          }
        }
        if problem == nil {
          row.text = text
          row.file = namer.name(row: rowNumber, text: text, fields: { record.text(at: $0) })
        }
        guard options.shard.contains(dataIndex) else { continue }
        summary.rows += 1
        let sequence = submitted
        submitted += 1
        if let problem {
          row.error = problem
          queue.complete(Outcome(report: row, thumbnail: nil, fatal: nil), sequence: sequence)
        } else if options.skipsExisting,
          FileManager.default.fileExists(
            atPath: (options.outputDirectory as NSString).appendingPathComponent(row.file!))
        {
          row.status = .skipped
          queue.complete(Outcome(report: row, thumbnail: nil, fatal: nil), sequence: sequence)
        } else {
          let rule = colorColumn.flatMap { record.text(at: $0) }.flatMap {
            options.colorRules[$0.trimmingCharacters(in: .whitespaces)]
          }
          queue.push(
            Job(
              report: row, text: text, foreground: rule?.foreground, background: rule?.background,
              wantsThumbnail: options.contactSheetPath != nil && sequence < options.contactSheetCount),
            sequence: sequence)
        }
        try drain(waitingFor: Self.window)
      }
    } catch {
      queue.close(dropPending: true)
      done.wait()
      throw error
    }
    let firstDropped = queue.close(dropPending: interrupted)
    let last = firstDropped ?? submitted
    while emitted < last, let outcome = queue.take(emitted, waits: true) { try emit(outcome) }
    done.wait()
    summary.wasInterrupted = interrupted || summary.stoppingError != nil
    summary.elapsed = elapsed()
    try manifest?.finish()
    if let path = options.contactSheetPath, !thumbnails.isEmpty {
      let font = try FontCache().font(
        path: options.spec.font, faceIndex: options.spec.faceIndex, weight: options.spec.weight)
      let sheet = ContactSheet.make(thumbnails, font: font)
      try AtomicFile.write(try PNGCodec.encode(sheet), to: path)
    }
    progress(BatchProgress(done: emitted, total: total, elapsed: summary.elapsed))
    return summary
  }

  /// A worker: renders jobs until the queue closes.
  private static func work(queue: WorkQueue<Job, Outcome>, options: BatchOptions) {
    let renderer = WordStackRenderer()
    while let (sequence, job) = queue.pop() {
      var row = job.report
      var thumbnail: Canvas? = nil
      var fatal: WordFitError? = nil
      do {
        var spec = options.spec
        spec.text = job.text
        if let foreground = job.foreground { spec.fg = foreground }
        if let background = job.background { spec.bg = background }
        let rendering = try renderer.render(spec)
        let png = try rendering.pngData(settings: options.pngSettings)
        let path = (options.outputDirectory as NSString).appendingPathComponent(row.file ?? "")
        do {
          // Names never leave the folder; neither may a link someone left in it.
          try AtomicFile.write(png, to: path, followsLinks: false)
        } catch let error as WordFitError {
          fatal = error
          throw error
        }
        row.status = .written
        row.size = rendering.layout.fit.size
        row.truncatedWords = rendering.layout.fit.truncatedWords
        if !rendering.missingCharacters.isEmpty {
          let list = rendering.missingCharacters.map(TextFormatting.codePoint)
          row.warnings.append("\(rendering.fontName) has no glyph for \(list.joined(separator: " ")); drawn as boxes")
        }
        if job.wantsThumbnail { thumbnail = ContactSheet.thumbnail(of: rendering.canvas) }
      } catch let error as WordFitError {
        row.status = .failed
        row.error = error.message
      } catch {
        row.status = .failed
        row.error = "\(error)"
      }
      queue.complete(Outcome(report: row, thumbnail: thumbnail, fatal: fatal), sequence: sequence)
    }
  }

  private func defaultTextColumn(_ columns: [String]) -> Int {
    columns.firstIndex { $0.lowercased() == "name" } ?? 0
  }

  /// A column by header name (case-insensitive) or 1-based index.
  private func resolveColumn(_ selector: String?, columns: [String], option: String) throws -> Int? {
    guard let selector else { return nil }
    if let index = columns.firstIndex(where: { $0.lowercased() == selector.lowercased() }) { return index }
    if let number = Int(selector), number >= 1 { return number - 1 }
    let known =
      columns.isEmpty
      ? "use a 1-based column number (there is no header)" : "known columns: \(columns.joined(separator: ", "))"
    throw WordFitError(.usage, "\(option) '\(selector)' is not a column; \(known)")
  }
}
