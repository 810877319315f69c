import Testing
import WordFitTestSupport

@testable import WordFitImage
@testable import WordFitLayout

/// The PNG writer on real renders: text images are what it is tuned for.
@Suite struct RenderedPNGTests {
  @Test func wordfitWriterIsSmallerThanLibpngAdaptive() throws {
    var spec = RenderSpec(text: "Benito Pina Valentino")
    spec.maxSize = 72
    let rendering = try WordStackRenderer().render(spec)
    let ours = try rendering.pngData().count
    let adaptive = try rendering.pngData(
      settings: PNGSettings(encoder: .libpng(level: 6, filter: .adaptive, strategy: .default))
    ).count
    #expect(ours < adaptive, "\(ours) bytes vs \(adaptive) with libpng's adaptive filtering at zlib 6")
  }

  /// The default (the run matcher) must stay within 10% of libdeflate level 5 on text.
  @Test func runMatcherStaysCloseToLibdeflateOnText() throws {
    for text in ["Benito Pina Valentino", "Value exponentially increasing", "Foo Bar Baz"] {
      var spec = RenderSpec(text: text)
      spec.maxSize = 72
      let rendering = try WordStackRenderer().render(spec)
      let matcher = try rendering.pngData(settings: PNGSettings(encoder: .wordfit(level: 0))).count
      let libdeflate = try rendering.pngData(settings: PNGSettings(encoder: .wordfit(level: 5))).count
      #expect(Double(matcher) <= Double(libdeflate) * 1.1, "\(text): \(matcher) bytes vs \(libdeflate) at level 5")
    }
  }
}
