import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage

@Suite struct ColorTests {
  @Test func parsesHexForms() throws {
    #expect(try Color.parse("#0A84FF") == Color(red: 10, green: 132, blue: 255))
    #expect(try Color.parse("#0a84ff80") == Color(red: 10, green: 132, blue: 255, alpha: 128))
    #expect(try Color.parse("#fff") == .white)
  }

  @Test func namesFollowTheAppearance() throws {
    #expect(try Color.parse("blue", appearance: .dark).hexString == "#0A84FF")
    #expect(try Color.parse("blue", appearance: .light).hexString == "#007AFF")
    #expect(try Color.parse("green", appearance: .light).hexString == "#34C759")
    #expect(try Color.parse("red", appearance: .dark).hexString == "#FF453A")
    #expect(try Color.parse("Transparent") == .transparent)
    #expect(try Color.parse("WHITE") == .white)
  }

  @Test(arguments: ["", "#12345", "#GGGGGG", "purple", "0A84FF", "#0A84FF0"])
  func rejectsOtherText(_ text: String) {
    do {
      _ = try Color.parse(text)
      Issue.record("accepted '\(text)'")
    } catch let error as WordFitError {
      #expect(error.kind == .usage)
      #expect(error.message.contains("#RRGGBB"))
      #expect(error.message.contains("green"), "lists the names")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
