import Foundation
import WordFitCore
import WordFitDrawing
import WordFitImage
import WordFitText

/// Renders specs of either kind, sharing one set of fonts. Not thread-safe: one per thread.
public final class LayoutRenderer {
  private let words: WordStackRenderer
  private let stacks: StackRenderer

  /// Creates a renderer.
  public init() {
    let fonts = FontCache()
    words = WordStackRenderer(fonts: fonts)
    stacks = StackRenderer(fonts: fonts)
  }

  /// Renders `spec` with the engine of its kind (a stack with scroll positions as its list).
  public func render(_ spec: LayoutSpec) throws -> any RenderedImage {
    switch spec {
    case .words(let spec): try words.render(spec)
    case .stack(let spec) where spec.scroll != nil: try stacks.renderScroll(spec)
    case .stack(let spec): try stacks.render(spec)
    }
  }

  /// Renders `spec` as ``render(_:)`` does, with the drawing its pixels were painted from (every
  /// layout kind makes one).
  ///
  /// - Throws: as ``render(_:)``.
  package func renderDrawn(_ spec: LayoutSpec) throws -> (rendering: any RenderedImage, drawing: Drawing) {
    switch spec {
    case .words(let spec): try words.renderDrawn(spec)
    case .stack(let spec): try stacks.renderDrawn(spec)
    }
  }
}
