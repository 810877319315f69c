import Foundation
import WordFitCore
import WordFitImage
import WordFitLayout
import WordFitOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
  /// The pixel format of a failure's expected, actual and diff images (`png` or `webp`,
  /// lossless: the same pixels); the render kept to accept is always a PNG, as goldens are.
  public var artifactFormat: OutputFormat = .png

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

  /// The folder under ``artifactsDirectory`` laid out like the goldens: a failing or missing
  /// image's render goes to `__Goldens__/GOLDEN` (the golden's path below its root), so
  /// accepting a run is copying this folder over the goldens (or `wordfit check --accept`).
  public static let acceptFolderName = "__Goldens__"

  /// Verifies `rendering` against the golden PNG at `goldenPath`.
  ///
  /// Artifacts of an earlier run for the same `name` are removed first, so what is left in
  /// ``artifactsDirectory`` is this run's.
  ///
  /// - Parameters:
  ///   - rendering: the image to verify.
  ///   - goldenPath: the golden PNG.
  ///   - name: the case's name, for the artifacts folder (`DIR/NAME/actual.png`).
  ///   - acceptPath: the golden's path below the goldens' root, for
  ///     `DIR/__Goldens__/ACCEPTPATH` (default: `NAME.png`).
  /// - Returns: the verdict; a missing golden is `missing` (or `recorded`, written now).
  /// - Throws: ``WordFitError`` when the golden cannot be read or the image encoded;
  ///   ``ArtifactsError`` when a failure's artifacts cannot be written.
  /// - Complexity: O(*width* × *height*); twice that for a failing image (its diff).
  public func verify(
    _ rendering: any RenderedImage, golden goldenPath: String, name: String, acceptPath: String? = nil
  ) throws -> GoldenVerdict {
    let png = try rendering.pngData()
    let accepted = artifactsDirectory.map {
      ($0 as NSString).appendingPathComponent(Self.acceptFolderName + "/" + (acceptPath ?? name + ".png"))
    }
    let folder = artifactsDirectory.map { ($0 as NSString).appendingPathComponent(name) }
    Self.removeStaleArtifacts(folder: folder, accepted: accepted)
    guard FileManager.default.fileExists(atPath: goldenPath) else {
      if recordMode == .never {
        var artifacts: [String: String] = [:]
        if let accepted { artifacts = try Self.writeArtifacts([("accept", accepted, png)]) }
        return GoldenVerdict(
          status: .missing, comparison: nil,
          message: "no golden \(goldenPath); record it (WORDFIT_RECORD=missing) and look at it", artifacts: artifacts)
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
    if let folder, let accepted {
      let diff = ImageComparator.compare(
        expected: golden.canvas, actual: rendering.canvas, tolerance: tolerance, makeDiffImage: true
      ).diffImage
      artifacts = try Self.writeArtifacts(
        try artifactFiles(golden: (goldenBytes, golden.canvas), actual: (png, rendering.canvas), diff: diff, in: folder)
          + [("accept", accepted, png)])
    }
    return GoldenVerdict(status: .failed, comparison: comparison, message: message, artifacts: artifacts)
  }

  /// The formats a failure's images may take: the lossless pixel formats.
  public static let artifactFormats: [OutputFormat] = [.png, .webp]

  /// Parses an artifact format's name (`png`, `webp`).
  ///
  /// - Throws: ``WordFitError`` `.usage` naming ``Parameter/artifactFormat`` and the choices.
  public static func parseArtifactFormat(_ text: String) throws -> OutputFormat {
    try OutputFormat.parse(text, among: artifactFormats, naming: .artifactFormat)
  }

  /// A failure's expected, actual and diff images in ``artifactFormat``: a PNG's bytes as they
  /// are (the golden's own, the render's), any other format encoded from the pixels.
  private func artifactFiles(
    golden: ([UInt8], Canvas), actual: ([UInt8], Canvas), diff: Canvas?, in folder: String
  ) throws -> [(String, String, [UInt8])] {
    // A format not among ``artifactFormats`` falls back to PNG.
    let format = Self.artifactFormats.contains(artifactFormat) ? artifactFormat : .png
    let encoder = format.encoder() ?? PNGImageEncoder()
    let ending = format.fileExtension
    let bytes = { (image: ([UInt8], Canvas)) throws -> [UInt8] in
      format == .png ? image.0 : try encoder.encode(image.1, metadata: [], dotsPerInch: nil)
    }
    var files = [
      ("expected", "\(folder)/expected.\(ending)", try bytes(golden)),
      ("actual", "\(folder)/actual.\(ending)", try bytes(actual)),
    ]
    if let diff {
      files.append(("diff", "\(folder)/diff.\(ending)", try encoder.encode(diff, metadata: [], dotsPerInch: nil)))
    }
    return files
  }

  /// Removes what an earlier run wrote for this case: its folder's three images (in either
  /// artifact format) and its accepted copy. Nothing else is touched.
  private static func removeStaleArtifacts(folder: String?, accepted: String?) {
    let names = ["expected", "actual", "diff"].flatMap { name in artifactFormats.map { "\(name).\($0.fileExtension)" } }
    let files = (folder.map { folder in names.map { "\(folder)/\($0)" } } ?? []) + [accepted]
    for case let file? in files { _ = unlink(file) }
    if let folder { _ = rmdir(folder) }  // only when empty
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

  /// What the golden records of its fonts and libraries that this run does not match: the
  /// FreeType and HarfBuzz versions, and the fonts drawn with (`WordFit-Font` and each
  /// `WordFit-Fallback-Font`, compared by family, style and version, not by file path).
  static func versionHints(_ rendering: any RenderedImage, golden: DecodedPNG) -> String {
    var hints = ""
    for key in ["WordFit-FreeType", "WordFit-HarfBuzz"] {
      if let recorded = golden.text(forKey: key), let value = rendering.metadata.first(where: { $0.key == key })?.value,
        recorded != value
      {
        hints += "; the golden was made with \(key.dropFirst(8)) \(recorded), this run uses \(value)"
      }
    }
    let fontKeys: Set<String> = ["WordFit-Font", "WordFit-Fallback-Font"]
    func fonts(_ chunks: [(key: String, value: String)]) -> [String] {
      chunks.filter { fontKeys.contains($0.key) }.map {
        $0.value.components(separatedBy: "; ").prefix(2).joined(separator: " ")
      }
    }
    let recorded = fonts(golden.textChunks)
    let used = fonts(rendering.metadata)
    if !recorded.isEmpty, Set(recorded) != Set(used) {
      let onlyGolden = recorded.filter { !used.contains($0) }
      let onlyHere = used.filter { !recorded.contains($0) }
      hints +=
        "; font drift: the golden was drawn with \(onlyGolden.isEmpty ? "no other font" : onlyGolden.joined(separator: ", ")), this run with \(onlyHere.isEmpty ? "no other font" : onlyHere.joined(separator: ", "))"
    }
    return hints.isEmpty ? "" : hints + " — the most common reason goldens move between machines"
  }

  /// Writes each `(key, path, bytes)`, creating folders; returns the paths by key.
  private static func writeArtifacts(_ files: [(key: String, path: String, bytes: [UInt8])]) throws -> [String: String]
  {
    var paths: [String: String] = [:]
    for file in files {
      let folder = PathText.deletingLastComponent(file.path)
      // Each file an output like any other image: its format from its ending (PNG, WebP).
      let output = OutputRequest(destination: .file(file.path), format: OutputFormat.image(endingOf: file.path) ?? .png)
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try output.write(file.bytes)
      } catch let error as WordFitError {
        throw ArtifactsError(
          underlying: WordFitError(.io, "cannot write artifacts to \(folder): \(error.message)", input: folder))
      } catch {
        throw ArtifactsError(
          underlying: WordFitError(
            .io,
            "cannot write artifacts to \(folder): \(error.localizedDescription); choose a writable artifacts folder",
            input: folder))
      }
      paths[file.key] = file.path
    }
    return paths
  }
}
