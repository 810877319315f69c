import WordFitCore

extension TextStyle {
  /// The weight Apple's text style carries on watchOS: `headline` is semibold; `largeTitle` is
  /// bold here, as the seed's `.fontWeight(.bold)` sets it; every other style is regular. A
  /// layout's own `weight` overrides it.
  public var weight: FontWeight {
    switch self {
    case .largeTitle: .bold
    case .headline: .semibold
    default: .regular
    }
  }
}
