import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitLayout

/// Fit-to-label: a design scaled uniformly onto a label of another size, centred, every length
/// with it, and variants fitted the same way.
@Suite struct LabelFitTests {
  static let design = TestPaths.packageRoot + "/docs/badge-template.json"

  @Test func aDesignIsScaledUniformlyAndCentredOnTheLabel() throws {
    let plain = try BadgeTemplate.load(contentsOf: Self.design)
    // Avery 5395: 85.725 x 59.27 mm, at the design's 150 dpi 506 x 350 px; the design 508 x 319.
    let fitted = try BadgeTemplate.load(contentsOf: Self.design, fittingLabel: (85.725, 59.2667))
    let fit = try #require(fitted.labelFit)
    #expect((fitted.width, fitted.height) == (506, 350) && (plain.width, plain.height) == (508, 319))
    #expect(abs(fit.scale - 506.0 / 508.0) < 1e-12 && fit.left == 0 && fit.top == (350 - 318) / 2)
    for (before, after) in zip(plain.regions, fitted.regions) {
      // Boxes scaled about the origin, then moved by the centring offset (edges rounded).
      #expect(abs(Double(after.box.minX) - (Double(before.box.minX) * fit.scale + Double(fit.left))) <= 1)
      #expect(abs(Double(after.box.minY) - (Double(before.box.minY) * fit.scale + Double(fit.top))) <= 1)
      #expect(abs(Double(after.box.width) - Double(before.box.width) * fit.scale) <= 1.5)
      let sizes = (before.layout.fields.maxSize, after.layout.fields.maxSize)
      #expect(sizes.0.map { $0 * fit.scale } == sizes.1, "\(after.name): the maximum size scales too")
    }
    let summary = fit.summary(dotsPerInch: fitted.dotsPerInch, label: "Avery 5395")
    #expect(summary.contains("scaled by 0.9961") && summary.contains("2.7 mm above and below"), "\(summary)")
  }

  @Test func aSmallDesignGrowsAndVariantsAreFittedAlike() throws {
    let path = TestPaths.fixtures + "/badges/by-product.template.json"
    let fitted = try BadgeTemplate.load(contentsOf: path, fittingLabel: (172, 108))
    let fit = try #require(fitted.labelFit)
    #expect(abs(fit.scale - 2) < 0.01, "86 x 54 mm onto 172 x 108 mm: twice the size")
    #expect(!fitted.variants.isEmpty)
    for (name, variant) in fitted.variants {
      #expect(variant.width == fitted.width && variant.height == fitted.height, "\(name)")
      #expect(variant.labelFit == fit, "\(name)")
    }
    let badge = try BadgeRenderer().render(
      fitted, fields: ["given": "Ada", "family": "Lovelace", "company": "X", "product": "Speaker", "role": "Speaker"],
      imageFolder: TestPaths.fixtures + "/badges")
    #expect(badge.canvas.width == fitted.width && badge.canvas.height == fitted.height)
  }

  @Test func onlyALabelProductIsFittedTo() throws {
    let error = #expect(throws: WordFitError.self) {
      try BadgeTemplate.load(contentsOf: Self.design, fittingLabelOf: "A4")
    }
    #expect(error?.message.contains("is a page size") == true)
    #expect(throws: WordFitError.self) {
      try BadgeTemplate.load(contentsOf: Self.design, fittingLabelOf: "Avery 99999")
    }
  }
}
