import Foundation
import WordFitArchive
import WordFitBadges
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitLayout
import WordFitOutput
import WordFitText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Renders one image (a PNG, or an SVG) per row of a CSV file, in parallel, without ever
/// leaving a partial file.
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
  /// Rows in flight at most with print sheets, per worker: each outcome then carries its badge's
  /// pixels to the sheet writer, so the window is kept to a few rows per worker.
  static let sheetWindowPerJob = 2
  /// Rows a worker renders before it writes their files, at most: files created one after
  /// another keep the kernel's file-creation path and the renderer's own code each in the
  /// caches (on tmpfs, 10,000 badges took 0.14 s less CPU in bursts of 16 than one by one).
  /// A worker writes sooner when it would otherwise wait for a row, or holds
  /// ``burstBytes``.
  static let burstRows = 16
  /// Bytes of files a worker holds at most before it writes them.
  static let burstBytes = 4 << 20
  /// The largest column number `--column` takes.
  static let maximumColumn = 1_000_000

  /// Checks the options and prepares the output folder.
  ///
  /// - Throws: ``WordFitError``: `.usage` for bad options (a layout that cannot render, bad
  ///   colours); `.missingInput` for a missing input or font; `.io` when the output folder
  ///   cannot be created or written.
  public init(options: BatchOptions) throws {
    var options = options
    for (role, path) in options.inputFiles where path != "-" {
      if let identity = FileIdentity(path: path) { options.inputIdentities[identity] = "the \(role) \(path)" }
    }
    try Self.checkValues(options)
    let singles = [
      ("manifest", options.manifestPath), ("contact sheet", options.contactSheetPath), ("PDF", options.pdfPath),
    ]
    try Self.refuseReplacing(singles, options)
    if let pdf = options.pdfPath {
      guard options.template != nil else {
        throw WordFitError(.usage, "a PDF is drawn from a badge template; give the batch a template")
      }
      guard pdf != "-" else {
        throw WordFitError(.usage, "the PDF cannot go to standard output; give it a file name such as badges.pdf")
      }
      try AtomicFile.checkDestination(pdf)
    }
    if let manifest = options.manifestPath, let sheet = options.contactSheetPath {
      if manifest == "-" && sheet == "-" {
        throw WordFitError(.usage, "the manifest and the contact sheet cannot both go to standard output (-)")
      }
      try FileIdentity.refuseOverwriting(("contact sheet", sheet), inputs: [("manifest", manifest)])
    }
    try Self.checkImagesFolder(options)
    try Self.checkLayouts(options)
    switch options.rows.destination {
    case .archive:
      try Self.checkArchive(options)
    case .folder(let path):
      try Self.prepareFolder(path)
      options.reservedNames = try Self.reservedNames(singles, in: options)
      options.folder = OutputFolder(path: path)
    case .file, .defaultName, .unnamed, .standardOutput, .queue:
      throw WordFitError(.usage, "a batch writes a file a row into a folder or an archive, not to \(options.rows.name)")
    }
    self.options = options
  }

  /// The rows' folder, created when missing and writable.
  private static func prepareFolder(_ path: String) throws {
    if let reason = AtomicFile.createDirectory(path) {
      throw WordFitError(
        .io, "cannot create output folder \(path): \(reason); choose a writable folder", input: path, underlying: reason
      )
    }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw WordFitError(.io, "output folder \(path) is not writable; choose a writable folder", input: path)
    }
  }

  /// The numbers in range, and no contact sheet (made of pixels) from an SVG batch.
  private static func checkValues(_ options: BatchOptions) throws {
    guard options.jobs >= 1, options.jobs <= 256 else {
      throw WordFitError.outOfRange(.jobs, options.jobs, range: "1…256")
    }
    guard options.contactSheetCount >= 1, options.contactSheetCount <= ContactSheet.maximumCount else {
      throw WordFitError.outOfRange(
        .contactCount, options.contactSheetCount, range: "1…\(ContactSheet.maximumCount)")
    }
    if let dpi = options.pngSettings.dotsPerInch, !(1...100_000).contains(dpi) {
      throw WordFitError.outOfRange(.dpi, dpi, range: "1…100000")
    }
    if let column = options.column, let number = Int(column), !(1...Self.maximumColumn).contains(number) {
      throw WordFitError.outOfRange(.column, column, range: "a header name or 1…\(Self.maximumColumn)")
    }
    if options.imageFormat.source == .drawing, let sheet = options.contactSheetPath {
      throw WordFitError(
        .usage,
        "the contact sheet is made of the rows' pixels, and an SVG batch draws none; drop the contact sheet or write PNGs",
        reason: .malformed(.contactSheet, value: sheet, expected: "a PNG batch"))
    }
  }

  /// No single output (manifest, contact sheet, PDF) may be an input, nor the same file as
  /// another output, the output folder or the archive.
  private static func refuseReplacing(_ singles: [(String, String?)], _ options: BatchOptions) throws {
    for case let (role, path?) in singles {
      try FileIdentity.refuseOverwriting((role, path), inputs: options.inputFiles)
    }
    try OutputPaths.refuseCollisions(
      singles + [(options.archive == nil ? "output folder" : "archive", options.outputDirectory)])
  }

  /// The images folder, when one is named, must be a folder.
  private static func checkImagesFolder(_ options: BatchOptions) throws {
    guard let images = options.imagesFolder else { return }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: images, isDirectory: &isFolder), isFolder.boolValue else {
      throw WordFitError(
        .missingInput, "\(Parameter.images) \(images) is not a folder; give the folder that holds the rows' images",
        input: images)
    }
  }

  /// The names other outputs take inside the output folder. One named as a row's PNG would be
  /// by default (`12-ada.png`) is refused now, before any row; any other is refused when a row
  /// (through a name template) would take its name.
  private static func reservedNames(_ outputs: [(String, String?)], in options: BatchOptions) throws
    -> [String: String]
  {
    let folder = OutputPaths.canonical(options.outputDirectory + "/.")
    var reserved: [String: String] = [:]
    for case let (role, path?) in outputs where path != "-" {
      let canonical = OutputPaths.canonical(path)
      guard AtomicFile.folder(of: canonical) == AtomicFile.folder(of: folder) else { continue }
      let name = AtomicFile.fileName(of: canonical)
      let digits = name.prefix { $0.isASCII && $0.isNumber }
      if options.nameTemplate == nil, !digits.isEmpty, name.dropFirst(digits.count).hasPrefix("-"),
        name.lowercased().hasSuffix("." + options.rowFileExtension)
      {
        throw WordFitError(
          .usage,
          "the \(role) \(path) is in the output folder \(options.outputDirectory) under a name a row's \(options.imageFormat.name) takes; a badge would replace it or it a badge, so name it otherwise or put it elsewhere",
          input: path)
      }
      reserved[name] = "the \(role) \(path)"
    }
    return reserved
  }

  /// An archive output: a destination that can be written, and nothing that needs a folder.
  private static func checkArchive(_ options: BatchOptions) throws {
    let path = options.outputDirectory
    if options.skipsExisting {
      throw WordFitError(
        .usage,
        "\(Parameter.skipExisting) resumes a folder of images; an archive is written whole, so rerun the shard that failed (one archive per shard) or write to a folder"
      )
    }
    if path == "-" {
      for (what, other) in [("manifest", options.manifestPath), ("contact sheet", options.contactSheetPath)]
      where other == "-" {
        throw WordFitError(.usage, "the archive and the \(what) cannot both go to standard output (-)")
      }
      return
    }
    try FileIdentity.refuseOverwriting(("archive", path), inputs: options.inputFiles)
    try AtomicFile.checkDestination(path)
  }

  /// The layout is checked before any row is read: a bad canvas, colour or font stops here,
  /// once, without rendering anything. A template's regions are what is drawn, so their fonts
  /// are opened, not the spec's.
  private static func checkLayouts(_ options: BatchOptions) throws {
    let fonts = FontCache()
    if let template = options.template {
      for region in template.regions {
        _ = try fonts.cascade(for: try region.layout.validated().fonts)
      }
    } else {
      _ = try fonts.cascade(for: try options.spec.validated().fonts)
    }
    if let sheet = options.contactSheetPath, sheet != "-" { try AtomicFile.checkDestination(sheet) }
    for rule in options.colorRules.values {
      _ = try Color.parse(rule.foreground, appearance: options.spec.appearance, for: .colors)
      if let background = rule.background {
        _ = try Color.parse(background, appearance: options.spec.appearance, for: .bg)
      }
    }
  }

  /// Counts the data rows of a regular file, for progress; `nil` for standard input, a pipe or a
  /// FIFO, which can be read only once.
  public func countRows() throws -> Int? {
    guard options.input != "-", options.rowColumn == nil || options.shard.count == 1 else { return nil }
    var status = stat()
    guard stat(options.input, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let reader = try CSVReader(path: options.input, delimiter: options.delimiter)
    var count = 0
    var index = 0
    while reader.skip() {
      if !(options.readsHeader && index == 0) && options.shard.contains(options.readsHeader ? index - 1 : index) {
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
    /// The row's fields by lower-cased column name (with a badge template).
    var fields: [String: String] = [:]
    var foreground: String?
    var background: String?
    var wantsThumbnail: Bool
    /// The row's language from ``BatchOptions/languageColumn``, when its cell has one.
    var language: String? = nil
  }

  /// A worker's answer.
  struct Outcome: Sendable {
    var report: BatchRowReport
    var thumbnail: Canvas? = nil
    var fatal: WordFitError? = nil
    var missingCharacters: [Unicode.Scalar] = []
    /// The badge's drawing, for the PDF.
    var drawing: Drawing? = nil
    /// The row's file (PNG, SVG or printer job) for the output folder, which its worker writes
    /// after rendering, together with the worker's next rows (see ``BatchRunner/burstRows``).
    var file: [UInt8]? = nil
    /// The PNG, when it goes into an archive (added in row order) rather than a file.
    var png: [UInt8]? = nil
    /// The PNG's CRC-32 for a ZIP, computed on the worker rather than the thread writing it.
    var checksum: UInt32? = nil
    /// The badge's pixels (its bleed included) for the print sheets, when the batch makes them.
    var sheetBadge: Canvas? = nil
    /// The badge's back (the template's `back`), drawn for a duplex PDF.
    var backDrawing: Drawing? = nil
    /// The back's pixels (its bleed included) for duplex print sheets.
    var sheetBack: Canvas? = nil

    /// Takes a written image's missing characters, warnings and (when wanted) thumbnail.
    mutating func record(_ image: any RenderedImage, thumbnail wanted: Bool) {
      missingCharacters = image.missingCharacters
      report.warnings += Self.warnings(of: image)
      if wanted { thumbnail = ContactSheet.thumbnail(of: image.canvas) }
    }

    /// An image's warnings: the characters no font had, then its own.
    static func warnings(of image: any RenderedImage) -> [String] {
      guard !image.missingCharacters.isEmpty else { return image.warnings }
      let list = image.missingCharacters.map(TextFormatting.codePoint).joined(separator: " ")
      return ["no glyph for \(list) in \(image.fontName) or any fallback font; drawn as boxes"] + image.warnings
    }

    /// Counts a side's smallest QR module (mm, to the µm) in the row's smallest.
    mutating func recordQRModule(_ millimetres: Double?) {
      guard let module = millimetres.map({ ($0 * 1000).rounded() / 1000 }) else { return }
      report.qrModule = Swift.min(report.qrModule ?? module, module)
    }

    /// Takes a back's pixels and drawing for the duplex outputs, its QR modules (the row's
    /// smallest counts both sides), and its warnings, marked as the back's.
    mutating func recordBack(_ back: BadgeRendering?) {
      guard let back else { return }
      sheetBack = back.canvas == .placeholder ? nil : back.canvas
      backDrawing = back.drawing
      recordQRModule(back.smallestQRModuleMillimetres)
      report.warnings += Self.warnings(of: back).map { "back: " + $0 }
    }

    /// Marks the row failed with `error`'s message.
    mutating func fail(_ error: any Error) {
      report.status = .failed
      report.error = (error as? WordFitError)?.message ?? "\(error)"
    }
  }

  /// The columns the batch reads, from the header and the options.
  struct Columns {
    var names: [String] = []
    var headerCount: Int? = nil
    var text = 0
    var id: Int? = nil
    var color: Int? = nil
    var language: Int? = nil
    /// The column holding each row's number in the whole input (``BatchOptions/rowColumn``).
    var row: Int? = nil
    /// Whether an empty text column is a row like any other: with a template, the regions
    /// decide what a row needs, and the text only names the file.
    var allowsEmptyText = false
  }

  /// Runs the batch.
  ///
  /// Every row of the shard that is read gets exactly one report, in input order, whatever
  /// stops the batch: `written`, `skipped`, `failed`, or `not-started` for rows read but
  /// dropped when a signal or a write error stopped it; the summary counts the same reports.
  /// Temporary files that earlier runs left when they died are removed first (see
  /// ``StaleTemporaries``).
  ///
  /// - Parameters:
  ///   - isCancelled: polled between rows; when it turns true, rows not yet started are
  ///     dropped, running ones finish, and the summary says the batch was interrupted.
  ///   - report: called on this thread with each row's report, in input order.
  ///   - progress: called on this thread after each row.
  /// - Throws: ``WordFitError`` before any row is rendered: an unreadable input, a bad header
  ///   or column. Once rows are in hand nothing is thrown: a PNG or manifest that cannot be
  ///   written stops the batch with ``BatchSummary/stoppingError`` set; what was written stays
  ///   complete.
  /// - Complexity: O(*n*) rows read, each rendered once; memory bounded by a window of rows in flight.
  public func run(
    isCancelled: () -> Bool = { false }, report: (BatchRowReport) -> Void = { _ in },
    progress: (BatchProgress) -> Void = { _ in }
  ) throws -> BatchSummary {
    // The callbacks do not outlive the run: the emitter that holds them is local to it.
    try withoutActuallyEscaping(report) { report in
      try withoutActuallyEscaping(progress) { progress in
        try runRows(isCancelled: isCancelled, report: report, progress: progress)
      }
    }
  }

  private func runRows(
    isCancelled: () -> Bool, report: @escaping (BatchRowReport) -> Void,
    progress: @escaping (BatchProgress) -> Void
  ) throws -> BatchSummary {
    let removedTemporaries = removeStaleTemporaries()
    let total = try countRows()
    let reader = try CSVReader(path: options.input, delimiter: options.delimiter)
    let columns = try readColumns(reader)
    var namer = try FileNamer(
      template: options.nameTemplate ?? (columns.id != nil ? "{id}-{slug}" : "{row}-{slug}"), columns: columns.names,
      expectedRows: total ?? 0, fileExtension: options.rowFileExtension)
    let emitter = try makeSinks(total: total, report: report, progress: progress)
    emitter.summary.removedTemporaries = removedTemporaries
    if options.delimiter == nil, reader.delimiter != 0x2C { emitter.summary.detectedDelimiter = reader.delimiter }
    let queue = WorkQueue<Job, Outcome>()
    let done = startWorkers(queue)
    let window = options.window
    var submitted = 0
    Self.answerBeforeWaiting(reader, emitter: emitter, queue: queue) { submitted }
    var dataIndex = -1
    var stopped = false
    while let record = reader.next() {
      if record.index == 0 && options.readsHeader { continue }
      dataIndex += 1
      if isCancelled() || emitter.summary.stoppingError != nil {
        stopped = true
        break
      }
      var row = BatchRowReport(
        row: dataIndex + 1, line: record.line, id: columns.id.flatMap { record.text(at: $0) }, text: nil, file: nil,
        size: nil, truncatedWords: [], warnings: [], error: nil, status: .failed)
      let text = Self.text(of: record, columns: columns, into: &row)
      if let column = columns.row { Self.number(row: &row, from: record, column: column) }
      if row.error == nil, options.writesImages {
        row.file = namer.name(row: row.row, text: text, fields: { record.text(at: $0) })
      }
      guard options.shard.contains(row.row - 1) else { continue }
      submit(row, text: text, record: record, columns: columns, sequence: submitted, to: queue)
      submitted += 1
      // A full window waits for its oldest eighth, so the reader wakes once per slice of rows.
      if submitted - emitter.emitted >= window {
        queue.waitForOutcomes(emitter.emitted..<emitter.emitted + Swift.max(1, window / 8))
      }
      while emitter.emitted < submitted, let outcome = queue.take(emitter.emitted, waits: false) {
        emitter.emit(outcome)
      }
    }
    for (sequence, job) in queue.close(dropPending: stopped) {
      var row = job.report
      row.status = .notStarted
      queue.complete(Outcome(report: row), sequence: sequence)
    }
    while emitter.emitted < submitted, let outcome = queue.take(emitter.emitted, waits: true) { emitter.emit(outcome) }
    done.wait()
    emitter.summary.wasInterrupted = stopped
    emitter.summary.fontName = fontName
    emitter.summary.elapsed = emitter.elapsed
    finish(emitter)
    return emitter.summary
  }

  /// Rows piped in as they come are answered as they come: before `reader` waits for more
  /// input, every row in hand (`submitted` so far) is finished and reported, its manifest line
  /// flushed.
  private static func answerBeforeWaiting(
    _ reader: CSVReader, emitter: OutcomeEmitter, queue: WorkQueue<Job, Outcome>, submitted: @escaping () -> Int
  ) {
    reader.beforeWaiting = {
      while emitter.emitted < submitted(), let outcome = queue.take(emitter.emitted, waits: true) {
        emitter.emit(outcome)
      }
    }
  }

  /// Hands a row to the workers, or completes it at once when it failed to read or its PNG
  /// exists and `--skip-existing` was given.
  private func submit(
    _ row: BatchRowReport, text: String, record: CSVRecord, columns: Columns, sequence: Int,
    to queue: WorkQueue<Job, Outcome>
  ) {
    var row = row
    if row.error != nil {
      queue.complete(Outcome(report: row), sequence: sequence)
    } else if options.skipsExisting, let file = row.file, FileIdentity.isRegularFile(outputPath(file)) {
      row.status = .skipped
      queue.complete(Outcome(report: row), sequence: sequence)
    } else {
      let rule = columns.color.flatMap { record.text(at: $0) }.flatMap {
        options.colorRules[$0.trimmingCharacters(in: .whitespaces)]
      }
      var job = Job(
        report: row, text: text, foreground: rule?.foreground, background: rule?.background,
        wantsThumbnail: options.contactSheetPath != nil && sequence < options.contactSheetCount)
      if let column = columns.language, let value = record.text(at: column)?.trimmingCharacters(in: .whitespaces),
        !value.isEmpty
      {
        guard LanguageTag.isWellFormed(value) else {
          row.error = "the language \"\(value)\" is not a language tag such as zh-Hans or sr; fix the cell"
          queue.complete(Outcome(report: row), sequence: sequence)
          return
        }
        job.language = value
        job.report.language = value
      }
      if options.template != nil {
        for (index, name) in columns.names.enumerated() {
          // As given: the renderer trims and composes what it looks up and lays out, and keeps
          // QR data verbatim (a ticket secret with spaces at its ends, as `render --row`).
          job.fields[name.lowercased()] = record.text(at: index)
        }
      }
      queue.push(job, sequence: sequence)
    }
  }

  /// The row's text, or its problem in `row.error`.
  private static func text(of record: CSVRecord, columns: Columns, into row: inout BatchRowReport) -> String {
    if let problem = record.problem {
      row.error = problem
      return ""
    }
    if let headerCount = columns.headerCount, record.fields.count > headerCount {
      row.error =
        "\(record.fields.count) fields where the header has \(headerCount); quote fields that contain the delimiter"
      return ""
    }
    guard record.fields.indices.contains(columns.text) else {
      row.error = "no field \(columns.text + 1) for the text (the row has \(record.fields.count))"
      return ""
    }
    guard let value = record.text(at: columns.text) else {
      row.error = "the text is not valid UTF-8; save the file as UTF-8"
      return ""
    }
    let text = TextSegmentation.trimmedNFC(value)
    if text.isEmpty && !columns.allowsEmptyText {
      row.error = "the text is empty"
    } else {
      row.text = text
    }
    return text
  }

  /// Numbers `row` by its row column: a whole number from 1 (the row keeps its place in this
  /// input, and fails, when the cell holds anything else).
  private static func number(row: inout BatchRowReport, from record: CSVRecord, column: Int) {
    let value = record.text(at: column)?.trimmingCharacters(in: .whitespaces) ?? ""
    guard value.utf8.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(value),
      number >= 1
    else {
      if row.error == nil {
        row.error =
          "the row column holds '\(TextFormatting.excerpt(value, limit: 20))', not a row number from 1; fix the cell"
      }
      return
    }
    row.row = number
  }

  /// Reads the header (when there is one) and resolves the columns the options name.
  private func readColumns(_ reader: CSVReader) throws -> Columns {
    var columns = Columns()
    if let names = options.columnNames {
      columns.names = names
      columns.headerCount = names.count
    } else if options.hasHeader {
      guard let header = reader.next() else {
        throw WordFitError(
          .invalidData, "input \(options.input) is empty; it needs a header line and rows (or say it has no header)",
          input: options.input)
      }
      if let problem = header.problem {
        throw WordFitError(.invalidData, "the header of \(options.input) is malformed: \(problem)")
      }
      columns.names = try header.fields.indices.map { index in
        guard let name = header.text(at: index) else {
          throw WordFitError(.invalidData, "the header of \(options.input) is not valid UTF-8; save the file as UTF-8")
        }
        return name.trimmingCharacters(in: .whitespaces)
      }
      columns.headerCount = columns.names.count
    }
    // With a template, the row's text (for file names and the manifest) is the first column a
    // region reads unless --column says otherwise; regions alone decide whether a row is empty.
    let templateText = options.template?.regions.lazy.compactMap { BadgeText.columns(in: $0.text).first }.first
      .flatMap { name in columns.names.firstIndex { $0.lowercased() == name.lowercased() } }
    columns.allowsEmptyText = options.template != nil
    columns.text =
      try resolveColumn(options.column, columns: columns.names, parameter: .column) ?? templateText
      ?? defaultTextColumn(columns.names)
    columns.id = columns.names.firstIndex { $0.lowercased() == "id" }
    if let template = options.template {
      let known = columns.names.map { $0.lowercased() }
      if let missing = template.columnReferences.first(where: { $0.allSatisfy { !known.contains($0) } }) {
        let named =
          missing.count == 1 ? "column {\(missing[0])}" : "none of the columns {\(missing.joined(separator: "|"))}"
        throw WordFitError(
          .invalidData,
          "the template uses \(named), which \(options.input) does not have (columns: \(columns.names.joined(separator: ", "))); rename a column or the template's reference",
          input: options.input)
      }
    }
    columns.color = try options.colorsBy.flatMap {
      try resolveColumn($0, columns: columns.names, parameter: .colorsBy)
    }
    columns.language = try options.languageColumn.flatMap {
      try resolveColumn($0, columns: columns.names, parameter: .language)
    }
    columns.row = try options.rowColumn.flatMap { try resolveColumn($0, columns: columns.names, parameter: .rowColumn) }
    return columns
  }

  /// Starts the worker threads; the group is left when each has drained the queue.
  private func startWorkers(_ queue: WorkQueue<Job, Outcome>) -> DispatchGroup {
    let done = DispatchGroup()
    let options = self.options
    for _ in 0..<options.jobs {
      done.enter()
      let thread = Thread {
        Self.work(queue: queue, options: options)
        done.leave()
      }
      thread.stackSize = 4 << 20
      thread.start()
    }
    return done
  }

  /// The PDF writer `--pdf` asks for.
  private func makePDF() throws -> BadgePDFWriter? {
    guard let path = options.pdfPath, let template = options.template else { return nil }
    return try BadgePDFWriter(
      path: path, dotsPerInch: template.dotsPerInch, sheet: options.sheet,
      bleedPixels: template.pixels(millimetres: options.bleedMillimetres), duplex: options.duplex)
  }

  /// The sinks every outcome goes to, in input order: the manifest, the PDF, the archive and the
  /// print sheets, each made (and its destination checked) before the first row.
  private func makeSinks(
    total: Int?, report: @escaping (BatchRowReport) -> Void, progress: @escaping (BatchProgress) -> Void
  ) throws -> OutcomeEmitter {
    let format = ManifestWriter.LineFormat(options)
    let emitter = OutcomeEmitter(
      manifest: try options.manifestPath.map { try ManifestWriter(path: $0, format: format) }, pdf: try makePDF(),
      total: total, report: report, progress: progress)
    emitter.lineFormat = format
    emitter.archive = try options.rows.openArchive()
    emitter.summary.prePrint.qrCheck = options.template.map {
      QRModuleCheck(
        writesPDF: options.pdfPath != nil, writesPixels: options.writesImages && options.imageFormat.source == .pixels,
        templateDotsPerInch: $0.dotsPerInch)
    }
    emitter.sheets = try makeSheets(archive: emitter.archive)
    return emitter
  }

  /// The print sheets the batch imposes its images on: into the sheets folder, or into the
  /// archive as `sheets/sheet-001.png` ….
  private func makeSheets(archive: ArchiveOutput?) throws -> PrintSheetWriter? {
    guard options.makesSheets, let sheet = options.sheet else { return nil }
    let size = try options.imageSize()
    let bleed = options.template.map { $0.pixels(millimetres: options.bleedMillimetres) } ?? 0
    let (width, height) = (size.width + 2 * bleed, size.height + 2 * bleed)
    if let folder = options.sheetsFolder {
      return try PrintSheetWriter(sheet: sheet, badgeWidth: width, height: height, folder: folder)
    }
    guard let archive else { return nil }
    return try PrintSheetWriter(sheet: sheet, badgeWidth: width, height: height) { name, png in
      try archive.add("sheets/" + name, png: png, checksum: nil)
    }
  }

  /// Writes the manifest and the contact sheet; a failure becomes the summary's stopping error.
  private func finish(_ emitter: OutcomeEmitter) {
    emitter.sheetsFinish()
    do {
      try emitter.pdf?.finish()
      emitter.summary.pdfPages = emitter.pdf?.pageCount ?? 0
    } catch let error as WordFitError {
      emitter.stop(error)
    } catch {
      emitter.stop(WordFitError(.io, "\(error)"))
    }
    do {
      try emitter.manifestFinish()
    } catch let error as WordFitError {
      emitter.manifestFailed(error)
    } catch {
      emitter.manifestFailed(WordFitError(.io, "\(error)"))
    }
    emitter.archiveFinish()
    do {
      if let path = options.contactSheetPath, !emitter.thumbnails.isEmpty {
        let layout = options.template == nil ? options.spec.fields : .words
        let cascade = try FontCache().cascade(for: try layout.resolved().fonts).cascade
        let output = OutputRequest(
          destination: OutputRequest.standardOutputNames.contains(path) ? .standardOutput : .file(path), format: .png)
        try output.deliver(
          pixels: ContactSheet.make(emitter.thumbnails, cascade: cascade), metadata: [], png: PNGSettings())
      }
    } catch let error as WordFitError {
      emitter.stop(error)
    } catch {
      emitter.stop(WordFitError(.io, "\(error)"))
    }
    emitter.finishProgress()
  }

  /// Removes temporaries that dead runs left in the folders this batch writes to.
  private func removeStaleTemporaries() -> [String] {
    var folders: [String] = []
    if options.archive == nil {
      folders.append(options.outputDirectory)
    } else if options.outputDirectory != "-" {
      folders.append(URL(fileURLWithPath: options.outputDirectory).deletingLastPathComponent().path)
    }
    for path in [options.manifestPath, options.contactSheetPath].compactMap({ $0 }) where path != "-" {
      folders.append(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
    var seen = Set<String>()
    return folders.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }.flatMap {
      folder in StaleTemporaries.remove(in: folder).map { (folder as NSString).appendingPathComponent($0) }
    }
  }

  private func outputPath(_ file: String) -> String {
    (options.outputDirectory as NSString).appendingPathComponent(file)
  }

  /// The names of the fonts rows are rendered with, for the summary: the spec's, or with a
  /// template its regions' (each named once, in order).
  private var fontName: String {
    let specs = options.template.map { $0.regions.map(\.layout) } ?? [options.spec]
    var names: [String] = []
    let fonts = FontCache()
    for spec in specs {
      guard let request = try? spec.validated().fonts,
        let font = try? fonts.font(
          path: request.name, system: request.system ?? .sfPro, faceIndex: request.faceIndex, weight: request.weight)
      else { continue }
      let name = "\(font.familyName) \(font.styleName)"
      if !names.contains(name) { names.append(name) }
    }
    return names.isEmpty ? "the font" : names.joined(separator: ", ")
  }

  /// A worker: renders jobs until the queue closes.
  private static func work(queue: WorkQueue<Job, Outcome>, options: BatchOptions) {
    // The thread drawing the PDF is the one serial stage; on as many cores as workers it would
    // get a fair share of a core and fall behind while the workers run out of rows.
    if options.pdfPath != nil { ThreadPriority.lowerCurrentThread(by: ThreadPriority.pdfWorkerNiceness) }
    let renderer = WordStackRenderer()
    let badges = options.template.map { _ in BadgeRenderer() }
    // Rows' images are read from inside the images folder, by default the CSV's.
    let imageFolder =
      options.imagesFolder ?? (options.input == "-" ? "" : PathText.deletingLastComponent(options.input))
    var held: [(sequence: Int, job: Job, outcome: Outcome)] = []
    var heldBytes = 0
    func writeHeld() {
      for (sequence, job, outcome) in held {
        queue.complete(writeFile(of: outcome, job: job, options: options), sequence: sequence)
      }
      held.removeAll(keepingCapacity: true)
      heldBytes = 0
    }
    while let (sequence, job) = queue.pop(beforeWaiting: writeHeld) {
      let outcome =
        if let template = options.template, let badges {
          renderBadge(job, template: template, renderer: badges, imageFolder: imageFolder, options: options)
        } else {
          render(job, renderer: renderer, options: options)
        }
      held.append((sequence, job, outcome))
      heldBytes += outcome.file?.count ?? 0
      if held.count >= burstRows || heldBytes >= burstBytes { writeHeld() }
    }
    writeHeld()
  }

  /// Writes a rendered row's file, if it has one, into the output folder: the outcome as it
  /// is, or when the write fails the row failed with nothing of its rendering counted, as if
  /// it had failed before rendering.
  private static func writeFile(of outcome: Outcome, job: Job, options: BatchOptions) -> Outcome {
    guard let file = outcome.file else { return outcome }
    var written = outcome
    written.file = nil
    do {
      try writeFile(file, job: job, options: options, fatal: &written.fatal)
      return written
    } catch {
      var failed = Outcome(report: job.report)
      failed.fatal = written.fatal
      failed.fail(error)
      return failed
    }
  }

  /// Renders one row as a badge, its file (if any) left in the outcome for the worker to write.
  private static func renderBadge(
    _ job: Job, template: BadgeTemplate, renderer: BadgeRenderer, imageFolder folder: String, options: BatchOptions
  ) -> Outcome {
    var outcome = Outcome(report: job.report)
    do {
      let output: BadgeOutput = [
        options.writesImages ? BadgeOutput.needed(for: options.imageFormat) : [],
        options.makesSheets ? .pixels : [], options.pdfPath != nil ? .drawing : [],
      ]
      var badge = try renderer.render(
        template, fields: job.fields, language: job.language, imageFolder: folder, output: output)
      let bleed = template.pixels(millimetres: options.bleedMillimetres)
      if output.contains(.pixels) { badge.canvas = badge.canvas.extended(by: bleed) }
      // The back before any file is written: a back that fails fails the row with nothing written.
      let back = try renderBack(job, template: template, renderer: renderer, imageFolder: folder, options: options)
      if options.writesImages {
        let file = try badge.file(
          in: options.imageFormat, bleed: bleed, png: options.pngSettings, oneBitFix: options.oneBitFix)
        store(file, options: options, outcome: &outcome)
      }
      if options.makesSheets { outcome.sheetBadge = badge.canvas }
      outcome.drawing = badge.drawing
      outcome.report.status = .written
      outcome.report.size = badge.regions.first?.rendering.layout.fit.size
      outcome.report.regions =
        badge.printedRegions() + (back.map { $0.printedRegions(side: "back") } ?? [])
      outcome.report.truncatedWords = badge.regions.flatMap(\.rendering.layout.fit.truncatedWords)
      outcome.recordQRModule(badge.smallestQRModuleMillimetres)
      outcome.record(badge, thumbnail: job.wantsThumbnail)
      outcome.recordBack(back)
    } catch {
      outcome.fail(error)
    }
    return outcome
  }

  /// Renders the row's back (its bleed added) when a duplex output prints it (the PDF's pages
  /// or sheets, with `--duplex`) and the row's badge has one.
  private static func renderBack(
    _ job: Job, template: BadgeTemplate, renderer: BadgeRenderer, imageFolder folder: String, options: BatchOptions
  ) throws -> BadgeRendering? {
    let sheetBacks = options.makesSheets && options.sheet?.duplex == true
    let output: BadgeOutput = [
      sheetBacks ? .pixels : [], options.pdfPath != nil && options.duplex != nil ? .drawing : [],
    ]
    guard !output.isEmpty,
      var back = try renderer.renderBack(
        template, fields: job.fields, language: job.language, imageFolder: folder, output: output)
    else { return nil }
    if sheetBacks { back.canvas = back.canvas.extended(by: template.pixels(millimetres: options.bleedMillimetres)) }
    return back
  }

  /// Hands a row's image (`bytes`, in ``BatchOptions/imageFormat``) to its output: the archive
  /// (added in row order by the reading thread), or the output folder (written by the worker
  /// after rendering).
  private static func store(_ png: [UInt8], options: BatchOptions, outcome: inout Outcome) {
    if let archive = options.archive {
      outcome.png = png
      if archive == .zip { outcome.checksum = CRC32(png).value }
      return
    }
    outcome.file = png
  }

  /// Writes a row's image into the output folder; an I/O error (in `fatal` too) stops the batch.
  private static func writeFile(_ png: [UInt8], job: Job, options: BatchOptions, fatal: inout WordFitError?) throws {
    let kind = options.imageFormat.name
    let path = (options.outputDirectory as NSString).appendingPathComponent(job.report.file ?? "")
    if let other = options.reservedNames[job.report.file ?? ""] {
      throw WordFitError(
        .usage,
        "the \(kind) \(path) would replace \(other) of this run; give that output another name, or the batch another \(Parameter.nameTemplate)",
        input: path)
    }
    do {
      // The usual case, nothing at the name yet: the file linked in whole; what is there (a
      // rerun's image, a photo, an input, a link; or a file system without unnamed files) is
      // looked at below.
      let name = job.report.file ?? ""
      if try options.folder?.writeNew(png, named: name) ?? AtomicFile.writeNew(png, to: path) { return }
    } catch let error as WordFitError {
      fatal = error
      throw error
    }
    if let identity = FileIdentity(path: path) {
      if let input = options.inputIdentities[identity] {
        throw WordFitError(
          .usage,
          "the \(kind) \(path) is \(input); writing it would destroy an input, so choose another \(Parameter.out) or \(Parameter.nameTemplate)",
          input: path)
      }
      // A file already there is replaced only when WordFit wrote it (a rerun): a row's photo
      // or a logo under a row's name is never lost. (A link is replaced itself, never its
      // target; a folder in the way is the write's own error.)
      guard !FileIdentity.isRegularFile(path) || options.imageFormat.isWordFitFile(atPath: path) else {
        throw WordFitError(
          .usage,
          "the \(kind) \(path) exists and WordFit did not write it (a photo? a logo?); a row's badge would replace it, so choose another \(Parameter.out) or \(Parameter.nameTemplate), or move the file",
          input: path)
      }
    }
    do {
      // Names never leave the folder; neither may a link someone left in it.
      try AtomicFile.write(png, to: path, followsLinks: false)
    } catch let error as WordFitError {
      fatal = error
      throw error
    }
  }

  /// Renders one row, its file left in the outcome for the worker to write.
  private static func render(_ job: Job, renderer: WordStackRenderer, options: BatchOptions) -> Outcome {
    var outcome = Outcome(report: job.report)
    do {
      var spec = options.spec
      spec.text = job.text
      if let foreground = job.foreground { spec.fg = foreground }
      if let background = job.background { spec.bg = background }
      if let language = job.language { spec.language = language }
      let rendering: Rendering
      switch options.imageFormat.source {
      case .pixels:
        guard options.printer == nil else {
          throw WordFitError(.usage, "\(Parameter.printer) prints badges; give \(Parameter.template) T.json")
        }
        rendering = try renderer.render(spec)
        store(
          try rendering.encoded(as: options.imageFormat, png: options.pngSettings), options: options, outcome: &outcome)
      case .drawing:
        let svg: [UInt8]
        (svg, rendering) = try renderer.renderSVG(spec, drawsPixels: options.makesSheets)
        store(svg, options: options, outcome: &outcome)
      }
      if options.makesSheets { outcome.sheetBadge = rendering.canvas }
      outcome.report.status = .written
      outcome.report.size = rendering.layout.fit.size
      outcome.report.limit = rendering.layout.fit.limit.rawValue
      outcome.report.truncatedWords = rendering.layout.fit.truncatedWords
      outcome.record(rendering, thumbnail: job.wantsThumbnail)
    } catch {
      outcome.fail(error)
    }
    return outcome
  }

  private func defaultTextColumn(_ columns: [String]) -> Int {
    columns.firstIndex { $0.lowercased() == "name" } ?? 0
  }

  /// A column by header name (case-insensitive) or 1-based index.
  private func resolveColumn(_ selector: String?, columns: [String], parameter: Parameter) throws -> Int? {
    guard let selector else { return nil }
    if let index = columns.firstIndex(where: { $0.lowercased() == selector.lowercased() }) { return index }
    if let number = Int(selector), number >= 1 {
      if !columns.isEmpty, number > columns.count {
        throw WordFitError.outOfRange(
          parameter, number, range: "1…\(columns.count) or a header name (\(columns.joined(separator: ", ")))")
      }
      return number - 1
    }
    guard !columns.isEmpty else {
      throw WordFitError.malformed(parameter, selector, expected: "a 1-based column number (there is no header)")
    }
    throw WordFitError.notOneOf(parameter, selector, choices: columns)
  }
}
