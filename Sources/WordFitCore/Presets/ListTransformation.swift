/// How a Wear OS list (`TransformingLazyColumn`, Compose for Wear OS Material 3) scales and fades
/// an item as it scrolls near the screen's top and bottom edges: the default
/// `ResponsiveTransformationSpec`, its values for 192 dp and 240 dp screens interpolated for the
/// screen in between, and none under Reduce Motion.
///
/// The definitions are androidx's (`wear/compose/compose-material3/.../lazy/
/// ResponsiveTransformationSpec.kt`, `TransformationSpec.kt`, `TransitionAreaProgress.kt`),
/// re-stated here in pixels; `scripts/list-transformation-port.py` is an independent port the
/// tests compare with.
public struct ListTransformation: Sendable, Equatable {
  /// The smallest item height, as a fraction of the screen's, that sets the transition area.
  public var minimumElementHeight: Double
  /// The largest item height, as a fraction of the screen's, that sets the transition area.
  public var maximumElementHeight: Double
  /// The transition area of an item of ``minimumElementHeight`` or less, as a fraction of the
  /// screen's height.
  public var minimumTransitionArea: Double
  /// The transition area of an item of ``maximumElementHeight`` or more.
  public var maximumTransitionArea: Double
  /// The scale at the screen's edge (1 in the middle).
  public var edgeScale: Double
  /// The container's (the button's) alpha at the edge.
  public var edgeContainerAlpha: Double
  /// The content's (the label's) alpha at the edge.
  public var edgeContentAlpha: Double
  /// Whether the transformation is the identity (Reduce Motion).
  public var isIdentity = false

  /// The default for a 192 dp screen (`ResponsiveTransformationSpec.smallScreen()`).
  public static let smallScreen = ListTransformation(
    minimumElementHeight: 0.2, maximumElementHeight: 0.6, minimumTransitionArea: 0.35, maximumTransitionArea: 0.55,
    edgeScale: 0.7, edgeContainerAlpha: 0.5, edgeContentAlpha: 0.5)

  /// The default for a 240 dp screen (`ResponsiveTransformationSpec.largeScreen()`).
  public static let largeScreen = ListTransformation(
    minimumElementHeight: 0.15, maximumElementHeight: 0.45, minimumTransitionArea: 0.4, maximumTransitionArea: 0.6,
    edgeScale: 0.6, edgeContainerAlpha: 0.5, edgeContentAlpha: 0.5)

  /// The screen sizes, in dp, the two defaults are given for.
  public static let screenSizes = (small: 192.0, large: 240.0)

  /// Reduce Motion: every item at full scale and alpha, its height unchanged.
  public static let identity = ListTransformation(
    minimumElementHeight: 0.2, maximumElementHeight: 0.6, minimumTransitionArea: 0.35, maximumTransitionArea: 0.55,
    edgeScale: 1, edgeContainerAlpha: 1, edgeContentAlpha: 1, isIdentity: true)

  /// The default transformation for a screen `screenHeight` dp tall: the small screen's at or
  /// below 192 dp, the large one's at or above 240 dp, each value (and the easing's output)
  /// interpolated linearly between; the identity when `reduceMotion`.
  public static func forScreen(heightInDP screenHeight: Double, reduceMotion: Bool) -> ListTransformation {
    if reduceMotion { return .identity }
    let (small, large) = screenSizes
    guard screenHeight > small else { return .smallScreen }
    guard screenHeight < large else { return .largeScreen }
    let t = (screenHeight - small) / (large - small)
    let lerp = { (a: Double, b: Double) in a + (b - a) * t }
    let (s, l) = (smallScreen, largeScreen)
    return ListTransformation(
      minimumElementHeight: lerp(s.minimumElementHeight, l.minimumElementHeight),
      maximumElementHeight: lerp(s.maximumElementHeight, l.maximumElementHeight),
      minimumTransitionArea: lerp(s.minimumTransitionArea, l.minimumTransitionArea),
      maximumTransitionArea: lerp(s.maximumTransitionArea, l.maximumTransitionArea),
      edgeScale: lerp(s.edgeScale, l.edgeScale), edgeContainerAlpha: lerp(s.edgeContainerAlpha, l.edgeContainerAlpha),
      edgeContentAlpha: lerp(s.edgeContentAlpha, l.edgeContentAlpha))
  }

  /// What the transformation does to one item.
  public struct State: Sendable, Equatable {
    /// The scale of the whole item (container and content), about its top centre.
    public var scale: Double
    /// The container's alpha.
    public var containerAlpha: Double
    /// The content's alpha.
    public var contentAlpha: Double
    /// The item's height in the list after the transformation, in pixels
    /// (`ceil(scale × height)`, as `getTransformedHeight`).
    public var transformedHeight: Int
  }

  /// The state of an item `height` px tall whose top is `top` px below the top of a screen
  /// `screenHeight` px tall (negative above it).
  public func state(top: Int, height: Int, screenHeight: Int) -> State {
    guard !isIdentity, screenHeight > 0 else {
      return State(scale: 1, containerAlpha: 1, contentAlpha: 1, transformedHeight: height)
    }
    let viewport = Double(screenHeight)
    let topFraction = Double(top) / viewport
    let bottomFraction = Double(top + height) / viewport
    let eased = Self.easing(transitionProgress(top: topFraction, bottom: bottomFraction))
    let value = { (edge: Double) in edge + (1 - edge) * eased }
    let scale = value(edgeScale)
    return State(
      scale: scale, containerAlpha: value(edgeContainerAlpha), contentAlpha: value(edgeContentAlpha),
      transformedHeight: Int((scale * Double(height)).rounded(.up)))
  }

  /// How far into its transition area (the top one or the bottom one, whichever edge the item
  /// is nearer) the item is: 0 at the screen's edge, 1 at the area's inner line and beyond;
  /// below 0 only for an item wholly off the screen.
  func transitionProgress(top: Double, bottom: Double) -> Double {
    let relativeHeight = bottom - top
    let ratio = Self.clamped((relativeHeight - minimumElementHeight) / (maximumElementHeight - minimumElementHeight))
    let line = min(
      minimumTransitionArea + (maximumTransitionArea - minimumTransitionArea) * ratio, (1 + relativeHeight) / 2)
    return bottom < 1 - top ? min(bottom / line, 1) : min((1 - top) / line, 1)
  }

  static func clamped(_ value: Double) -> Double { min(max(value, 0), 1) }

  /// `CubicBezierEasing(0.3, 0, 0.7, 1)`: the curve's y where its x is `x`, the parameter found
  /// by bisection (Compose solves the same cubic for its root); `x` itself outside 0…1, as
  /// Compose's `transform` returns it.
  ///
  /// - Complexity: O(log(1 / 1e-9)).
  static func easing(_ x: Double) -> Double {
    let (x1, y1, x2, y2) = (0.3, 0.0, 0.7, 1.0)
    let bezier = { (t: Double, p1: Double, p2: Double) -> Double in
      let u = 1 - t
      return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    guard x > 0, x < 1 else { return x }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<64 {
      let middle = (low + high) / 2
      if bezier(middle, x1, x2) < x { low = middle } else { high = middle }
      if high - low < 1e-12 { break }
    }
    return bezier((low + high) / 2, y1, y2)
  }
}
