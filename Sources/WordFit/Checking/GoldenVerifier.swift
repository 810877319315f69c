import Foundation
import WordFitCore
import WordFitImage

/// Compares a rendered image with its golden PNG: the one verifier behind `wordfit check`,
/// WordFit's own golden tests and `WordFitTesting`.
///
/// It records goldens as its ``RecordMode`` says (the modes of swift-snapshot-testing), compares
/// through ``ImageComparator`` with a ``ComparisonTolerance``, and for a failure writes the
/// expected, actual and diff PNGs to ``artifactsDirectory`` and names the FreeType or font
/// version when the golden was made with another one.
public struct GoldenVerifier: Sendable {
  /// When goldens are written.
  public var recordMode: RecordMode
  /// How far an image may differ from its golden and still pass.
  public var tolerance: ComparisonTolerance
  /// Where a failing image's expected, actual and diff PNGs go (`DIR/NAME/…`); `nil` writes none.
  public var artifactsDirectory: String?
  /// The most pixels a golden may decode to.
  public var maximumPixels = InputLimits.decodedPixels

  /// A failure to write artifacts: it stops a whole check rather than failing one image.
  public struct ArtifactsError: Error, Sendable {
    /// The error, with the folder that could not be written.
    public var underlying: WordFitError
  }

  /// Creates a verifier; see the properties.
  public init(recordMode: RecordMode, tolerance: ComparisonTolerance = .exact, artifactsDirectory: String? = nil) {
    self.recordMode = recordMode
    self.tolerance = tolerance
    self.artifactsDirectory = artifactsDirectory
  }

  /// Verifies `rendering` against the golden PNG at `goldenPath`.
  ///
  /// - Parameters:
  ///   - rendering: the image to verify.
  ///   - goldenPath: the golden PNG.
  ///   - name: the case's name, for the artifacts folder (`DIR/NAME/actual.png`).
  /// - Returns: the verdict; a missing golden is `missing` (or `recorded`, written now).
  /// - Throws: ``WordFitError`` when the golden cannot be read or the image encoded;
  ///   ``ArtifactsError`` when a failure's artifacts cannot be written.
  /// - Complexity: O(*width* × *height*); twice that for a failing image (its diff).
  public func verify(_ rendering: any RenderedImage, golden goldenPath: String, name: String) throws -> GoldenVerdict {
    let png = try rendering.pngData()
    guard FileManager.default.fileExists(atPath: goldenPath) else {
      if recordMode == .never {
        return GoldenVerdict(
          status: .missing, comparison: nil,
          message: "no golden \(goldenPath); record it (WORDFIT_RECORD=missing) and look at it", artifacts: [:])
      }
      try AtomicFile.write(png, to: goldenPath, followsLinks: false)
      return GoldenVerdict(
        status: .recorded, comparison: nil,
        message: "golden was missing; wrote \(goldenPath) — look at it, then run again", artifacts: [:])
    }
    let goldenBytes = try InputFile.read(goldenPath, role: "golden", limit: InputLimits.pngFileBytes)
    let golden = try PNGCodec.decode(goldenBytes, source: "golden \(goldenPath)", maximumPixels: maximumPixels)
    let comparison = ImageComparator.compare(expected: golden.canvas, actual: rendering.canvas, tolerance: tolerance)
    if recordMode == .all || (recordMode == .failed && !comparison.passed) {
      try AtomicFile.write(png, to: goldenPath, followsLinks: false)
      return GoldenVerdict(
        status: .recorded, comparison: comparison,
        message: "rewrote \(goldenPath) (\(comparison.differingPixels) pixels had differed) — look at it",
        artifacts: [:])
    }
    if comparison.passed {
      return GoldenVerdict(status: .passed, comparison: comparison, message: "", artifacts: [:])
    }
    var message = Self.describe(comparison, golden: golden.canvas, actual: rendering.canvas)
    message += Self.versionHints(rendering, golden: golden)
    var artifacts: [String: String] = [:]
    if let artifactsDirectory {
      let diff = ImageComparator.compare(
        expected: golden.canvas, actual: rendering.canvas, tolerance: tolerance, makeDiffImage: true
      ).diffImage
      let folder = (artifactsDirectory as NSString).appendingPathComponent(name)
      artifacts = try Self.writeArtifacts(to: folder, expected: goldenBytes, actual: png, diff: diff)
    }
    return GoldenVerdict(status: .failed, comparison: comparison, message: message, artifacts: artifacts)
  }

  /// What differs, in one phrase.
  static func describe(_ comparison: ImageComparison, golden: Canvas, actual: Canvas) -> String {
    guard comparison.dimensionsMatch else {
      return "golden is \(golden.width)x\(golden.height), render is \(actual.width)x\(actual.height)"
    }
    var text =
      "\(comparison.differingPixels) pixels differ (allowed \(comparison.allowedDifferingPixels)), max channel delta \(comparison.maxChannelDelta)"
    if let bounds = comparison.differenceBounds { text += ", in \(bounds.summary)" }
    return text
  }

  /// The FreeType or font version the golden records, when it is not this run's.
  static func versionHints(_ rendering: any RenderedImage, golden: DecodedPNG) -> String {
    var hints = ""
    for (key, value) in rendering.metadata where key == "WordFit-FreeType" || key == "WordFit-Font" {
      if let recorded = golden.text(forKey: key), recorded != value {
        hints +=
          "; the golden was made with \(key.dropFirst(8)) \(recorded), this run uses \(value) — the most common reason goldens move between machines"
      }
    }
    return hints
  }

  private static func writeArtifacts(to folder: String, expected: [UInt8], actual: [UInt8], diff: Canvas?) throws
    -> [String: String]
  {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      var files: [(key: String, bytes: [UInt8])] = [("expected", expected), ("actual", actual)]
      if let diff { files.append(("diff", try PNGCodec.encode(diff))) }
      var paths: [String: String] = [:]
      for file in files {
        let path = folder + "/\(file.key).png"
        try AtomicFile.write(file.bytes, to: path)
        paths[file.key] = path
      }
      return paths
    } catch let error as WordFitError {
      throw ArtifactsError(
        underlying: WordFitError(.io, "cannot write artifacts to \(folder): \(error.message)", input: folder))
    } catch {
      throw ArtifactsError(
        underlying: WordFitError(
          .io, "cannot write artifacts to \(folder): \(error.localizedDescription); choose a writable artifacts folder",
          input: folder))
    }
  }
}
