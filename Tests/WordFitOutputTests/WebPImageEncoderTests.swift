import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitCore
@testable import WordFitImage
@testable import WordFitOutput

/// Lossless WebP through libwebp: the same pixels back, the same bytes every time, and the XMP
/// packet by which a rerun knows its own files.
@Suite struct WebPImageEncoderTests {
  /// A canvas of every format with a gradient and a transparent corner.
  func canvas(_ format: PixelFormat) -> Canvas {
    var canvas = Canvas(width: 37, height: 23, format: format, background: .transparent)
    for y in 0..<23 {
      for x in 0..<37 {
        for channel in 0..<format.channels {
          canvas.pixels[(y * 37 + x) * format.channels + channel] = UInt8((x * 7 + y * 11 + channel * 60) % 256)
        }
      }
    }
    return canvas
  }

  @Test(arguments: [PixelFormat.grey, .rgb, .rgba])
  func aWebPDecodesToTheCanvasPixelsExactly(_ format: PixelFormat) throws {
    let canvas = canvas(format)
    let encoder = WebPImageEncoder()
    let bytes = try encoder.encode(canvas, metadata: [("Software", "WordFit 0.1.0")], dotsPerInch: nil)
    #expect(try encoder.encode(canvas, metadata: [("Software", "WordFit 0.1.0")], dotsPerInch: nil) == bytes)
    let decoded = try WebPImageEncoder.decode(bytes)
    #expect(decoded.width == 37 && decoded.height == 23)
    #expect(decoded.rgba == ImageComparator.rgba(canvas), "\(format)")
  }

  @Test func metadataGoesInAnXMPPacketARerunRecognises() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let bytes = try WebPImageEncoder().encode(
      canvas(.rgb), metadata: [("Software", "WordFit 0.1.0"), ("WordFit-Text", "A <b>&\"c\"")], dotsPerInch: 300)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("<wordfit:Text>A &lt;b&gt;&amp;&quot;c&quot;</wordfit:Text>"))
    try Data(bytes).write(to: URL(fileURLWithPath: directory + "/ours.webp"))
    #expect(WebPImageEncoder.isWordFitWebP(atPath: directory + "/ours.webp"))
    let foreign = try WebPImageEncoder().encode(canvas(.rgb), metadata: [], dotsPerInch: nil)
    try Data(foreign).write(to: URL(fileURLWithPath: directory + "/photo.webp"))
    #expect(!WebPImageEncoder.isWordFitWebP(atPath: directory + "/photo.webp"), "a WebP without WordFit's packet")
    #expect(OutputFormat.webp.isWordFitFile(atPath: directory + "/ours.webp"))
    #expect(throws: WordFitError.self) { try WebPImageEncoder.decode(Array("RIFF1234WEBPjunk".utf8)) }
  }

  @Test func theFormatIsDecidedOnce() throws {
    #expect(OutputFormat.image(endingOf: "a/b.WEBP") == .webp && OutputFormat.image(endingOf: "x.png") == .png)
    #expect(OutputFormat.image(endingOf: "x.svg") == .svg && OutputFormat.image(endingOf: "x.jpg") == nil)
    #expect(try OutputFormat.parseImage("webp") == .webp)
    #expect(throws: WordFitError.self) { try OutputFormat.parseImage("gif") }
    #expect(OutputFormat.webp.source == .pixels && OutputFormat.svg.source == .drawing)
    #expect(OutputFormat.printer(.zpl(dotsPerInch: 203)).fileExtension == "zpl")
    #expect(OutputFormat.svg.encoder() == nil && OutputFormat.webp.encoder() is WebPImageEncoder)
  }
}
