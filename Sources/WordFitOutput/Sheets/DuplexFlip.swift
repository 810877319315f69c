import WordFitCore

/// How a duplex printer turns the sheet over between its sides: about the page's long edge
/// or its short edge (PostScript's `Tumble` false and true for a portrait page).
///
/// WordFit places each back so that it lies behind its front and reads upright when the cut
/// badge is turned over side to side (about its vertical axis, as a badge on a lanyard turns).
/// When the sheet turns side to side too (long edge of a portrait page, short edge of a
/// landscape one), a back goes at the front's place mirrored left to right, upright; when the
/// sheet turns top over bottom, at the place mirrored top to bottom, turned 180°.
public enum DuplexFlip: String, Sendable, CaseIterable {
  /// The sheet turns about its long edge (the usual duplex; a portrait page turns side to side).
  case longEdge = "long"
  /// The sheet turns about its short edge (a portrait page turns top over bottom).
  case shortEdge = "short"

  /// Whether a page of `width` × `height` turns side to side (about a vertical axis); a square
  /// page counts as portrait.
  public func turnsSideways(pageWidth width: Int, height: Int) -> Bool {
    (self == .longEdge) == (height >= width)
  }

  /// Reads `long` or `short`.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming the choices.
  public static func parse(_ text: String) throws -> DuplexFlip {
    guard let flip = DuplexFlip(rawValue: text.lowercased()) else {
      throw WordFitError.notOneOf(.flip, text, choices: allCases.map(\.rawValue))
    }
    return flip
  }
}
