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

  /// The watchOS font size in points in `category` (a category a watch does not offer reads as
  /// the nearest one it does: Medium as Large, the accessibility sizes as xxxLarge).
  public func pointSize(in category: ContentSizeCategory) -> Double {
    let index =
      ContentSizeCategory.watchCategories.firstIndex(of: category)
      ?? (category == .medium ? 2 : ContentSizeCategory.watchCategories.count - 1)
    return table[index].size
  }

  /// The font size in pixels at scale factor 2 (watch screens) in `category`.
  public func pixelSize(in category: ContentSizeCategory) -> Double {
    pointSize(in: category) * 2
  }

  /// The iOS size in points at the default (Large) category, for canvases that are not watches.
  public var iOSPointSize: Double { iOSPointSize(in: .large) }

  /// The iOS size in points in `category`, xSmall … AX5.
  ///
  /// Apple's Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes"
  /// (developer.apple.com/design/human-interface-guidelines/typography). The seven standard
  /// categories of body, headline, footnote, caption and caption2 match what UIKit reports
  /// (`UIFont.preferredFont(forTextStyle:)` in the iOS simulator, as tabulated in
  /// gist.github.com/alexisakers); body's accessibility sizes (28, 33, 40, 47, 53) too. The
  /// other accessibility sizes are the HIG's and were not cross-checked against a device:
  /// *uncertain* to a point.
  public func iOSPointSize(in category: ContentSizeCategory) -> Double {
    let sizes: [Double] =
      switch self {
      case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
      case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
      case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
      case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
      case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
      case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
      case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
      case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
      }
    return sizes[ContentSizeCategory.allCases.firstIndex(of: category) ?? 3]
  }

  /// The maximum size in pixels this style gives on `canvas` in `category` (`nil`: the
  /// canvas's default): the watchOS size at @2x for a watch preset (default: the watch's own
  /// category); the iOS size, one pixel per point, for a `WxH` canvas (default Large).
  ///
  /// - Throws: ``WordFitError`` `.usage` for a category WordFit has no watch sizes for (Medium,
  ///   AX1…AX5). watchOS has accessibility text sizes in its settings, but Apple's Human Interface
  ///   Guidelines publish watchOS point sizes only for xSmall … xxxLarge (the table in
  ///   `TextStyle`'s sizes); rather than invent values, WordFit refuses the others on watches.
  public func pixelSize(on canvas: CanvasSize, category: ContentSizeCategory? = nil) throws -> Double {
    if let watch = canvas.watch {
      let category = category ?? watch.defaultCategory
      guard category.isWatchCategory else {
        throw WordFitError(
          .usage,
          "\(Parameter.dynamicType) \(category.rawValue) has no published watchOS point sizes (Apple's HIG lists xSmall … xxxLarge for watches); give one of \(ContentSizeCategory.watchCategories.map(\.rawValue).joined(separator: ", ")), or a WxH canvas for iOS sizes",
          reason: .notOneOf(
            .dynamicType, value: category.rawValue,
            choices: ContentSizeCategory.watchCategories.map(\.rawValue)))
      }
      return pixelSize(in: category)
    }
    return iOSPointSize(in: category ?? .large)
  }

  /// The size in points of `pixels` on `canvas`: half on a watch (@2x), the same elsewhere.
  public static func points(_ pixels: Double, on canvas: CanvasSize) -> Double {
    pixels / Double(canvas.pixelsPerPoint)
  }

  /// Parses a style name such as `largeTitle` (case-insensitive).
  ///
  /// - Throws: ``WordFitError`` `.usage` listing the valid names.
  public static func parse(_ text: String) throws -> TextStyle {
    if let style = allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return style }
    throw WordFitError.notOneOf(.style, text, choices: allCases.map(\.rawValue))
  }
}

extension TextStyle {
  /// This style's size in points in `canvas`'s default Dynamic Type size.
  package func pointSize(onDefaultOf canvas: CanvasSize) -> Double {
    canvas.watch.map { pointSize(in: $0.defaultCategory) } ?? iOSPointSize
  }
}
