/// Extra space between a line's grapheme clusters, as CoreText's tracking and SwiftUI's
/// `.tracking(_:)` and `.kerning(_:)` add it: none, a fixed amount, or a table by point size
/// (a font's `trak` table, or Apple's published table for the system font a stand-in replaces).
///
/// It is added after every cluster but a line's last, so a line's width is its shaped advance
/// plus (clusters − 1) × the tracking at its size; the glyphs move by the same amounts, so what
/// is measured is what is drawn.
public indirect enum Tracking: Sendable, Equatable {
  /// No tracking.
  case none
  /// A fixed amount, in pixels (negative tightens).
  case pixels(Double)
  /// An amount by point size, interpolated, plus a fixed amount in pixels (`--kerning`).
  case table(TrackingTable, extraPixels: Double)
  /// A tracking plus a fraction of the size (`--tightening`: the most a line may tighten, as a
  /// negative fraction of the em).
  case plusEm(Tracking, perEm: Double)

  /// The tracking at `size` pixels, in pixels.
  public func pixels(atSize size: Double) -> Double {
    switch self {
    case .none: 0
    case .pixels(let pixels): pixels
    case .table(let table, let extra): table.perEm(atPoints: size / table.pixelsPerPoint) * size + extra
    case .plusEm(let base, let perEm): base.pixels(atSize: size) + perEm * size
    }
  }

  /// This tracking with `pixels` more (`--kerning` over `--tracking`).
  public func adding(_ pixels: Double) -> Tracking {
    guard pixels != 0 else { return self }
    switch self {
    case .none: return .pixels(pixels)
    case .pixels(let base): return .pixels(base + pixels)
    case .table(let table, let extra): return .table(table, extraPixels: extra + pixels)
    case .plusEm(let base, let perEm): return .plusEm(base.adding(pixels), perEm: perEm)
    }
  }
}

/// Tracking by point size: each entry a size in points and the tracking there as a fraction of
/// the em, linear between entries and constant beyond the first and the last (CoreText's
/// interpolation of a `trak` table's sizes).
public struct TrackingTable: Sendable, Equatable {
  /// The sizes, in points, ascending, each with its tracking in ems.
  public var entries: [(points: Double, perEm: Double)]
  /// Pixels per point on the canvas (2 on a watch preset, 1 on a `WxH` canvas).
  public var pixelsPerPoint: Double
  /// Where the table comes from, for reports: `trak` (the font's), or the published table's name.
  public var source: String

  /// A table of `entries` (sorted by size here) at `pixelsPerPoint`.
  public init(entries: [(points: Double, perEm: Double)], pixelsPerPoint: Double, source: String) {
    self.entries = entries.sorted { $0.points < $1.points }
    (self.pixelsPerPoint, self.source) = (pixelsPerPoint > 0 ? pixelsPerPoint : 1, source)
  }

  /// The tracking at `points`, in ems.
  ///
  /// - Complexity: O(*n*) in the entries (a handful).
  public func perEm(atPoints points: Double) -> Double {
    guard let first = entries.first, let last = entries.last else { return 0 }
    if points <= first.points { return first.perEm }
    if points >= last.points { return last.perEm }
    for (lower, upper) in zip(entries, entries.dropFirst()) where points <= upper.points {
      let span = upper.points - lower.points
      guard span > 0 else { return upper.perEm }
      return lower.perEm + (upper.perEm - lower.perEm) * (points - lower.points) / span
    }
    return last.perEm
  }

  /// Apple's published tracking for SF Compact, the watch's system font (Human Interface
  /// Guidelines, Typography): 12 pt +20, 16 pt 0, 19 pt −12, 20 pt 0, 28 pt −12, 36 pt −20,
  /// 96 pt −28, in 1/1000 em.
  public static func sfCompact(pixelsPerPoint: Double) -> TrackingTable {
    TrackingTable(
      entries: [(12, 0.020), (16, 0), (19, -0.012), (20, 0), (28, -0.012), (36, -0.020), (96, -0.028)],
      pixelsPerPoint: pixelsPerPoint, source: "SF Compact (Apple's published table)")
  }

  /// Tables are equal when their entries, scale and source are.
  public static func == (lhs: TrackingTable, rhs: TrackingTable) -> Bool {
    lhs.pixelsPerPoint == rhs.pixelsPerPoint && lhs.source == rhs.source
      && lhs.entries.map(\.points) == rhs.entries.map(\.points) && lhs.entries.map(\.perEm) == rhs.entries.map(\.perEm)
  }
}
