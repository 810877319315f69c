import Foundation
import Testing

@testable import WordFit
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitText

/// Compares a fresh render with its golden PNG through ``ImageComparator`` (the comparator
/// `wordfit diff` and `wordfit check` use), exact by default.
///
/// Record with `WORDFIT_RECORD=missing|failed|all`; under `CI` nothing is ever written. On
/// failure the actual and diff images go to `.test-artifacts/NAME/` and the message says where.
func assertGolden(
  _ rendering: any RenderedImage, golden path: String, tolerance: ComparisonTolerance = .exact,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let mode = try RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
  let png = try rendering.pngData()
  let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  guard FileManager.default.fileExists(atPath: path) else {
    if mode == .never {
      Issue.record(
        "golden \(path) is missing; run the tests with WORDFIT_RECORD=missing to write it, then look at it",
        sourceLocation: sourceLocation)
    } else {
      try AtomicFile.write(png, to: path)
      Issue.record(
        "golden \(path) was missing and has been written; look at it, then run again", sourceLocation: sourceLocation)
    }
    return
  }
  let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  let golden = try PNGCodec.decode(bytes, source: path)
  let comparison = ImageComparator.compare(
    expected: golden.canvas, actual: rendering.canvas, tolerance: tolerance, makeDiffImage: true)
  if comparison.passed { return }
  if mode == .failed || mode == .all {
    try AtomicFile.write(png, to: path)
    Issue.record(
      "golden \(path) differed and has been re-recorded; look at it and say why in the commit",
      sourceLocation: sourceLocation)
    return
  }
  let folder = TestPaths.artifacts + "/" + name
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  try AtomicFile.write(png, to: folder + "/actual.png")
  try AtomicFile.write(bytes, to: folder + "/expected.png")
  if let diff = comparison.diffImage { try AtomicFile.write(try PNGCodec.encode(diff), to: folder + "/diff.png") }
  var message =
    comparison.dimensionsMatch
    ? "\(name): \(comparison.differingPixels) pixels differ (bounds \(comparison.differenceBounds.map { "\($0.minX),\($0.minY)–\($0.maxX),\($0.maxY)" } ?? "none"), threshold \(tolerance.threshold))"
    : "\(name): golden is \(golden.canvas.width)x\(golden.canvas.height), render is \(rendering.canvas.width)x\(rendering.canvas.height)"
  message += "; actual and diff in \(folder)"
  for (key, value) in rendering.metadata where key == "WordFit-FreeType" || key == "WordFit-Font" {
    if let recorded = golden.text(forKey: key), recorded != value {
      message += "; golden was made with \(key.dropFirst(8)) \(recorded), this run has \(value)"
    }
  }
  Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}
