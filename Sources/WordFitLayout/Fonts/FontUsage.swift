import Foundation
import WordFitText

/// A font a rendering drew with, as `--json` and the PNG text chunks name it.
public struct FontUsage: Sendable, Equatable, Encodable {
  /// The family, for example `Noto Sans CJK SC`.
  public var family: String
  /// The style, for example `Bold`.
  public var style: String
  /// The version string from the font's `name` table.
  public var version: String
  /// The font file.
  public var file: String
  /// The face's index in a font collection (`.ttc`, `.otc`), or `nil` for a single font file.
  public var faceIndex: Int?
  /// A variable font's axis values (`wght=700`), or `nil` for a static font.
  public var variations: String?
  /// Whether it draws in colour (emoji).
  public var color: Bool

  /// Describes `font`.
  public init(_ font: Font) {
    family = font.familyName
    style = font.styleName
    version = font.version
    file = font.path
    faceIndex = font.isCollectionFile || font.faceIndex > 0 ? font.faceIndex : nil
    variations = font.axes.isEmpty ? nil : font.variationSummary
    color = font.isColor
  }

  /// `family style; version; file[; face N][; axes]`, for a PNG text chunk.
  public var summary: String {
    (["\(family) \(style)", version, file] + (faceIndex.map { ["face \($0)"] } ?? [])
      + (variations.map { [$0] } ?? [])).joined(separator: "; ")
  }
}

extension FontCascade {
  /// The fonts `lines` draw with, the primary first, and for each line the indices (into that
  /// list) of the fonts it uses.
  func usage(of lines: [ShapedText]) -> (fonts: [FontUsage], lineFonts: [[Int]]) {
    var used: [Int] = [0]
    for line in lines { for index in line.fonts where !used.contains(index) { used.append(index) } }
    let lineFonts = lines.map { line in line.fonts.compactMap { used.firstIndex(of: $0) } }
    return (used.map { FontUsage(fonts[$0]) }, lineFonts)
  }
}
