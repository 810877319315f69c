import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitLayout
@testable import WordFitText

/// `--hang-punctuation` (issue 58 item 2): a line's end punctuation hangs into the trailing inset
/// by Typst's fraction of its advance, the fit gains it, nothing fits smaller, ink stays on the
/// canvas, and the fit is still exactly maximal.
@Suite struct HangingPunctuationTests {
  static let texts = [
    "Acme Holdings Ltd.", "Bas van der Meulen Jr.", "Fabrikam, Inc.", "Contoso; Ltd:", "Pre-", "Wait —",
    "Northwind Traders", "García-Fernández S.A.",
  ]

  static func spec(_ text: String, canvas: String, hang: Bool, insets: [Int] = [8]) -> RenderSpec {
    var spec = RenderSpec(text: text)
    (spec.canvas, spec.layout, spec.maxSize, spec.insets) = (canvas, .line, 300, insets)
    spec.fields.hangPunctuation = hang
    return spec
  }

  @Test func endPunctuationHangsByItsFractionAndTheFitGainsIt() throws {
    let renderer = WordStackRenderer()
    var gained = 0
    for text in Self.texts {
      for canvas in ["38mm", "45mm", "200x80"] {
        let plain = try renderer.layOut(Self.spec(text, canvas: canvas, hang: false))
        let hung = try renderer.layOut(Self.spec(text, canvas: canvas, hang: true))
        let (fit, line) = (hung.layout.fit, try #require(hung.layout.lines.first))
        #expect(fit.size >= plain.layout.fit.size, "\(text) on \(canvas): hanging never fits smaller")
        if fit.size > plain.layout.fit.size { gained += 1 }
        let ink = try #require(line.inkBounds)
        #expect(ink.minX >= 0 && ink.maxX <= hung.layout.canvasWidth, "\(text) on \(canvas): ink \(ink) on the canvas")
        let metrics = try #require(fit.lines.first).metrics
        if let fraction = HangingPunctuation.fraction(of: text.last!) {
          let size = fit.size
          let whole = hung.cascade.metrics(of: text, atSize: size).advance
          let rest = hung.cascade.metrics(of: String(text.dropLast()), atSize: size).advance
          #expect(abs(metrics.hang - Swift.min(8, fraction * (whole - rest))) < 1e-9, "\(text): \(metrics.hang)")
        } else {
          #expect(metrics.hang == 0, "\(text)")
        }
        guard fit.limit == .width else { continue }
        var larger = Self.spec(text, canvas: canvas, hang: true)
        (larger.maxSize, larger.minScale, larger.fields.overflow) = (fit.size + 1.0 / 64, 1, .clip)
        #expect(try renderer.layOut(larger).layout.fit.limit == .minimumSize, "\(text) on \(canvas): maximal")
      }
    }
    #expect(gained >= 10, "\(gained) fits gained")
  }

  @Test func noRoomNoHang() throws {
    let renderer = WordStackRenderer()
    let flush = try renderer.layOut(Self.spec("Acme Holdings Ltd.", canvas: "45mm", hang: true, insets: [8, 8, 8, 0]))
    #expect(flush.layout.fit.lines.allSatisfy { $0.metrics.hang == 0 }, "no trailing inset: no room")
    var round = Self.spec("Acme Holdings Ltd.", canvas: "wear-small", hang: true)
    round.maxSize = 100
    #expect(try renderer.layOut(round).layout.fit.lines.allSatisfy { $0.metrics.hang == 0 }, "a round screen's edge")
    let hebrew = try renderer.layOut(Self.spec("שלום עולם.", canvas: "45mm", hang: true))
    #expect(hebrew.layout.fit.lines.allSatisfy { $0.metrics.hang == 0 }, "right to left: not yet")
  }
}
