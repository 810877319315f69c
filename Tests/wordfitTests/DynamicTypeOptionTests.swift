import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit
@testable import WordFitLayout

/// `--dynamic-type` and the `dynamicType` key set the maximum size the same way.
@Suite struct DynamicTypeOptionTests {
  @Test func theOptionAndTheSpecKeySetTheMaximumSize() throws {
    var spec = RenderSpec(text: "Hi")
    spec.dynamicType = .extraExtraExtraLarge
    #expect(try spec.validated().maximumSize == 84)
    let json = #"{"text": "Hi", "canvas": "390x844", "dynamicType": "ax2"}"#
    let decoded = try JSONDecoder().decode(RenderSpec.self, from: Data(json.utf8))
    #expect(decoded.dynamicType == .accessibility2)
    #expect(try decoded.validated().maximumSize == 48)
    let result = try InProcess.wordfit(["render", "Hi", "--dynamic-type", "AX1", "-o", "-"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("has no published watchOS point sizes"), "\(result.standardError)")
    let json2 = try InProcess.wordfit([
      "render", "Hi", "--dynamic-type", "xxxlarge", "--json", "-o", TestPaths.temporaryRoot + "/hi.png",
    ])
    #expect(json2.standardOutput.contains("\"dynamicType\" : \"xxxLarge\""), "\(json2.standardOutput)")
  }
}
