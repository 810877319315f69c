import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitOutput
@testable import WordFitText

/// Issue 38's items tested in-process: bounds that hold before any work is done.
@Suite struct FourthAttackUnitTests {
  // Item 14: a template whose images would cover the badge more than 16 times is refused from
  // its boxes, before any image is decoded or resampled.
  @Test func coverIsCheckedBeforeImagesAreDecoded() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: TestPaths.fixtures + "/badges/logo.png", toPath: directory + "/logo.png")
    let entries = (0..<17).map { _ in #"{"box": [0, 0, 100, 50], "png": "logo.png"}"# }
    let json =
      #"{"width": 100, "height": 50, "images": ["# + entries.joined(separator: ",")
      + #"], "regions": [{"box": [0, 20, 100, 30], "text": "x"}]}"#
    let decoder = BadgeTemplateDecoder(source: "template", folder: directory)
    #expect(throws: WordFitError.self) { try decoder.decode(Data(json.utf8)) }
    #expect(decoder.images.decodes == 0 && decoder.images.resamples == 0, "nothing decoded before the refusal")
  }

  // Item 14: a label file with many <Layout>s places at most 10,000 labels per stock, sorted
  // once (2,000 layouts of 10,000 labels each hung `sheets`).
  @Test func manyLayoutsAreBounded() {
    let layout = #"<Layout nx="100" ny="100" x0="1mm" y0="1mm" dx="1mm" dy="1mm"/>"#
    let xml =
      #"<Glabels-templates><Template brand="X" part="Y" size="A4"><Label-rectangle width="1mm" height="1mm">"#
      + String(repeating: layout, count: 20) + "</Label-rectangle></Template></Glabels-templates>"
    let stocks = GLabelsXML.stocks(in: xml, papers: ["A4": (210, 297)])
    #expect(stocks.count == 1 && stocks[0].origins.count == GLabelsXML.maximumLabels)
    let origins = stocks[0].origins
    #expect(zip(origins, origins.dropFirst()).allSatisfy { $0.y < $1.y || ($0.y == $1.y && $0.x <= $1.x) })
  }

  // Item 14: a sheet's blank rows are streamed in chunks; the PNG equals the one whole canvas
  // would give (a 1385 mm sheet's last band ran to the page bottom: 804 MB, now 105 MB, the
  // sheet byte-identical).
  @Test func whiteRowsStreamLikeAWholeCanvas() throws {
    var whole = Canvas(width: 300, height: 1_000, format: .rgb, background: .white)
    whole.fill(PixelBox(minX: 10, minY: 600, maxX: 290, maxY: 640), Color(red: 200, green: 10, blue: 10))
    let writer = try PNGStreamWriter(width: 300, height: 1_000, format: .rgb)
    try writer.appendWhite(rows: 600)
    var band = Canvas(width: 300, height: 40, format: .rgb, background: .white)
    band.fill(PixelBox(minX: 10, minY: 0, maxX: 290, maxY: 40), Color(red: 200, green: 10, blue: 10))
    try writer.append(band)
    try writer.appendWhite(rows: 360)
    #expect(writer.rowsLeft == 0)
    let streamed = try PNGCodec.decode(try writer.finish())
    #expect(streamed.canvas.pixels == ImageComparator.rgba(whole))
    #expect(throws: WordFitError.self) { try PNGStreamWriter(width: 3, height: 2, format: .rgb).appendWhite(rows: 3) }
  }

  // Item 27: a writer creates its temporary, then locks it; a shard sweeping the folder in
  // between took the empty, unlocked file and reported a live writer's temporary as "left by
  // an earlier run that died". An empty temporary younger than 10 s is left alone.
  @Test func aNewEmptyTemporaryIsNotTakenForADeadOne() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let new = ".a.png.wordfit-2147483646-1"
    let partial = ".b.png.wordfit-2147483646-2"
    #expect(FileManager.default.createFile(atPath: directory + "/" + new, contents: Data()))
    #expect(FileManager.default.createFile(atPath: directory + "/" + partial, contents: Data("x".utf8)))
    #expect(StaleTemporaries.remove(in: directory) == [partial])
    let old = Date(timeIntervalSinceNow: -60)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory + "/" + new)
    #expect(StaleTemporaries.remove(in: directory) == [new], "an empty one a minute old is a dead run's")
  }

  // Item 23: a font scale on an Apple Watch canvas is not applied, and says so; on a Wear OS
  // canvas it is.
  @Test func fontScaleIsWearOSOnly() throws {
    var spec = RenderSpec(text: "Battery optimisation enabled")
    spec.style = .body
    spec.canvas = "45mm"
    let plain = try WordStackRenderer().layOut(spec)
    spec.fontScale = 1.24
    let scaled = try WordStackRenderer().layOut(spec)
    #expect(scaled.layout.fit.size == plain.layout.fit.size)
    #expect(scaled.warnings.contains { $0.contains("not applied on 45mm") }, "\(scaled.warnings)")
    spec.canvas = "wear-large"
    let wear = try WordStackRenderer().layOut(spec)
    spec.fontScale = nil
    let wearPlain = try WordStackRenderer().layOut(spec)
    #expect(wear.resolved.maximumSize > wearPlain.resolved.maximumSize && wear.warnings.isEmpty)
  }

  // Item 15: a variable font's weight is its wght axis as set, and fallback asks fontconfig for
  // that weight (the default font at wght 700 got DejaVu Sans Book for Arabic; Pango and
  // Chromium ask for the run's weight).
  @Test func fallbackFollowsTheVariableWeight() throws {
    let variable = TestPaths.fonts + "/InterDisplay-Variable.ttf"
    let bold = try Font(contentsOf: variable, variations: ["wght": 700])
    let regular = try Font(contentsOf: variable, variations: ["wght": 400])
    #expect(bold.weightClass == 700 && regular.weightClass == 400)
    let arabic = "مرحبا"
    let boldCascade = FontCascade(primary: bold)
    let regularCascade = FontCascade(primary: regular)
    _ = boldCascade.shape(arabic, atSize: 40)
    _ = regularCascade.shape(arabic, atSize: 40)
    let boldFallback = try #require(boldCascade.fonts.dropFirst().first)
    let regularFallback = try #require(regularCascade.fonts.dropFirst().first)
    #expect(boldFallback.weightClass >= 600, "\(boldFallback.familyName) \(boldFallback.styleName)")
    #expect(regularFallback.weightClass < 600, "\(regularFallback.familyName) \(regularFallback.styleName)")
  }

  // Item 20: Common characters in a run of their own (digits and a currency sign between Hebrew
  // words, their own bidi run and font item) are shaped as their neighbours' script (UAX #24),
  // as Chromium and HarfBuzz's own itemizer do: the line reports Hebrew alone, not Hebrew and
  // Common (whose default shaper measured it 1.25 px narrower: the line overflowed).
  @Test func commonCharactersTakeTheirNeighboursScript() throws {
    var spec = RenderSpec(text: "מחיר: ₪49.90 בלבד")
    spec.layout = .line
    spec.canvas = "600x200"
    let laidOut = try WordStackRenderer().layOut(spec)
    let scripts = laidOut.lines.flatMap(\.scripts)
    #expect(scripts == ["Hebr"], "\(scripts)")
    #expect(BidiRuns("מחיר: 49.90", base: nil).runs.allSatisfy { $0.context == 0x4865_6272 }, "every run in Hebrew")
    #expect(BidiRuns("49 Ali محمد", base: nil).runs.first { $0.text.hasPrefix("49") }?.context == 0x4C61_746E)
  }

  // Item 18: wrapped lines drawn only in a fallback font are stacked with that font's line
  // height, as the fit measured them and as the words layout and Chromium stack them (97 px
  // steps for CJK under the primary's metrics; 116 px with Noto CJK's, Chromium 116).
  @Test func fallbackLinesTakeTheirFontsLineHeight() throws {
    let fallback = ["NotoSansCJKsc-Bold-subset.otf", "NotoColorEmoji-subset.ttf"].map {
      TestPaths.fixtures + "/fonts/" + $0
    }
    var spec = RenderSpec(text: "陳大文 陳大文 陳大文")
    (spec.canvas, spec.maxSize, spec.fallback) = ("45mm", 80, fallback.joined(separator: ","))
    spec.layout = .words
    let words = try WordStackRenderer().layOut(spec).layout.lines.map(\.origin.y)
    spec.layout = .wrap
    spec.lineLimit = 3
    let wrapped = try WordStackRenderer().layOut(spec).layout.lines.map(\.origin.y)
    #expect(wrapped.count == 3 && words.count == 3)
    let steps = zip(wrapped, wrapped.dropFirst()).map { $1 - $0 }
    let wordSteps = zip(words, words.dropFirst()).map { $1 - $0 }
    #expect(steps == wordSteps, "wrap \(steps), words \(wordSteps)")
    #expect(steps.allSatisfy { $0 >= 110 }, "\(steps)")
  }
}

/// Issue 38 item 16: the variable stand-in's advances are HarfBuzz's at the size; issue 41 item
/// 6: the default font (its static Bold instance) fits as HarfBuzz measures that instance.
@Suite struct DefaultFontAdvanceTests {
  // HarfBuzz 6.0.0 (the system's) and Chromium measure "AVAVAVAV" in Inter Display Bold at
  // 74.59375 px as 379.984375 px: it fits the 380 px line of the default canvas. Shaped at the
  // design scale, the kerning's variation deltas were rounded to font units first (379.96875 at
  // 74.5625, 380.09 at 74.59375) and the fit stopped one step short.
  @Test func theVariableStandInFitsAsHarfBuzzMeasures() throws {
    var spec = RenderSpec(text: "AVAVAVAV")
    spec.variations = "wght=700"
    let laidOut = try WordStackRenderer().layOut(spec)
    let line = try #require(laidOut.layout.lines.first)
    #expect(laidOut.layout.fit.size == 74.59375, "\(laidOut.layout.fit.size)")
    #expect(line.advance == 379.984375, "\(line.advance)")
  }

  // The system's HarfBuzz 6.0.0 (ctypes, as scripts/harfbuzz-conformance.py calls it) shapes
  // "AVAVAVAV" in InterDisplay-Bold.ttf at 74.5625 px (4772/64) as 24318/64 = 379.96875 px, and
  // at 74.578125 px as 380.03125 px: 1/64 px larger no longer fits the 380 px line.
  @Test func theDefaultFontFitsAsHarfBuzzMeasures() throws {
    let laidOut = try WordStackRenderer().layOut(RenderSpec(text: "AVAVAVAV"))
    let line = try #require(laidOut.layout.lines.first)
    #expect(laidOut.layout.fit.size == 74.5625, "\(laidOut.layout.fit.size)")
    #expect(line.advance == 379.96875, "\(line.advance)")
  }
}
