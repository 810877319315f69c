/// A Dynamic Type category (the user's text size setting on the watch).
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable {
  case extraSmall = "xSmall"
  case small = "Small"
  case large = "Large"
  case extraLarge = "xLarge"
  case extraExtraLarge = "xxLarge"
  case extraExtraExtraLarge = "xxxLarge"
}
