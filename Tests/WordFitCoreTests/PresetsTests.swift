import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore

@Suite struct PresetsTests {
  @Test func largeTitleFollowsTheWatchCategory() throws {
    #expect(try TextStyle.largeTitle.pixelSize(on: try CanvasSize.parse("45mm")) == 80)
    #expect(try TextStyle.largeTitle.pixelSize(on: try CanvasSize.parse("41mm")) == 72)
    #expect(try TextStyle.largeTitle.pixelSize(on: try CanvasSize.parse("38mm")) == 64)
    #expect(TextStyle.body.pixelSize(in: .extraLarge) == 34)
    // Other canvases take iOS sizes at one pixel per point.
    #expect(try TextStyle.body.pixelSize(on: try CanvasSize.parse("390x844")) == 17)
    #expect(try TextStyle.largeTitle.pixelSize(on: try CanvasSize.parse("390x844")) == 34)
  }

  @Test func everyWatchFromTheReference() throws {
    let expected: [String: (Int, Int)] = [
      "38mm": (272, 340), "42mm-s3": (312, 390), "40mm": (324, 394), "44mm": (368, 448), "41mm": (352, 430),
      "45mm": (396, 484), "42mm": (374, 446), "46mm": (416, 496), "49mm": (410, 502), "49mm-ultra3": (422, 514),
    ]
    #expect(WatchCanvas.all.count == expected.count)
    for (name, size) in expected {
      let canvas = try CanvasSize.parse(name)
      #expect(canvas.width == size.0 && canvas.height == size.1, "\(name)")
    }
  }

  @Test func pixelCanvases() throws {
    #expect(try CanvasSize.parse("390x844") == CanvasSize(width: 390, height: 844))
    #expect(try CanvasSize.parse("16384X1") == CanvasSize(width: 16384, height: 1))
  }

  @Test(arguments: ["0x0", "16385x10", "-5x10", "45", "huge", "10x", "x10"])
  func rejectsBadCanvases(_ text: String) {
    do {
      _ = try CanvasSize.parse(text)
      Issue.record("accepted \(text)")
    } catch let error as WordFitError {
      #expect(error.kind == .usage)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func unknownPresetListsTheValidOnes() {
    do {
      _ = try CanvasSize.parse("47mm")
    } catch let error as WordFitError {
      #expect(error.message.contains("45mm") && error.message.contains("49mm-ultra3"))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}

@Suite struct DynamicTypeTests {
  @Test func watchesTakeTheSixWatchCategories() throws {
    let watch = try CanvasSize.parse("45mm")
    #expect(try TextStyle.largeTitle.pixelSize(on: watch, category: .extraExtraExtraLarge) == 84)
    #expect(try TextStyle.largeTitle.pixelSize(on: watch, category: .extraSmall) == 60)
    #expect(try TextStyle.largeTitle.pixelSize(on: watch) == 80, "45mm's default is xLarge")
    for category in [ContentSizeCategory.medium, .accessibility1, .accessibility5] {
      #expect(throws: WordFitError.self) { try TextStyle.largeTitle.pixelSize(on: watch, category: category) }
    }
  }

  @Test func pixelCanvasesTakeTheIOSCategoriesWithAccessibilitySizes() throws {
    let phone = try CanvasSize.parse("390x844")
    #expect(try TextStyle.body.pixelSize(on: phone, category: .accessibility5) == 53)
    #expect(try TextStyle.largeTitle.pixelSize(on: phone, category: .accessibility3) == 52)
    #expect(try TextStyle.body.pixelSize(on: phone, category: .medium) == 16)
    #expect(try TextStyle.footnote.pixelSize(on: phone) == 13)
    // Every style grows (or stays) from each category to the next.
    for style in TextStyle.allCases {
      let sizes = ContentSizeCategory.allCases.map { style.iOSPointSize(in: $0) }
      #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
    }
  }
}
