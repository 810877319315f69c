/// Colours for the rows whose value in a column matches.
public struct ColorRule: Sendable, Equatable {
  /// The text colour.
  public var foreground: String
  /// The background colour, when the rule sets one.
  public var background: String?

  /// Creates a rule from colour names or hex values.
  public init(foreground: String, background: String? = nil) {
    self.foreground = foreground
    self.background = background
  }

  /// Parses `VALUE=FG[/BG],VALUE=FG[/BG]…` (for example `Speaker=#FF9500,Staff=green/black`).
  ///
  /// - Throws: ``WordFitError`` `.usage` for an entry without `=`.
  public static func parseList(_ text: String) throws -> [String: ColorRule] {
    var rules: [String: ColorRule] = [:]
    for entry in text.split(separator: ",") {
      let pair = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
        throw WordFitError(
          .usage, "--colors entry '\(entry)' is not VALUE=COLOR or VALUE=FG/BG (for example Speaker=#FF9500)")
      }
      let colors = pair[1].split(separator: "/", maxSplits: 1).map(String.init)
      rules[pair[0]] = ColorRule(foreground: colors[0], background: colors.count == 2 ? colors[1] : nil)
    }
    return rules
  }
}

/// Which rows of the input this process renders: those whose 0-based data row index `i`
/// satisfies `i % count == index`.
public struct Shard: Sendable, Equatable {
  /// This shard, 0 ..< count.
  public var index: Int
  /// The number of shards.
  public var count: Int

  /// Every row.
  public static let all = Shard(index: 0, count: 1)

  /// Creates a shard.
  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `K/N` (0 ≤ K < N).
  ///
  /// - Throws: ``WordFitError`` `.usage` otherwise.
  public static func parse(_ text: String) throws -> Shard {
    let parts = text.split(separator: "/").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, count <= 1_000_000,
      (0..<count).contains(index)
    else {
      throw WordFitError(
        .usage, "--shard '\(text)' is not K/N with 0 ≤ K < N (shards count from 0, like JOB_COMPLETION_INDEX)")
    }
    return Shard(index: index, count: count)
  }

  /// Whether data row `rowIndex` (0-based) belongs to this shard.
  public func contains(_ rowIndex: Int) -> Bool { rowIndex % count == index }
}

/// Everything `wordfit batch` is asked.
public struct BatchOptions: Sendable {
  /// The CSV file, or `-` for standard input.
  public var input: String
  /// The folder PNGs are written to (created when missing).
  public var outputDirectory: String
  /// The layout every row is rendered with; its text is replaced by the row's.
  public var spec: RenderSpec
  /// The text column: a header name, or a 1-based index; `nil` picks `name`, else the first.
  public var column: String? = nil
  /// Whether the first record is a header.
  public var hasHeader = true
  /// The column whose value picks a ``ColorRule``.
  public var colorsBy: String? = nil
  /// Colours by value of ``colorsBy``; values not listed keep the spec's colours.
  public var colorRules: [String: ColorRule] = [:]
  /// The file name template; `nil` gives `{id}-{slug}.png` with an `id` column, else `{row}-{slug}.png`.
  public var nameTemplate: String? = nil
  /// Whether rows whose file already exists are skipped (to resume an interrupted batch).
  public var skipsExisting = false
  /// Where the JSON Lines manifest goes, if anywhere.
  public var manifestPath: String? = nil
  /// Where the contact sheet goes, if anywhere.
  public var contactSheetPath: String? = nil
  /// How many badges the contact sheet shows.
  public var contactSheetCount = 48
  /// Worker threads, each with its own FreeType library and fonts.
  public var jobs = 1
  /// Which rows this process renders.
  public var shard = Shard.all
  /// PNG settings (`dotsPerInch` writes a pHYs chunk).
  public var pngSettings = PNGSettings()

  /// Options with defaults for `input`, `outputDirectory` and a base `spec`.
  public init(input: String, outputDirectory: String, spec: RenderSpec) {
    self.input = input
    self.outputDirectory = outputDirectory
    self.spec = spec
  }
}
