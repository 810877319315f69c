import Foundation
import Testing
import WordFitGoldenSupport
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitLayout
@testable import WordFitText

/// Badge templates (issue 15): several fitted regions per badge, size groups, role bands, a
/// logo, and print sheets.
@Suite struct BadgeTests {
  init() { _ = TestPaths.packageRoot }

  static let folder = TestPaths.fixtures + "/badges"
  static let template = folder + "/badge.template.json"

  /// Issue 42: a region is one line unless it says otherwise — a company of two words stays on
  /// one line, as large as that line fits; `"layout": "words"` still stacks them.
  @Test func aRegionIsOneLineByDefault() throws {
    let folder = try TestPaths.makeTemporaryDirectory()
    let template = { (layout: String) in
      try BadgeTemplate.decode(
        Data(
          #"{"width": 400, "height": 120, "regions": [{"name": "company", "box": [0, 0, 400, 120], "text": "{company}", "maxSize": 200\#(layout)}]}"#
            .utf8), folder: folder)
    }
    let line = try BadgeRenderer().render(try template(""), fields: ["company": "SAP SE"])
    #expect(line.regions[0].rendering.layout.fit.lines.map(\.text) == ["SAP SE"])
    let words = try BadgeRenderer().render(try template(#", "layout": "words""#), fields: ["company": "SAP SE"])
    #expect(words.regions[0].rendering.layout.fit.lines.map(\.text) == ["SAP", "SE"])
  }

  /// Issue 25: real exports leave optional fields blank. A blank company leaves its region
  /// blank, a product is mapped to a role, a nickname stands in for the given name, and a
  /// no-break space keeps "van der Meulen" together.
  @Test func aBlankOptionalRegionIsLeftBlankAndAMappedValueShows() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.folder + "/optional.template.json")
    let badge = try BadgeRenderer().render(
      template,
      fields: [
        "nickname": "Bas", "given": "Sebastiaan", "family": "van\u{A0}der\u{A0}Meulen", "company": "  ",
        "product": "conference ticket ",
      ])
    try assertGolden(badge, golden: Self.folder + "/bas-van-der-meulen-no-company.png")
    #expect(badge.regions.map(\.name) == ["name", "role"], "the blank company is not drawn")
    #expect(badge.regions[0].text == "Bas van\u{A0}der\u{A0}Meulen")
    #expect(badge.regions[0].rendering.layout.fit.lines.map(\.text) == ["Bas", "van\u{A0}der\u{A0}Meulen"])
    #expect(badge.regions[1].text == "Attendee")
    let guest = try BadgeRenderer().render(template, fields: ["given": "Ada", "family": "", "product": ""])
    #expect(guest.regions.map(\.text) == ["Ada", "Guest"], "a mononym, and whenEmpty")
  }

  /// Issue 25: a QR code of the ticket secret, crisp (whole pixels a module, quiet zone
  /// inside its box), and read back by an independent decoder (zbar).
  @Test func aQRCodeOfTheTicketSecretReadsBack() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.folder + "/qr.template.json")
    let secrets = ["yhvbekwuwzxfkwq4chh3d9mzpnnc9jmq", "Ünïcode ticket 42", String(repeating: "A1", count: 120)]
    let directory = try TestPaths.makeTemporaryDirectory()
    for (index, secret) in secrets.enumerated() {
      let badge = try BadgeRenderer().render(
        template,
        fields: ["given": "Ada", "family": "Lovelace", "company": "Analytical Engines", "ticket_secret": secret])
      if index == 0 { try assertGolden(badge, golden: Self.folder + "/ada-lovelace-qr.png") }
      let path = directory + "/qr-\(index).png"
      try Data(try badge.pngData()).write(to: URL(fileURLWithPath: path))
      let decoded = try CommandRunner.run(
        "/usr/bin/zbarimg", ["--raw", "-q", path], in: nil, input: nil, environment: [:])
      #expect(decoded.status == 0, "zbarimg could not read the QR code of \(secret.prefix(20))")
      #expect(decoded.standardOutput.trimmingCharacters(in: .newlines) == secret)
    }
  }

  @Test func qrDataTooLongOrABoxTooSmallFailsTheRowNamingIt() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.folder + "/qr.template.json")
    let fields = ["given": "Ada", "family": "L", "company": "X"]
    do {
      _ = try BadgeRenderer().render(
        template, fields: fields.merging(["ticket_secret": String(repeating: "x", count: 3_000)]) { a, _ in a })
      Issue.record("3,000 bytes fit a QR code")
    } catch let error as WordFitError {
      #expect(error.kind == .invalidData)
      #expect(error.message.contains("{ticket_secret}") && error.message.contains("3000 bytes"), "\(error.message)")
    }
    let code = try QRCode(encoding: "hello", correction: .medium)
    var canvas = Canvas(width: 20, height: 20, format: .grey, background: .white)
    #expect(throws: WordFitError.self) { try canvas.draw(code, in: PixelBox(minX: 0, minY: 0, maxX: 20, maxY: 20)) }
    #expect(QRCode.automaticCorrection(for: Array("short".utf8)) == .high)
    #expect(QRCode.automaticCorrection(for: Array(String(repeating: "x", count: 400).utf8)) == .low)
  }

  /// Issue 25: `templateBy` picks a template per row (a speaker's badge for a speaker pass),
  /// in one run and in row order.
  @Test func aProductPicksItsTemplate() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.folder + "/by-product.template.json")
    #expect(template.variants.keys.sorted() == ["speaker pass"])
    let speaker = try BadgeRenderer().render(
      template, fields: ["given": "Grace", "family": "Hopper", "company": "Navy", "product": " speaker PASS"])
    try assertGolden(speaker, golden: Self.folder + "/grace-hopper-speaker.png")
    #expect(speaker.regions.map(\.name) == ["role", "name", "company"])
    let attendee = try BadgeRenderer().render(
      template, fields: ["given": "Ada", "family": "Lovelace", "product": "Conference ticket"])
    #expect(attendee.regions.map(\.text) == ["Ada Lovelace", "Attendee"])
    let looping = try TestPaths.makeTemporaryDirectory(with: [
      "a.json":
        #"{"width": 10, "height": 10, "regions": [{"box": [0, 0, 10, 10], "text": "x"}], "templateBy": "p", "templates": {"x": "a.json"}}"#
    ])
    #expect(throws: WordFitError.self, "a template that names itself") {
      try BadgeTemplate.load(contentsOf: looping + "/a.json")
    }
  }

  @Test func aRequiredRegionThatIsEmptyFailsTheRow() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.folder + "/optional.template.json")
    #expect(throws: WordFitError.self) {
      try BadgeRenderer().render(template, fields: ["nickname": "", "given": " ", "family": "", "product": "x"])
    }
  }

  @Test func alternativesTakeTheFirstColumnWithAValue() {
    #expect(BadgeText.fill("{nick|given}!", with: ["nick": " \t", "given": "Ada"]) == "Ada!")
    #expect(BadgeText.fill("{nick|given}", with: ["nick": "Bas", "given": "Sebastiaan"]) == "Bas")
    #expect(BadgeText.fill("{a|b}", with: [:]) == "")
    #expect(BadgeText.columns(in: "{nick | given} {family}") == ["nick", "given", "family"])
    #expect(BadgeText.fill("{n}", with: ["n": "van\u{A0}der  Meulen"]) == "van\u{A0}der Meulen")
  }

  /// Issue 24: a long name wraps to two lines in its region and a company sits on one line,
  /// each as large as it fits.
  @Test func aBadgeWithAWrappedNameAndAOneLineCompanyMatchesItsGolden() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.folder + "/wrap.template.json")
    let badge = try BadgeRenderer().render(
      template,
      fields: [
        "first_name": "María José", "last_name": "García-Fernández de la Vega",
        "company": "Internationale Messegesellschaft mbH", "role": "Speaker",
      ])
    try assertGolden(badge, golden: Self.folder + "/maria-jose-garcia-wrapped.png")
    let name = try #require(badge.regions.first { $0.name == "name" })
    #expect(name.rendering.layout.fit.lines.count == 2)
    #expect(name.rendering.layout.fit.limit == .lineLimit || name.rendering.layout.fit.limit == .height)
    let company = try #require(badge.regions.first { $0.name == "company" })
    #expect(company.rendering.layout.fit.lines.map(\.text) == ["Internationale Messegesellschaft mbH"])
  }

  @Test func aBadgeWithASizeGroupABandAndALogoMatchesItsGolden() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.template)
    let badge = try BadgeRenderer().render(
      template, fields: ["Given": "Bartholomew", "company": "Acme", "role": "Staff"])
    #expect(badge.canvas.width == 339 && badge.canvas.height == 213, "86 x 54 mm at 100 dpi")
    try assertGolden(badge, golden: Self.folder + "/bartholomew-acme-staff.png")
    // The band takes the role's colour; the logo is drawn in its box.
    let bandPixel = badge.canvas.color(atX: 2, y: 200)
    #expect(bandPixel == (try Color.parse("#0A84FF")))
    #expect(
      badge.canvas.color(atX: 281, y: 37).blue > 200 && badge.canvas.color(atX: 281, y: 37).red < 100,
      "the logo's blue ring")
  }

  @Test func sizeGroupMembersShareTheLargestSizeAtWhichAllFit() throws {
    let template = try BadgeTemplate.load(contentsOf: Self.template)
    let renderer = BadgeRenderer()
    for (given, company) in [("Bartholomew", "Acme"), ("Ada", "International Business Machines"), ("陳大文", "WordFit")] {
      let badge = try renderer.render(template, fields: ["given": given, "company": company, "role": "Speaker"])
      let (first, second) = (badge.regions[0], badge.regions[1])
      #expect(first.rendering.layout.fit.size == second.rendering.layout.fit.size, "\(given) / \(company)")
      // Each member alone fits at its own maximal size; the group takes the smallest of them.
      var alone: [Double] = []
      for (region, text) in zip(template.regions.prefix(2), [given, company]) {
        var spec = region.layout
        spec.text = text
        alone.append(try WordStackRenderer().render(spec).layout.fit.size)
      }
      #expect(first.rendering.layout.fit.size == alone.min(), "\(alone)")
      #expect(badge.regions.filter(\.limitedByGroup).count <= 1)
      // Every region stays inside its box.
      for region in badge.regions {
        let ink = try #require(region.rendering.layout.inkBounds)
        #expect(ink.minX >= 0 && ink.minY >= 0, "\(region.name)")
        #expect(ink.maxX <= region.box.width && ink.maxY <= region.box.height, "\(region.name): \(ink.summary)")
      }
    }
  }

}
