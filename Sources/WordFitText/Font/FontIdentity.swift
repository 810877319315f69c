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

  /// A face of the font `identity` names, opened in a FreeType library of its own for an owner
  /// outside WordFit (cairo's PDF fonts, which may keep it in their caches after every ``Font``
  /// is gone), with the C function that frees the face and its library.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` when FreeType cannot open the face again.
  package static func detachedFace(_ identity: FontIdentity) throws -> (
    face: UnsafeMutableRawPointer, release: @convention(c) (UnsafeMutableRawPointer?) -> Void
  ) {
    var face: wf_face?
    let error = identity.coordinates.withUnsafeBufferPointer {
      wf_ft_open_detached_face(identity.path, identity.faceIndex, $0.baseAddress, Int32($0.count), &face)
    }
    guard error == 0, let face else {
      throw WordFitError(
        .invalidData,
        "FreeType could not open font file \(identity.path) again for the PDF (\(String(cString: wf_ft_error_string(error))))",
        input: identity.path)
    }
    return (UnsafeMutableRawPointer(face), { face in if let face { wf_ft_close_detached_face(face) } })
  }
}
