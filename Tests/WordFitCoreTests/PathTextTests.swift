import Foundation
import Testing

@testable import WordFitCore

/// Path arithmetic without Foundation's traps: the same answers as `NSString` where it answers,
/// and answers where it stops the process (`a//é`).
@Suite struct PathTextTests {
  static let paths = [
    "", "/", "ab", "ab/", "/a", "/a/b.png", "a/b.tar.zst", "a//b.png", "//a", "a/.profile", "a.", "out/Zoë.png",
    "rel/dir/", "/x//y//", "a/b.c/d", "名前/バッジ.png",
  ]

  @Test func theAnswersAreNSStringsWhereItAnswers() {
    for path in Self.paths {
      let ns = path as NSString
      #expect(PathText.lastComponent(path) == ns.lastPathComponent, "\(path)")
      #expect(PathText.deletingLastComponent(path) == ns.deletingLastPathComponent, "\(path)")
      #expect(PathText.pathExtension(path) == ns.pathExtension, "\(path)")
      #expect(PathText.deletingExtension(path) == ns.deletingPathExtension, "\(path)")
    }
  }

  @Test func namesFoundationStopsOnAreAnswered() {
    // swift-corelibs-foundation traps on each of these (a doubled slash before a last character
    // outside ASCII, found by the desk's fuzz target in a request's badge name; a one-letter
    // name's folder).
    #expect(PathText.deletingLastComponent("a") == "" && PathText.deletingLastComponent("a/") == "")
    #expect(PathText.deletingLastComponent("/a") == "/" && PathText.lastComponent("a/") == "a")
    #expect(PathText.lastComponent("a//é") == "é" && PathText.deletingLastComponent("a//é") == "a")
    #expect(PathText.pathExtension("out//Zoë") == "" && PathText.deletingExtension("//\u{FFFD}") == "/\u{FFFD}")
    #expect(PathText.lastComponent("a.b//日本") == "日本" && PathText.pathExtension("x//é.pNg") == "pNg")
  }
}
