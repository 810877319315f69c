import WordFitCore
import WordFitLayout

extension LayoutSpec {
  /// Puts the layout on `canvas` in Dynamic Type size `category`.
  mutating func setCanvas(_ canvas: String, category: ContentSizeCategory) {
    fields.canvas = canvas
    fields.dynamicType = category
  }

  /// The layout fields of either kind.
  var fields: LayoutFields {
    get {
      switch self {
      case .words(let spec): spec.fields
      case .stack(let spec): spec.fields
      }
    }
    set {
      switch self {
      case .words(var spec):
        spec.fields = newValue
        self = .words(spec)
      case .stack(var spec):
        spec.fields = newValue
        self = .stack(spec)
      }
    }
  }

  /// The shared layout parameters, checked.
  func resolvedLayout() throws -> ResolvedLayout {
    switch self {
    case .words(let spec): try spec.validated()
    case .stack(let spec): try spec.validated().layout
    }
  }

  /// What one line is called in messages.
  var lineNoun: String {
    switch self {
    case .words: "line"
    case .stack: "box"
    }
  }

  /// The fit of a rendering of this layout.
  func fit(of rendering: any RenderedImage) -> FitResult? {
    (rendering as? Rendering)?.layout.fit ?? (rendering as? StackRendering)?.layout.fit
  }
}
