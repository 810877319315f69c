import WordFitCore

/// One string laid out on one canvas in one Dynamic Type size: what `wordfit strings` reports.
public struct StringsRow: Sendable, Equatable, Codable {
  /// The catalog key.
  public var key: String
  /// The language (the catalog's tag).
  public var language: String
  /// The variant (`device.applewatch`, `plural.one` …; empty for a plain string).
  public var variant: String
  /// The exact text laid out.
  public var text: String
  /// The canvas (a watch preset or `WxH`).
  public var canvas: String
  /// The Dynamic Type size.
  public var dynamicType: String
  /// The font the text was laid out in (family, for example `Inter Display`, the system font's
  /// stand-in when SF Compact is not installed).
  public var font: String = ""
  /// The fitted size, in pixels.
  public var size: Double
  /// The fitted size, in points.
  public var points: Double
  /// What limited the size (`maximumSize`, `width`, `height`, `lineLimit`, `minimumSize`).
  public var limit: String
  /// `truncated`, `min-scale`, `illegible` (the preview's words).
  public var problems: [String]
  /// For a string that does not fit at the minimum size: the largest size at which it would,
  /// in pixels, with no minimum.
  public var wouldFitAt: Double? = nil
  /// For such a string: how much narrower it must be to fit at the minimum size, in pixels of
  /// the available width.
  public var overflow: Int? = nil
  /// The same as a percentage of its width: how much shorter a translation must be.
  public var overflowPercent: Double? = nil
  /// The PNG of this row, when it has a problem and images were asked for
  /// (``StringsCheck/imageFolder``).
  public var image: String? = nil
  /// Why the string could not be laid out at all (an empty value, a language that is not a
  /// BCP 47 tag): the row's problem is then `error`, and the other strings are still checked.
  public var error: String? = nil
  /// How long laying it out took, in seconds (JUnit's times; not in the JSON, whose bytes depend
  /// only on the inputs, nor in equality: two checks of one catalog give equal rows).
  public var seconds: Double {
    get { timing.seconds }
    set { timing.seconds = newValue }
  }
  var timing = Timing()

  /// A duration that every other duration equals.
  struct Timing: Sendable, Equatable {
    var seconds = 0.0
    static func == (_: Timing, _: Timing) -> Bool { true }
  }

  private enum CodingKeys: String, CodingKey {
    case key, language, variant, text, canvas, dynamicType, font, size, points, limit, problems, wouldFitAt, overflow,
      overflowPercent, image, error
  }

  /// A row for a string that could not be laid out, with `message` saying why.
  static func failed(key: String, language: String, variant: String, text: String, message: String) -> StringsRow {
    var row = StringsRow(
      key: key, language: language, variant: variant, text: text, canvas: "", dynamicType: "", size: 0, points: 0,
      limit: "", problems: ["error"])
    row.error = message
    return row
  }

  /// Records how far this row is from fitting at its minimum size: `free` is the same layout
  /// fitted with no minimum, `width` the available width in pixels.
  mutating func measureOverflow(free: FitResult, width: Int) {
    guard free.limit != .minimumSize, free.size < size else { return }
    let ratio = size / free.size
    wouldFitAt = free.size
    overflow = Int((Double(width) * (ratio - 1)).rounded(.up))
    overflowPercent = ((1 - 1 / ratio) * 1000).rounded() / 10
  }
}
