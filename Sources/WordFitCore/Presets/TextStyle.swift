/// A watchOS text style; its size depends on the Dynamic Type category.
public enum TextStyle: String, Sendable, CaseIterable, Codable {
  case largeTitle, title, title2, title3, headline, body, caption, caption2, footnote

  /// Size and leading in points for each category, xSmall … xxxLarge (Apple HIG, watchOS).
  private var table: [(size: Double, leading: Double)] {
    switch self {
    case .largeTitle: [(30, 32.5), (32, 34.5), (36, 38.5), (40, 42.5), (41, 43.5), (42, 44.5)]
    case .title: [(28, 30.5), (30, 32.5), (34, 36.5), (38, 40.5), (39, 41.5), (40, 42.5)]
    case .title2: [(24, 26.5), (26, 28.5), (27, 30.5), (30, 32.5), (31, 33.5), (32, 34.5)]
    case .title3: [(17, 19.5), (18, 20.5), (19, 21.5), (20, 22.5), (21, 23.5), (22, 24.5)]
    case .headline: [(14, 16.5), (15, 17.5), (16, 18.5), (17, 19.5), (18, 20.5), (19, 21.5)]
    case .body: [(14, 16.5), (15, 17.5), (16, 18.5), (17, 19.5), (18, 20.5), (19, 21.5)]
    case .caption: [(13, 15.5), (14, 16.5), (15, 17.5), (16, 18.5), (17, 19.5), (18, 20.5)]
    case .caption2: [(12, 14.5), (13, 15.5), (14, 16.5), (15, 17.5), (15, 18.5), (17, 19.5)]
    case .footnote: [(11, 13.5), (12, 14.5), (13, 15.5), (14, 16.5), (15, 17.5), (16, 18.5)]
    }
  }

  /// The font size in points in `category`.
  public func pointSize(in category: ContentSizeCategory) -> Double {
    table[ContentSizeCategory.allCases.firstIndex(of: category) ?? 2].size
  }

  /// The font size in pixels at scale factor 2 (watch screens) in `category`.
  public func pixelSize(in category: ContentSizeCategory) -> Double {
    pointSize(in: category) * 2
  }

  /// The iOS size in points at the default (Large) category, for canvases that are not watches.
  public var iOSPointSize: Double {
    switch self {
    case .largeTitle: 34
    case .title: 28
    case .title2: 22
    case .title3: 20
    case .headline, .body: 17
    case .caption: 12
    case .caption2: 11
    case .footnote: 13
    }
  }

  /// The maximum size in pixels this style gives on `canvas`: the watchOS size in the watch's
  /// default category at @2x for a watch preset; the iOS size at the Large category, one pixel
  /// per point, for a `WxH` canvas.
  public func pixelSize(on canvas: CanvasSize) -> Double {
    if let watch = canvas.watch { return pixelSize(in: watch.defaultCategory) }
    return iOSPointSize
  }

  /// Parses a style name such as `largeTitle` (case-insensitive).
  ///
  /// - Throws: ``WordFitError`` `.usage` listing the valid names.
  public static func parse(_ text: String) throws -> TextStyle {
    if let style = allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return style }
    throw WordFitError.notOneOf(.style, text, choices: allCases.map(\.rawValue))
  }
}
