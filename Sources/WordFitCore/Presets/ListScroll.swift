/// A Wear OS list scrolled to one position: where each item sits and how it is transformed
/// (``ListTransformation``), measured outward from the item under the screen's centre as
/// `TransformingLazyColumn` measures — items below it placed downward, each below the last one's
/// transformed height, items above it upward.
public struct ListScroll: Sendable, Equatable {
  /// One item at this position.
  public struct Placement: Sendable, Equatable {
    /// The item's index in the list.
    public var index: Int
    /// The top of the item's slot, in pixels from the screen's top (negative above it).
    public var top: Int
    /// The item's height before the transformation, in pixels.
    public var height: Int
    /// What the transformation does to it here.
    public var state: ListTransformation.State
    /// Whether any of its transformed slot is on the screen.
    public var isOnScreen: Bool
  }

  /// Every item, in list order.
  public var placements: [Placement]

  /// The list's geometry: item heights, the space between items and the padding above the
  /// first and below the last, all in pixels, on a screen `screenHeight` px tall.
  public struct List: Sendable, Equatable {
    /// The items' heights, top to bottom.
    public var heights: [Int]
    /// The space between two items.
    public var spacing: Int
    /// The padding above the first item and below the last.
    public var padding: Int
    /// The screen's height.
    public var screenHeight: Int

    /// Creates a list of items `heights` px tall, `spacing` px apart, `padding` px from its ends,
    /// on a screen `screenHeight` px tall.
    public init(heights: [Int], spacing: Int, padding: Int, screenHeight: Int) {
      (self.heights, self.spacing, self.padding, self.screenHeight) = (heights, spacing, padding, screenHeight)
    }

    /// How far the list scrolls: its untransformed height less the screen's, at least 0.
    public var scrollRange: Int {
      let content = 2 * padding + heights.reduce(0, +) + spacing * max(heights.count - 1, 0)
      return max(content - screenHeight, 0)
    }

    /// `count` scroll offsets evenly from the top (0) to the end (``scrollRange``), rounded to
    /// whole pixels; one offset, 0, when `count` is 1.
    public func offsets(count: Int) -> [Int] {
      guard count > 1 else { return [0] }
      return (0..<count).map { Int((Double(scrollRange) * Double($0) / Double(count - 1)).rounded()) }
    }
  }

  /// `list` scrolled `offset` px from its top, transformed by `transformation`.
  ///
  /// - Complexity: O(*n*) for *n* items.
  public init(_ list: List, offset: Int, transformation: ListTransformation) {
    let count = list.heights.count
    var slots: [Int] = []
    var next = list.padding - offset
    for height in list.heights {
      slots.append(next)
      next += height + list.spacing
    }
    let centre = list.screenHeight / 2
    let anchor = slots.lastIndex { $0 <= centre } ?? 0
    let screen = list.screenHeight
    var placements = [Placement?](repeating: nil, count: count)
    func place(_ index: Int, top: Int, state: ListTransformation.State) {
      let bottom = top + state.transformedHeight
      placements[index] = Placement(
        index: index, top: top, height: list.heights[index], state: state, isOnScreen: bottom > 0 && top < screen)
    }
    if count > 0 {
      let state = transformation.state(top: slots[anchor], height: list.heights[anchor], screenHeight: screen)
      place(anchor, top: slots[anchor], state: state)
      var below = slots[anchor] + state.transformedHeight + list.spacing
      for index in (anchor + 1)..<count {
        let state = transformation.state(top: below, height: list.heights[index], screenHeight: screen)
        place(index, top: below, state: state)
        below += state.transformedHeight + list.spacing
      }
      var above = slots[anchor] - list.spacing
      for index in stride(from: anchor - 1, through: 0, by: -1) {
        let height = list.heights[index]
        let state = transformation.state(top: above - height, height: height, screenHeight: screen)
        place(index, top: above - state.transformedHeight, state: state)
        above -= state.transformedHeight + list.spacing
      }
    }
    self.placements = placements.compactMap { $0 }
  }
}
