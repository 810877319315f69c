import CFreeType
import WordFitCore

/// Which face of which file, at which variation, a ``Font`` is: enough to open the same font
/// again on another thread (each ``Font`` belongs to one).
public struct FontIdentity: Sendable, Hashable {
  /// The font file's path.
  public var path: String
  /// The face in the file (0 for a single font).
  public var faceIndex: Int
  /// The variation axes' values in the order the font lists its axes (empty for a font that
  /// is not variable).
  public var coordinates: [Double]
}

extension Font {
  /// The font as it draws at `size` px: its file, face and axis values (an `opsz` that
  /// follows the size set for that size).
  public func identity(atSize size: Double) -> FontIdentity {
    var coordinates = axes.map(\.value)
    if let scale = opticalSizeScale, let index = axes.firstIndex(where: { $0.tag == "opsz" }) {
      coordinates[index] = Swift.min(axes[index].maximum, Swift.max(axes[index].minimum, size * scale))
    }
    return FontIdentity(path: path, faceIndex: faceIndex, coordinates: coordinates)
  }

  /// Opens the font `identity` names, with its axes set to its coordinates.
  ///
  /// - Throws: as ``init(contentsOf:faceIndex:hinting:variations:)``.
  public convenience init(_ identity: FontIdentity) throws {
    try self.init(contentsOf: identity.path, faceIndex: identity.faceIndex)
    guard !identity.coordinates.isEmpty, identity.coordinates.count == axes.count else { return }
    applyVariations(Dictionary(zip(axes.map(\.tag), identity.coordinates)) { first, _ in first })
  }

  /// Whether the face's axes are all at their defaults (or it has none): a PDF embeds the
  /// default outlines of a variable font (cairo 1.16).
  package var isAtDefaultInstance: Bool {
    axes.allSatisfy { $0.value == $0.defaultValue } && currentOpticalSize.map { _ in false } ?? true
  }

  /// A new reference to the font's FreeType face for another owner (cairo's PDF fonts) and the
  /// C function that gives it back; the face stays valid until both this font and that owner
  /// have let it go. The face must then be used on one thread at a time with this font.
  package func sharedFace() -> (
    face: UnsafeMutableRawPointer, release: @convention(c) (UnsafeMutableRawPointer?) -> Void
  ) {
    wf_ft_retain_face(face)
    return (UnsafeMutableRawPointer(face), { face in if let face { wf_ft_release_face(face) } })
  }
}
