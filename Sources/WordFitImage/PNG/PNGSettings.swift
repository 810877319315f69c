import CPNG
import Foundation
import WordFitCore

/// How WordFit encodes PNGs.
public struct PNGSettings: Sendable, Equatable {
  /// A row filter (libpng writer only; WordFit's writer always uses none).
  public enum Filter: Sendable, Equatable {
    /// No filtering; for anti-aliased text on a flat background it compresses as well as
    /// adaptive filtering at about half the time (see `Benchmarks/RESULTS.md`).
    case none
    /// libpng's adaptive choice per row among all five filters.
    case adaptive
    /// The Sub filter on every row.
    case sub
    /// The Up filter on every row.
    case up
  }

  /// zlib's match strategy (libpng writer only).
  public enum Strategy: Sendable, Equatable {
    /// zlib's default string matching.
    case `default`
    /// Run-length matches only (distance 1).
    case runLength
    /// Huffman coding only, no matching.
    case huffmanOnly
    /// Tuned for filtered data.
    case filtered
  }

  /// Which writer produces the file.
  public enum Encoder: Sendable, Equatable {
    /// WordFit's own chunk writer (`png_writer.c`): filter none; the rows go through one
    /// libdeflate call at `level` (1 … 12). No zlib.
    ///
    /// Level 0 replaces libdeflate with WordFit's run matcher, which compares each byte only
    /// with the pixel to its left and the pixel above: several times faster on flat-colour
    /// images such as badges, larger files on detailed ones (see `Benchmarks/RESULTS.md`).
    case wordfit(level: Int)
    /// libpng with zlib at `level` (0 … 9), the given filter and strategy: the reference writer
    /// that tests and benchmarks compare WordFit's own with.
    case libpng(level: Int, filter: Filter, strategy: Strategy)
  }

  /// The writer and its settings.
  public var encoder: Encoder
  /// Physical resolution in dots per inch for a pHYs chunk, or `nil` for none.
  public var dotsPerInch: Int?

  /// WordFit's default writer: its own with the run matcher (level 0). Text on flat colour is
  /// what WordFit draws; on a 45mm badge it encodes ~4× faster than libdeflate level 5, and
  /// smaller (see `Benchmarks/RESULTS.md`). Preview sheets prefer level 5.
  public static let defaultEncoder = Encoder.wordfit(level: 0)

  /// Settings with an encoder (default: ``defaultEncoder``) and an optional resolution.
  public init(encoder: Encoder = PNGSettings.defaultEncoder, dotsPerInch: Int? = nil) {
    self.encoder = encoder
    self.dotsPerInch = dotsPerInch
  }
}
