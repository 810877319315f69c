/// A Dynamic Type category: the text size a user picks in Settings.
///
/// Watches take the six watchOS categories, ``watchCategories``; `WxH` canvases (iOS sizes) take
/// all twelve, the five accessibility sizes included.
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable {
  case extraSmall = "xSmall"
  case small = "Small"
  case medium = "Medium"
  case large = "Large"
  case extraLarge = "xLarge"
  case extraExtraLarge = "xxLarge"
  case extraExtraExtraLarge = "xxxLarge"
  case accessibility1 = "AX1"
  case accessibility2 = "AX2"
  case accessibility3 = "AX3"
  case accessibility4 = "AX4"
  case accessibility5 = "AX5"

  /// The categories a watch offers, smallest first (watchOS has no Medium; WordFit's watch
  /// tables stop at xxxLarge).
  public static let watchCategories: [ContentSizeCategory] = [
    .extraSmall, .small, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
  ]

  /// Whether a watch offers this category.
  public var isWatchCategory: Bool { Self.watchCategories.contains(self) }

  /// Reads a category name, ignoring case: `xSmall`, `small`, `medium`, `large`, `xLarge`,
  /// `xxLarge`, `xxxLarge`, `AX1` … `AX5`.
  ///
  /// - Throws: ``WordFitError`` `.usage` listing the valid names.
  public static func parse(_ text: String) throws -> ContentSizeCategory {
    if let match = allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return match }
    throw WordFitError.notOneOf(.dynamicType, text, choices: allCases.map(\.rawValue))
  }

  /// Decodes a category name, ignoring case.
  public init(from decoder: Decoder) throws {
    self = try Self.parse(try decoder.singleValueContainer().decode(String.self))
  }
}
