import Foundation
import WordFitBadges
import WordFitCore
import WordFitImage
import WordFitOutput

/// Takes the batch's row outcomes in input order and accounts for each exactly once: the
/// summary's counts, the manifest line, the thumbnail for the contact sheet, the caller's report
/// and progress callbacks.
final class OutcomeEmitter {
  /// The counts so far (and the first write error, which stops the batch).
  var summary = BatchSummary()
  /// Thumbnails for the contact sheet, in input order.
  private(set) var thumbnails: [(thumbnail: Canvas, caption: String)] = []
  /// How many outcomes were emitted.
  private(set) var emitted = 0

  private let manifest: ManifestWriter?
  /// What the manifest's lines hold besides each row's report (also the archive's manifest).
  var lineFormat = ManifestWriter.LineFormat()
  /// The PDF the badges' drawings go to, in input order, with `--pdf`.
  let pdf: BadgePDFWriter?
  /// The archive the PNGs and the manifest go to, in input order, with `--out badges.zip`.
  var archive: ArchiveOutput?
  /// The print sheets the written badges are imposed on, in input order.
  var sheets: PrintSheetWriter?
  private let total: Int?
  private let report: (BatchRowReport) -> Void
  private let progress: (BatchProgress) -> Void
  private let start = DispatchTime.now().uptimeNanoseconds
  private var lastProgress = 0.0

  init(
    manifest: ManifestWriter?, pdf: BadgePDFWriter? = nil, total: Int?, report: @escaping (BatchRowReport) -> Void,
    progress: @escaping (BatchProgress) -> Void
  ) {
    self.manifest = manifest
    self.pdf = pdf
    self.total = total
    self.report = report
    self.progress = progress
  }

  /// Seconds since the emitter was made.
  var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

  /// Accounts for the next outcome in input order.
  func emit(_ outcome: BatchRunner.Outcome) {
    var row = outcome.report
    if let drawing = outcome.drawing, let pdf, summary.stoppingError == nil {
      do {
        row.page = try pdf.add(drawing, back: outcome.backDrawing, row: row.row)
      } catch {
        row.status = .failed
        row.error = (error as? WordFitError)?.message ?? "\(error)"
      }
    }
    if let archive, summary.stoppingError == nil {
      do {
        if let png = outcome.png, let file = row.file { try archive.add(file, png: png, checksum: outcome.checksum) }
        try archive.appendManifest(ManifestWriter.line(row, format: lineFormat))
      } catch {
        stop((error as? WordFitError) ?? WordFitError(.io, "\(error)"))
      }
    }
    if let sheets, let badge = outcome.sheetBadge, row.status == .written, summary.stoppingError == nil {
      do {
        try sheets.add(badge, back: outcome.sheetBack)
      } catch {
        stop((error as? WordFitError) ?? WordFitError(.io, "\(error)"))
      }
    }
    summary.count(row)
    for scalar in Set(outcome.missingCharacters) { summary.missingCharacters[scalar, default: 0] += 1 }
    if let thumbnail = outcome.thumbnail { thumbnails.append((thumbnail, row.file ?? "")) }
    if let fatal = outcome.fatal { stop(fatal) }
    do {
      try manifest?.append(row)
    } catch let error as WordFitError {
      stop(error)
    } catch {
      stop(WordFitError(.io, "\(error)"))
    }
    report(row)
    emitted += 1
    let now = elapsed
    if now - lastProgress >= 0.05 || emitted == total {
      lastProgress = now
      progress(BatchProgress(done: emitted, total: total, elapsed: now))
    }
  }

  /// Records the error that stops the batch (the first one wins).
  func stop(_ error: WordFitError) {
    if summary.stoppingError == nil { summary.stoppingError = error }
  }

  /// Records that the manifest could not be finished: the stopping error when there is none
  /// yet, else added to it, so a full disk never loses the manifest without saying so.
  func manifestFailed(_ error: WordFitError) {
    guard var stopping = summary.stoppingError else {
      summary.stoppingError = error
      return
    }
    stopping.text = "\(stopping.text); the manifest was not written either (\(error.text))"
    summary.stoppingError = stopping
  }

  /// Writes the manifest's last lines and renames it into place.
  func manifestFinish() throws {
    try manifest?.finish()
  }

  /// Finishes the archive and renames it into place, unless the batch stopped: then nothing is
  /// left under its name (its temporary file is removed).
  func archiveFinish() {
    defer { archive = nil }
    guard let archive, summary.stoppingError == nil, !summary.wasInterrupted else { return }
    do {
      try archive.finish()
    } catch {
      stop((error as? WordFitError) ?? WordFitError(.io, "\(error)"))
    }
  }

  /// Delivers the last sheet page and records the pages, unless the batch stopped: then the
  /// pages already delivered stay (each complete), and the partly filled one is dropped.
  func sheetsFinish() {
    defer { sheets = nil }
    guard let sheets, summary.stoppingError == nil, !summary.wasInterrupted else { return }
    do {
      summary.sheetPages = try sheets.finish()
      summary.sheetBadges = sheets.badgeCount
    } catch {
      stop((error as? WordFitError) ?? WordFitError(.io, "\(error)"))
    }
  }

  /// The last progress report, after the batch's outputs are written.
  func finishProgress() {
    progress(BatchProgress(done: emitted, total: total, elapsed: summary.elapsed))
  }
}
