/// A parameter of WordFit's layouts, batches and comparisons, as errors name it.
///
/// The library names a parameter by its role (``name``); the `wordfit` tool maps each to its
/// flag and a spec file to its key.
public enum Parameter: String, Sendable, CaseIterable {
  case text, labels, canvas, font, faceIndex, weight, style, maximumSize, minimumScale, sizing, overflow
  case alignment, verticalAlignment, textAlignment, insets, spacing, padding, radius, shape, fill
  case foreground, background, appearance, width, stylePreset, fallback, language, variations, dynamicType
  case scale, minimumLegible, failOn, sheet, bleed
  case jobs, column, colorsBy, colors, nameTemplate, contactSheetCount, dotsPerInch, shard, delimiter
  case outputDirectory, manifest, contactSheet, maximumPixels
  case threshold, maxDiffPixels, maxDiffRatio, maxChannelDelta, recordMode

  /// The parameter in words, for the library's messages (`maximum size`).
  public var name: String {
    switch self {
    case .faceIndex: "face index"
    case .maximumSize: "maximum size"
    case .minimumScale: "minimum scale factor"
    case .verticalAlignment: "vertical alignment"
    case .textAlignment: "text alignment"
    case .foreground: "text colour"
    case .background: "background colour"
    case .stylePreset: "style preset"
    case .jobs: "worker count"
    case .colorsBy: "colour column"
    case .colors: "colour rule"
    case .nameTemplate: "name template"
    case .contactSheetCount: "contact sheet count"
    case .dotsPerInch: "resolution (dots per inch)"
    case .outputDirectory: "output folder"
    case .contactSheet: "contact sheet"
    case .maximumPixels: "pixel limit"
    case .maxDiffPixels: "allowed differing pixels"
    case .maxDiffRatio: "allowed differing ratio"
    case .maxChannelDelta: "maximum channel delta"
    case .recordMode: "record mode"
    case .style: "text style"
    case .dynamicType: "Dynamic Type size"
    case .scale: "preview scale"
    case .minimumLegible: "legibility threshold"
    case .failOn: "failure condition"
    default: rawValue
    }
  }

  /// The parameter's key in a layout spec or `wordfit-check.json`, where it has one.
  public var specKey: String? {
    switch self {
    case .maximumSize: "maxSize"
    case .minimumScale: "minScale"
    case .alignment: "align"
    case .verticalAlignment: "valign"
    case .textAlignment: "textAlign"
    case .foreground: "fg"
    case .background: "bg"
    case .text, .labels, .canvas, .font, .faceIndex, .weight, .style, .sizing, .overflow, .insets, .spacing, .padding,
      .radius, .shape, .fill, .appearance, .width, .stylePreset, .fallback, .language, .variations, .dynamicType,
      .threshold,
      .maxDiffPixels,
      .maxDiffRatio,
      .maxChannelDelta:
      rawValue
    default: nil
    }
  }
}
