/// What fontconfig answered for a font named by family or pattern.
public struct FontMatch: Sendable, Equatable {
  /// The pattern asked for, for example `Noto Sans:bold`.
  public var pattern: String
  /// The family the pattern names (`""` when it names none).
  public var requestedFamily: String
  /// The font found. fontconfig always finds one when any font is installed.
  public var font: FontDescription
  /// Whether the font found is of the family asked for.
  public var isRequestedFamily: Bool
}
