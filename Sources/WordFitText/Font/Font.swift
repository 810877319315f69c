import CFreeType
import Foundation
import WordFitCore

/// A scalable font face loaded with FreeType, with the glyph caches WordFit measures and draws
/// with.
///
/// A `Font` owns its FreeType library and face and frees them when it goes away. It is not
/// thread-safe: use one `Font` per thread (open the same file again on another thread).
public final class Font {
  /// The file the face was loaded from.
  public let path: String
  /// The face's index in a collection (`.ttc`), 0 for a single font.
  public let faceIndex: Int
  /// Whether the file is a font collection by its extension (`.ttc`, `.otc`).
  package let isCollectionFile: Bool
  /// The family name, for example `DejaVu Sans`.
  public let familyName: String
  /// The style name, for example `Bold`.
  public let styleName: String
  /// The font's version string from its `name` table, for example `Version 2.37`.
  public let version: String
  /// Font design units per em.
  public let unitsPerEm: Int
  /// How glyphs are fitted to the pixel grid when measured and drawn.
  public let hinting: Hinting
  /// Whether the font draws in colour (emoji: CBDT/sbix bitmaps or COLR layers). Its glyphs
  /// are drawn in their own colours, unhinted, at whole-pixel positions.
  public let isColor: Bool
  /// The OpenType weight class (100 thin … 400 regular … 900 black): of a variable font, its
  /// `wght` axis as set (the OS/2 class is the default instance's, so a bold instance of the
  /// default font asked fontconfig for regular fallback fonts); else the face's OS/2 class.
  public var weightClass: Int {
    if let weight = axes.first(where: { $0.tag == "wght" }) { return Int(weight.value.rounded()) }
    return designWeightClass
  }
  /// The face's OS/2 weight class.
  private let designWeightClass: Int
  /// Whether the face is italic or oblique.
  public let isItalic: Bool
  /// Points per pixel when the `opsz` axis follows the size (set by renderers for a variable font
  /// with an `opsz` axis), `nil` otherwise.
  public internal(set) var opticalSizeScale: Double? = nil
  /// A variable font's axes and the values they are set to (empty for a static font).
  public internal(set) var axes: [VariationAxis] = []
  /// For a font of colour bitmaps only (Noto Color Emoji), the pixels per em of the strike its
  /// glyphs are scaled from; `nil` for a scalable font.
  public let strikePixelsPerEm: Int?

  private let library: FreeTypeLibrary
  let face: wf_face
  private let ascenderUnits: Int
  private let descenderUnits: Int
  private let heightUnits: Int
  /// The cap height in font units (OS/2 `sCapHeight`, else the top of "H"; 0 when neither).
  private let capHeightUnits: Int
  private var currentUnits = -1
  /// The `opsz` value the face and shaper are set to, when it follows the size.
  var currentOpticalSize: Double? = nil
  private var glyphIndices: [Unicode.Scalar: UInt32] = [:]
  private var boxes = GlyphBoxCache()
  /// Whether unhinted glyph boxes are scaled from font units (``scaledDesignBox(of:units:phase:)``):
  /// a static TrueType face.
  let scalesDesignBoxes: Bool
  /// Glyphs' outline boxes in font units by glyph index, loaded once each (``designBox(of:)``).
  var designBoxes: [DesignBox] = []
  /// The face's scales (16.16) at a size in 1/64 px, for the last size asked.
  var designScales: (units: Int, x: Int, y: Int) = (-1, 0, 0)
  private var bitmaps: [GlyphKey: GlyphBitmap?] = [:]
  private var bitmapBytes = 0
  private var problems: [String] = []
  private var shapings: [DesignShapingKey: DesignShaping] = [:]
  /// HarfBuzz over this face; freed before the face (see `deinit`).
  private(set) var shaper: Shaper?
  /// Positions HarfBuzz gave when shaping a run at a size (``scaledPositions(of:units:)``).
  var scaledPositionCache: [ScaledPositionsKey: [ScaledPosition]?] = [:]

  /// Texts whose shaping is kept before that cache is emptied.
  static let shapingCacheLimit = 4_096

  /// `text` shaped at the design scale, from the cache when it was shaped before.
  ///
  /// A font whose `opsz` axis follows the size (``opticalSizeScale``) shapes at the optical size
  /// of `units` (1/64 px), and keeps one shaping per optical size.
  func designShaping(
    _ text: String, direction: LineDirection?, language: String? = nil, units: Int? = nil
  ) -> DesignShaping {
    if let units { followOpticalSize(units) }
    let key = DesignShapingKey(text: text, direction: direction, language: language, opticalSize: currentOpticalSize)
    if let known = shapings[key] { return known }
    if shapings.count >= Self.shapingCacheLimit { shapings.removeAll(keepingCapacity: true) }
    let fresh = DesignShaping(text, direction: direction, shaper: shaper, language: language)
    shapings[key] = fresh
    return fresh
  }

  /// Bytes of glyph bitmaps kept before that cache is emptied.
  static let bitmapCacheByteLimit = 4 << 20

  /// The largest face index (FreeType keeps face indices in 16 bits).
  public static let maximumFaceIndex = 0xFFFF

  /// The FreeType version this font was loaded with, for example `2.12.1`.
  public var freeTypeVersion: String { library.version }

  /// Loads face `faceIndex` of the font file at `path` (TrueType, OpenType, or a collection).
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when the file does not exist or cannot be read;
  ///   `.invalidData` when it is not a scalable font FreeType can read; `.usage` for a face
  ///   index the collection does not have.
  ///
  /// - Parameter variations: values for a variable font's axes by tag (`["wght": 650]`), in
  ///   design units; each is clamped to its axis's range, and tags the font has no axis for are
  ///   ignored (both reported by ``takeProblems()``). Outlines (FreeType) and shaped advances
  ///   (HarfBuzz) both follow them.
  public init(
    contentsOf path: String, faceIndex: Int = 0, hinting: Hinting = .none, variations: [String: Double] = [:]
  ) throws {
    self.hinting = hinting
    guard (0...Self.maximumFaceIndex).contains(faceIndex) else {
      throw WordFitError.outOfRange(.faceIndex, faceIndex, range: "0…\(Self.maximumFaceIndex)")
    }
    let size = try InputFile.checkRegularFile(path, role: "font file")
    guard size <= InputLimits.fontFileBytes else {
      throw InputFile.tooLarge(path, role: "font file", limit: InputLimits.fontFileBytes)
    }
    let library = try FreeTypeLibrary()
    let face = try Self.openFace(library, path: path, faceIndex: faceIndex)
    var (unitsPerEm, ascender, descender, height): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    wf_ft_face_metrics(face, &unitsPerEm, &ascender, &descender, &height)
    let strike: Int?
    do {
      strike = try Self.colorStrike(of: face, path: path)
    } catch {
      wf_ft_done_face(face)
      throw error
    }
    guard wf_ft_is_scalable(face) != 0 || strike != nil, unitsPerEm > 0 else {
      wf_ft_done_face(face)
      throw WordFitError(
        .invalidData,
        "font file \(path) has no scalable outlines (and no colour bitmaps); WordFit needs a TrueType or OpenType font")
    }
    isColor = wf_ft_has_color(face) != 0
    scalesDesignBoxes = hinting == .none && wf_ft_scales_design_outlines(face) != 0 && strike == nil
    designWeightClass = Int(wf_ft_weight_class(face))
    isItalic = wf_ft_is_italic(face) != 0
    strikePixelsPerEm = strike
    self.library = library
    self.face = face
    self.path = path
    self.faceIndex = faceIndex
    isCollectionFile = ["ttc", "otc"].contains(PathText.pathExtension(path).lowercased())
    familyName = String(cString: wf_ft_family_name(face)).nonEmpty ?? "unknown"
    styleName = String(cString: wf_ft_style_name(face)).nonEmpty ?? "unknown"
    var buffer = [CChar](repeating: 0, count: 256)
    let length = wf_ft_sfnt_name(face, 5, &buffer, buffer.count)
    version = length > 0 ? cString(buffer) : "unknown"
    self.unitsPerEm = Int(unitsPerEm)
    ascenderUnits = Int(ascender)
    descenderUnits = Int(descender)
    heightUnits = Int(height)
    capHeightUnits = Int(wf_ft_cap_height(face))
    shaper = Shaper(face: UnsafeMutableRawPointer(face))
    guard shaper != nil else {
      throw WordFitError(.io, "HarfBuzz could not be started for font file \(path) (out of memory)", input: path)
    }
    applyVariations(variations)
  }

  /// Opens face `faceIndex` of `path` in `library`.
  private static func openFace(_ library: FreeTypeLibrary, path: String, faceIndex: Int) throws -> wf_face {
    var face: wf_face?
    let error = wf_ft_open_face(library.handle, path, faceIndex, &face)
    guard error == 0, let face else {
      if error == Int32(WF_FT_ERR_INVALID_ARGUMENT), faceIndex > 0 {
        throw WordFitError(
          .usage, "font file \(path) has no face \(faceIndex): \(freeTypeMessage(error))",
          reason: .outOfRange(.faceIndex, value: "\(faceIndex)", range: "a face the file has"), input: path,
          underlying: freeTypeMessage(error))
      }
      throw WordFitError(
        .invalidData,
        "font file \(path) is not a font FreeType can read (\(freeTypeMessage(error))); give a .ttf, .otf or .ttc file")
    }
    return face
  }

  /// For a font of colour bitmaps only (no outlines), selects its largest strike and returns
  /// its pixels per em; `nil` for any other font.
  private static func colorStrike(of face: wf_face, path: String) throws -> Int? {
    let strikes = wf_ft_strike_count(face)
    guard wf_ft_is_scalable(face) == 0, wf_ft_has_color(face) != 0, strikes > 0 else { return nil }
    let largest = (0..<strikes).max { wf_ft_strike_ppem(face, $0) < wf_ft_strike_ppem(face, $1) } ?? 0
    let ppem = Int(wf_ft_strike_ppem(face, largest))
    guard ppem > 0, wf_ft_select_strike(face, largest) == 0 else {
      throw WordFitError(.invalidData, "font file \(path) has colour bitmaps of no usable size; give another font")
    }
    return ppem
  }

  deinit {
    // HarfBuzz holds a reference to the face: release it while the library is still alive.
    shaper = nil
    wf_ft_done_face(face)
  }

  /// Line metrics at `size` pixels, scaled linearly from the font's `hhea` values.
  public func lineMetrics(atSize size: Double) -> LineMetrics {
    let scale = size / Double(unitsPerEm)
    let ascender = Double(ascenderUnits) * scale
    let descender = Double(-descenderUnits) * scale
    let gap = Swift.max(0, Double(heightUnits - (ascenderUnits - descenderUnits)) * scale)
    return LineMetrics(
      ascender: ascender, descender: descender, lineGap: gap, capHeight: Double(capHeightUnits) * scale)
  }

  /// The characters of `text` this font has no glyph for.
  public func missingCharacters(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { glyphIndex(for: $0) == 0 && !$0.properties.isDefaultIgnorableCodePoint }
  }

  // MARK: Glyph access (internal)

  /// The glyph for a character, 0 (`.notdef`) when the font lacks it.
  func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
    if let known = glyphIndices[scalar] { return known }
    let index = UInt32(wf_ft_char_index(face, UInt(scalar.value)))
    glyphIndices[scalar] = index
    return index
  }

  /// Scales font units to 26.6 fixed point at `units` (size in 1/64 px), rounding half away
  /// from zero.
  func scaled26_6(_ fontUnits: Int, units: Int) -> Int {
    let product = fontUnits * units
    let half = unitsPerEm / 2
    return product >= 0 ? (product + half) / unitsPerEm : -((-product + half) / unitsPerEm)
  }

  /// Advance and bitmap box of a glyph at a size in 1/64 px, its outline shifted right by
  /// `phase` quarter pixels.
  func box(of glyph: UInt32, units: Int, phase: Int = 0) -> GlyphBox {
    let key = GlyphKey(glyph: glyph, units: Int32(truncatingIfNeeded: units), phase: UInt8(phase))
    if let known = boxes.box(for: key) { return known }
    if drawsInColor(glyph, units: units) {
      // COLR: the layers' union, without blending them at every size the fit measures (16
      // layers at 600 px took 30 s over the sizes a fit scans); bitmap strikes: rendered.
      let ink = colorLayersBox(of: glyph, units: units) ?? bitmap(of: glyph, units: units, phase: 0)?.box
      var box = GlyphBox(advance26_6: 0, ink: ink)
      if let ink { box.exactInk26_6 = (ink.minX * 64, ink.maxX * 64) }
      boxes.store(box, for: key)
      return box
    }
    let box = scaledDesignBox(of: glyph, units: units, phase: phase) ?? loadedBox(of: glyph, units: units, phase: phase)
    boxes.store(box, for: key)
    return box
  }

  /// The box of `glyph` at `units` (1/64 px) and `phase`, loaded through FreeType at that size.
  func loadedBox(of glyph: UInt32, units: Int, phase: Int) -> GlyphBox {
    selectSize(units)
    var advance = 0
    var left: Int32 = 0
    var top: Int32 = 0
    var width: UInt32 = 0
    var rows: UInt32 = 0
    var (inkLeft, inkRight) = (0, 0)
    let error = wf_ft_glyph_box(
      face, glyph, hinting == .light ? 1 : 0, Int32(phase * 16), &advance, &left, &top, &width, &rows, &inkLeft,
      &inkRight)
    var box = GlyphBox(advance26_6: 0, ink: nil)
    if error != 0 {
      report(
        "FreeType could not load glyph \(glyph) at \(TextFormatting.pixels(Double(units) / 64)) px (\(freeTypeMessage(error))); it is drawn empty"
      )
    } else {
      box.advance26_6 = hinting == .light ? advance : 0
      if width > 0 && rows > 0 {
        box.ink = PixelBox(
          minX: Int(left), minY: -Int(top), maxX: Int(left) + Int(width), maxY: -Int(top) + Int(rows))
        box.exactInk26_6 = (inkLeft, inkRight)
      }
    }
    return box
  }

  /// The number of glyphs in the font.
  var glyphCount: Int { wf_ft_glyph_count(face) }

  /// The rendered coverage of a glyph at a size in 1/64 px (cached), or `nil` if it has no ink.
  package func bitmap(of glyph: UInt32, units: Int, phase: Int = 0) -> GlyphBitmap? {
    let key = GlyphKey(glyph: glyph, units: Int32(truncatingIfNeeded: units), phase: UInt8(phase))
    if let known = bitmaps[key] { return known }
    if drawsInColor(glyph, units: units) { return keep(colorBitmap(of: glyph, units: units), key: key) }
    guard let ink = box(of: glyph, units: units, phase: phase).ink else { return nil }
    selectSize(units)
    var coverage = [UInt8](repeating: 0, count: ink.width * ink.height)
    var left: Int32 = 0
    var top: Int32 = 0
    var width: UInt32 = 0
    var rows: UInt32 = 0
    let error = coverage.withUnsafeMutableBufferPointer { buffer in
      wf_ft_render_glyph(
        face, glyph, hinting == .light ? 1 : 0, Int32(phase * 16), &left, &top, &width, &rows, buffer.baseAddress,
        buffer.count)
    }
    guard error == 0, Int(width) == ink.width, Int(rows) == ink.height else {
      report(
        "FreeType could not render glyph \(glyph) at \(TextFormatting.pixels(Double(units) / 64)) px (\(error == 0 ? "its bitmap differs from its measured box" : freeTypeMessage(error))); it is drawn empty"
      )
      return nil
    }
    let bitmap = GlyphBitmap(width: Int(width), rows: Int(rows), left: Int(left), top: Int(top), coverage: coverage)
    return keep(bitmap, key: key)
  }

  /// Caches `bitmap` under `key` (emptying the cache first when it would pass its byte limit).
  private func keep(_ bitmap: GlyphBitmap?, key: GlyphKey) -> GlyphBitmap? {
    let bytes = (bitmap?.coverage.count ?? 0) + (bitmap?.color?.count ?? 0) + 16
    if bitmapBytes + bytes > Self.bitmapCacheByteLimit {
      bitmaps.removeAll(keepingCapacity: true)
      bitmapBytes = 0
    }
    bitmaps[key] = bitmap
    bitmapBytes += bytes
    return bitmap
  }

  func selectSize(_ units: Int) {
    guard units != currentUnits, strikePixelsPerEm == nil else { return }
    followOpticalSize(units)
    let error = wf_ft_set_pixel_size_26_6(face, units)
    if error != 0 {
      report(
        "FreeType could not set the size \(TextFormatting.pixels(Double(units) / 64)) px (\(freeTypeMessage(error)))")
    }
    currentUnits = units
  }

  /// Records a problem FreeType reported while measuring or drawing, once, for the renderer to
  /// pass on as a warning; at most ``problemLimit`` are kept.
  func report(_ problem: String) {
    guard problems.count < Self.problemLimit, !problems.contains(problem) else { return }
    problems.append(problem)
  }

  /// Problems kept at most.
  static let problemLimit = 16

  /// Takes the problems recorded since the last call (glyphs FreeType could not load or
  /// render, sizes it could not set), so a renderer can report them with its output.
  public func takeProblems() -> [String] {
    defer { problems.removeAll() }
    return problems
  }
}

/// A glyph at one size (1/64 px), the key of the glyph caches.
struct GlyphKey: Hashable {
  var glyph: UInt32
  var units: Int32
  /// The subpixel shift in quarter pixels (0 … 3; always 0 with light hinting).
  var phase: UInt8

  /// One word to hash instead of three (the glyph caches are looked up for every glyph at every
  /// size measured); equality still compares every field.
  func hash(into hasher: inout Hasher) {
    hasher.combine(UInt64(glyph) << 32 ^ UInt64(UInt32(bitPattern: units)) ^ UInt64(phase) << 62)
  }
}
