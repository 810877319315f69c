import WordFitCore

/// A primary font and the fonts that draw what it lacks, as CoreText's cascade list does: each
/// grapheme cluster is drawn by the primary font when it has every character of it, otherwise
/// by the best fallback font that has them all, and emoji by a colour font.
///
/// A line is split into runs of one direction (FriBidi), each run into items of one font, and
/// each item is shaped by its font's HarfBuzz; items sit side by side in visual order. Fallback
/// choices are kept per cluster and fonts opened once, so a batch pays for each new script
/// once. Not thread-safe, like ``Font``: one cascade per thread.
public final class FontCascade {
  /// Where the cascade finds fonts for what the primary font lacks.
  public enum Fallback {
    /// fontconfig, per cluster (see ``FontLocator/fallback(for:language:preferringColor:weight:italic:)``).
    case automatic
    /// None: what the primary font lacks is drawn as its `.notdef` box.
    case none
    /// These fonts, tried in order.
    case fonts([Font])
    /// Fonts tried in order, each opened only when a cluster reaches it (the others are never
    /// opened): each opener returns the font and a warning about it, or throws.
    case openers([() throws -> (font: Font, warning: String?)])
  }

  /// The font asked for; index 0 of ``fonts``.
  public var primary: Font { fonts[0] }
  /// Every font the cascade has drawn with or may draw with, the primary first; glyphs name
  /// their font by its index here (``ShapedText/Glyph/font``).
  public private(set) var fonts: [Font]
  /// The language of the text (BCP 47, such as `sr` or `zh-CN`) for shaping and for choosing
  /// fallback fonts, or `nil`.
  public let language: String?

  private let automatic: Bool
  /// Listed fallback fonts not opened yet (``Fallback/openers(_:)``), in list order; an entry
  /// becomes `nil` once opened or found unopenable, and `listed` then holds its index in
  /// ``fonts`` (or `nil`).
  private var openers: [(() throws -> (font: Font, warning: String?))?] = []
  private var listed: [Int?] = []
  private var choices: [String: (font: Int, reason: ClusterFont.Reason)] = [:]
  private var needsItemizing: [Unicode.Scalar: Bool] = [:]
  private var opened: [FontDescription: Int] = [:]
  private var unopenable: Set<FontDescription> = []
  private var shapings: [DesignShapingKey: DesignShaping] = [:]
  /// The last text shaped and its shaping: a fit measures one text at several sizes in a row,
  /// and this answers them without hashing the text or looking at its characters again.
  private var lastShaping: (key: DesignShapingKey, shaping: DesignShaping)? = nil
  private var problems: [String] = []

  /// Cluster choices kept before that cache is emptied.
  static let choiceCacheLimit = 65_536

  /// A cascade over `primary` with `fallback`, shaping for `language`.
  public init(primary: Font, fallback: Fallback = .automatic, language: String? = nil) {
    fonts = [primary]
    self.language = language
    switch fallback {
    case .automatic: automatic = true
    case .none: automatic = false
    case .fonts(let list):
      automatic = false
      fonts.append(contentsOf: list)
      listed = list.indices.map { $0 + 1 }
      openers = list.map { _ in nil }
    case .openers(let list):
      automatic = false
      openers = list
      listed = list.map { _ in nil }
    }
  }

  /// Shapes `text` on one line at `size` pixels (rounded down to the 1/64 px grid), each cluster
  /// in its font, exactly as it is drawn (see ``Font/shape(_:atSize:direction:)``).
  ///
  /// - Complexity: O(*n*) in the text's length; a text is itemized and shaped once.
  ///
  /// With `tracking` (px, rounded to 1/64) each cluster but the first moves that much further.
  public func shape(
    _ text: String, atSize size: Double, direction: LineDirection? = nil, tracking: Double = 0
  ) -> ShapedText {
    let units = Swift.max(1, Int((size * 64).rounded(.down)))
    return ShapedText.lay(
      designShaping(text, direction: direction, units: units), text: text, fonts: fonts, units: units,
      tracking: Self.trackingUnits(tracking))
  }

  /// Tracking in 26.6 px, bounded to ±1,000 px (no text is tracked further; a bad value cannot
  /// overflow the pen).
  package static func trackingUnits(_ pixels: Double) -> Int {
    guard pixels.isFinite else { return 0 }
    return Int((Swift.min(1_000, Swift.max(-1_000, pixels)) * 64).rounded())
  }

  /// The metrics of `text` shaped at `size` pixels: those of ``shape(_:atSize:direction:tracking:)``,
  /// without keeping the glyphs.
  public func metrics(
    of text: String, atSize size: Double, direction: LineDirection? = nil, tracking: Double = 0
  ) -> WordMetrics {
    let units = Swift.max(1, Int((size * 64).rounded(.down)))
    return ShapedText.lay(
      designShaping(text, direction: direction, units: units), text: text, fonts: fonts, units: units,
      tracking: Self.trackingUnits(tracking), collectsGlyphs: false
    ).metrics
  }

  /// For each grapheme cluster of `text`, the font that draws it and why.
  ///
  /// - Complexity: O(*n*) in the text's length, plus one fontconfig look-up per new cluster.
  public func explain(_ text: String) -> [ClusterFont] {
    text.map { character in
      let cluster = String(character)
      let (index, reason) = choice(for: cluster)
      let font = fonts[index]
      return ClusterFont(
        cluster: cluster, codePoints: Array(cluster.unicodeScalars),
        font: FontDescription(
          path: font.path, faceIndex: font.faceIndex, family: font.familyName, style: font.styleName,
          isColor: font.isColor),
        reason: reason)
    }
  }

  /// Takes the problems recorded since the last call: fallback fonts that could not be opened,
  /// and what each font reported while measuring or drawing.
  public func takeProblems() -> [String] {
    defer { problems.removeAll() }
    var all = problems
    for font in fonts { all.append(contentsOf: font.takeProblems().filter { !all.contains($0) }) }
    return all
  }

  // MARK: Shaping

  func designShaping(_ text: String, direction: LineDirection?, units: Int? = nil) -> DesignShaping {
    if let units { primary.followOpticalSize(units) }
    let key = DesignShapingKey(
      text: text, direction: direction, language: language, opticalSize: primary.currentOpticalSize)
    if let last = lastShaping, last.key == key { return last.shaping }
    let shaping: DesignShaping
    if !text.unicodeScalars.contains(where: needsItemizing) {
      shaping = primary.designShaping(text, direction: direction, language: language, units: units)
    } else if let known = shapings[key] {
      shaping = known
    } else {
      if shapings.count >= Font.shapingCacheLimit { shapings.removeAll(keepingCapacity: true) }
      shaping = itemizedShaping(text, direction: direction)
      shapings[key] = shaping
    }
    lastShaping = (key, shaping)
    return shaping
  }

  private func itemizedShaping(_ text: String, direction: LineDirection?) -> DesignShaping {
    let bidi = BidiRuns(text, base: direction)
    var runs: [DesignShaping.Run] = []
    var scripts: [String] = []
    var missing: [Unicode.Scalar] = []
    for run in bidi.runs {
      let items = itemize(run.text)
      for item in run.direction == .rightToLeft ? items.reversed() : items {
        let itemText = String(run.text[item.range])
        let script = item.script != 0 ? item.script : run.context
        guard
          let shaped = fonts[item.font].shaper?.shape(
            itemText, direction: run.direction, language: language, script: script)
        else { continue }
        if !scripts.contains(shaped.script) { scripts.append(shaped.script) }
        let utf8 = Array(itemText.utf8)
        DesignShaping.collectMissing(shaped.glyphs, utf8: utf8, into: &missing)
        runs.append(
          DesignShaping.Run(
            glyphs: shaped.glyphs, utf8: utf8, font: item.font, direction: run.direction, language: language,
            script: script))
      }
    }
    return DesignShaping(runs: runs, direction: bidi.direction, scripts: scripts, missingCharacters: missing)
  }

  /// `text` split into items of one font and one script, in logical order, each with the script
  /// of the script run it lies in (UAX #24: Common and Inherited characters take their
  /// neighbours'), or 0 when the run has none. A font item of only Common characters (a price in
  /// a fallback font between Hebrew words) is shaped as its neighbours' script, not as Common.
  ///
  /// - Complexity: O(*n*) in the code points.
  private func itemize(_ text: String) -> [(font: Int, range: Range<String.Index>, script: UInt32)] {
    let scripts = ScriptRuns.split(text).map { range in
      (range: range, script: text[range].unicodeScalars.lazy.compactMap(ScriptRuns.script(of:)).first ?? 0)
    }
    var items: [(font: Int, range: Range<String.Index>, script: UInt32)] = []
    var next = 0
    for item in itemizeByFont(text) {
      while next < scripts.count, scripts[next].range.upperBound <= item.range.lowerBound { next += 1 }
      var index = next
      while index < scripts.count, scripts[index].range.lowerBound < item.range.upperBound {
        let lower = Swift.max(item.range.lowerBound, scripts[index].range.lowerBound)
        let upper = Swift.min(item.range.upperBound, scripts[index].range.upperBound)
        if lower < upper { items.append((item.font, lower..<upper, scripts[index].script)) }
        index += 1
      }
    }
    return items
  }

  /// `text` split into items of one font, in logical order.
  private func itemizeByFont(_ text: String) -> [(font: Int, range: Range<String.Index>)] {
    var items: [(font: Int, range: Range<String.Index>)] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      let font = choice(for: String(text[index..<next])).font
      if let last = items.last, last.font == font {
        items[items.count - 1].range = last.range.lowerBound..<next
      } else {
        items.append((font, index..<next))
      }
      index = next
    }
    return items
  }

  /// Whether a scalar sends its text through itemizing: the primary font lacks it, or it asks
  /// for an emoji presentation.
  private func needsItemizing(_ scalar: Unicode.Scalar) -> Bool {
    if let known = needsItemizing[scalar] { return known }
    let needs =
      scalar.properties.isEmojiPresentation || scalar.value == 0xFE0F
      || (primary.glyphIndex(for: scalar) == 0 && !scalar.properties.isDefaultIgnorableCodePoint)
    if needsItemizing.count < Self.choiceCacheLimit { needsItemizing[scalar] = needs }
    return needs
  }

  // MARK: Choosing fonts

  private func choice(for cluster: String) -> (font: Int, reason: ClusterFont.Reason) {
    if let known = choices[cluster] { return known }
    let made = makeChoice(for: cluster)
    if choices.count >= Self.choiceCacheLimit { choices.removeAll(keepingCapacity: true) }
    choices[cluster] = made
    return made
  }

  private func makeChoice(for cluster: String) -> (font: Int, reason: ClusterFont.Reason) {
    let scalars = Array(cluster.unicodeScalars)
    let visible = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
    guard !visible.isEmpty else { return (0, .primary) }
    let emoji = Self.wantsEmoji(scalars)
    if emoji, let index = fallbackFont(for: visible, color: true), fonts[index].isColor { return (index, .emoji) }
    if covers(0, visible) { return (0, .primary) }
    if let index = fallbackFont(for: visible, color: emoji) { return (index, emoji ? .emoji : .fallback) }
    return (0, .uncovered)
  }

  /// Whether a cluster asks to be drawn as an emoji: its first character has an emoji
  /// presentation, or a U+FE0F variation selector asks for one (U+FE0E asks for text).
  static func wantsEmoji(_ scalars: [Unicode.Scalar]) -> Bool {
    guard !scalars.contains(where: { $0.value == 0xFE0E }) else { return false }
    return scalars.first?.properties.isEmojiPresentation == true || scalars.contains { $0.value == 0xFE0F }
  }

  /// The first listed fallback font covering `scalars`, or fontconfig's best for them.
  private func fallbackFont(for scalars: [Unicode.Scalar], color: Bool) -> Int? {
    if !automatic {
      return listed.indices.lazy.compactMap { self.listedFont($0) }.first {
        self.covers($0, scalars) && (!color || self.fonts[$0].isColor)
      }
    }
    guard
      let found = FontLocator.fallback(
        for: scalars, language: language, preferringColor: color, weight: primary.weightClass,
        italic: primary.isItalic), let index = open(found), covers(index, scalars)
    else { return nil }
    return index
  }

  /// The index in ``fonts`` of listed fallback font `position`, opening it the first time a
  /// cluster reaches it; `nil` when it cannot be opened (reported once).
  private func listedFont(_ position: Int) -> Int? {
    guard let opener = openers[position] else { return listed[position] }
    openers[position] = nil
    do {
      let (font, warning) = try opener()
      fonts.append(font)
      listed[position] = fonts.count - 1
      if let warning { problems.append(warning) }
    } catch {
      problems.append(
        "fallback font \(position + 1) could not be opened (\(error)); characters it has are drawn from other fonts or as boxes"
      )
    }
    return listed[position]
  }

  private func covers(_ index: Int, _ scalars: [Unicode.Scalar]) -> Bool {
    scalars.allSatisfy { fonts[index].glyphIndex(for: $0) != 0 }
  }

  /// The index of a fallback font, opening it the first time.
  private func open(_ description: FontDescription) -> Int? {
    if let known = opened[description] { return known }
    if description.path == primary.path && description.faceIndex == primary.faceIndex { return 0 }
    guard !unopenable.contains(description), fonts.count <= InputLimits.fallbackFonts else { return nil }
    do {
      let font = try Font(contentsOf: description.path, faceIndex: description.faceIndex, hinting: primary.hinting)
      fonts.append(font)
      opened[description] = fonts.count - 1
      return fonts.count - 1
    } catch {
      unopenable.insert(description)
      problems.append(
        "fallback font \(description.path) could not be opened (\(error)); characters it has are drawn from other fonts or as boxes"
      )
      return nil
    }
  }
}

extension FontCascade: WordMeasuring {
  /// The advance of `text` in ems as shaped (each font's units over its units per em): the
  /// fitting search's first estimate.
  public func unscaledAdvance(of text: String) -> Double {
    designShaping(text, direction: nil).advanceEms { self.fonts[$0].unitsPerEm }
  }

  /// The primary font's line metrics at `size` pixels (a line drawn partly in fallback fonts
  /// carries its own, in its ``WordMetrics``).
  public func lineMetrics(atSize size: Double) -> LineMetrics { primary.lineMetrics(atSize: size) }

  /// The metrics of `text` shaped at `size` pixels: exactly what ``shape(_:atSize:direction:tracking:)``
  /// draws.
  public func metrics(of text: String, atSize size: Double) -> WordMetrics {
    shape(text, atSize: size).metrics
  }
}
