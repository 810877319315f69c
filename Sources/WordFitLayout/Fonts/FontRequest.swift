import WordFitCore
import WordFitText

/// The font part of a layout, checked: what ``FontCache`` opens and keys its cascades on, so
/// two layouts that differ only in canvas, sizes or colours share their fonts.
package struct FontRequest: Hashable, Sendable {
  /// A font file, a family or pattern, `dejavu`, or `nil` for the system font ``system``.
  package var name: String?
  /// The system font asked for (when ``name`` is `nil`).
  package var system: SystemFont?
  /// The face in a collection.
  package var faceIndex: Int
  /// The weight (bundled font, nearest face, variable `wght`).
  package var weight: FontWeight
  /// How glyphs are fitted to the pixel grid.
  var hinting: Hinting
  /// Where missing characters come from.
  var fallback: FallbackPolicy
  /// The text's language (BCP 47), if any.
  var language: String?
  /// Whether a family that is not installed is an error.
  var strict: Bool
  /// A variable font's axes, parsed.
  var variations: [String: Double]
  /// Points per pixel: ½ on watch canvases (drawn at @2x), 1 on `WxH` canvases; `opsz` follows it.
  var pointsPerPixel: Double
}
