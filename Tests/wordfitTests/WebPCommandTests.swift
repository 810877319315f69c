import Foundation
import Testing
import WordFitTestSupport

@testable import WordFit

/// WebP through the output seam: `-o x.webp` for render and stack, `batch --format webp`; every
/// WebP decodes (libwebp's own `dwebp`, and in process) to the PNG's pixels exactly.
@Suite struct WebPCommandTests {
  /// The RGBA pixels of the PNG at `png` and of the WebP at `webp`, decoded independently.
  func pixels(png: String, webp: String) throws -> (png: [UInt8], webp: [UInt8], dwebp: [UInt8]) {
    let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
    let decoded = try WebPImageEncoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: webp))))
    let pam = webp + ".pam"
    let run = try CommandRunner.run(
      "/usr/bin/env", ["dwebp", webp, "-pam", "-o", pam], in: nil, input: nil, environment: [:])
    #expect(run.status == 0, "\(run.standardError)")
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pam)))
    let header = Array("ENDHDR\n".utf8)
    let start =
      (0..<data.count).first { data[$0..<Swift.min(data.count, $0 + header.count)].elementsEqual(header) } ?? 0
    return (ImageComparator.rgba(image.canvas), decoded.rgba, Array(data[(start + header.count)...]))
  }

  @Test func renderAndStackWriteWebPsOfThePNGsPixels() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    for (arguments, name) in [
      (["render", "Aimée Bethany Charles", "--canvas", "45mm"], "r"),
      (["render", "Hello 😀", "--canvas", "200x100", "--bg", "transparent"], "t"),
      (["stack", "-l", "Start", "-l", "Stop", "--canvas", "wear-small"], "s"),
    ] {
      for ending in ["png", "webp"] {
        let run = try InProcess.wordfit(arguments + ["-o", "\(name).\(ending)"], in: directory)
        #expect(run.status == 0 && run.standardOutput.contains("wrote \(name).\(ending)"), "\(run.standardError)")
      }
      let decoded = try pixels(png: directory + "/\(name).png", webp: directory + "/\(name).webp")
      #expect(decoded.png == decoded.webp && decoded.png == decoded.dwebp, "\(arguments)")
    }
  }

  /// `strings --image-format webp`: each layout with a problem as a WebP of the PNG's pixels,
  /// under the PNG's name with its own ending; another format is refused by name.
  @Test func stringsWritesItsImagesAsWebPs() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let catalog = TestPaths.fixtures + "/strings/Localizable.xcstrings"
    #expect(try InProcess.wordfit(["strings", catalog, "--images", "p"], in: directory).status == 0)
    let webp = try InProcess.wordfit(["strings", catalog, "--images", "w", "--image-format", "webp"], in: directory)
    #expect(webp.status == 0, "\(webp.standardError)")
    let pngs = try FileManager.default.contentsOfDirectory(atPath: directory + "/p").sorted()
    let webps = try FileManager.default.contentsOfDirectory(atPath: directory + "/w").sorted()
    #expect(!pngs.isEmpty && webps == pngs.map { ($0 as NSString).deletingPathExtension + ".webp" })
    for png in pngs.prefix(3) {
      let decoded = try pixels(
        png: directory + "/p/" + png, webp: directory + "/w/" + (png as NSString).deletingPathExtension + ".webp")
      #expect(decoded.png == decoded.webp && decoded.png == decoded.dwebp, "\(png)")
    }
    let gif = try InProcess.wordfit(["strings", catalog, "--image-format", "gif"], in: directory)
    #expect(gif.status == 64 && gif.standardError.contains("--image-format 'gif' is not one of png, webp"))
  }

  @Test func aBatchWritesWebPsAndARerunReplacesOnlyItsOwn() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let csv = TestPaths.packageRoot + "/docs/names.csv"
    let args = ["batch", csv, "--out", "o", "-q", "--manifest", "m.jsonl"]
    #expect(try InProcess.wordfit(args + ["--format", "webp"], in: directory).status == 0)
    #expect(try InProcess.wordfit(["batch", csv, "--out", "p", "-q"], in: directory).status == 0)
    let webps = try FileManager.default.contentsOfDirectory(atPath: directory + "/o").filter { $0.hasSuffix(".webp") }
    let pngs = try FileManager.default.contentsOfDirectory(atPath: directory + "/p").sorted()
    #expect(webps.count == pngs.count && !pngs.isEmpty)
    for png in pngs {
      let webp = (png as NSString).deletingPathExtension + ".webp"
      let decoded = try pixels(png: directory + "/p/" + png, webp: directory + "/o/" + webp)
      #expect(decoded.png == decoded.webp && decoded.png == decoded.dwebp, "\(png)")
    }
    // A WebP under a row's name that WordFit did not write (no WordFit XMP) fails that row.
    let first = webps.sorted()[0]
    try Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8L".utf8).write(to: URL(fileURLWithPath: directory + "/o/" + first))
    let rerun = try InProcess.wordfit(args + ["--format", "webp"], in: directory)
    #expect(rerun.status == 1, "\(rerun.standardError)")
    #expect(try String(contentsOfFile: directory + "/m.jsonl", encoding: .utf8).contains("\"failed\""))
    let refused = try InProcess.wordfit(["batch", csv, "--out", "q", "--format", "gif"], in: directory)
    #expect(refused.status == 64 && refused.standardError.contains("png, webp, svg"), "\(refused.standardError)")
  }
}
