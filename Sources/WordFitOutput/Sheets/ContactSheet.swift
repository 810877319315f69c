import WordFitCore
import WordFitImage
import WordFitText

/// A grid of scaled-down badges with their file names, for a quick look at a batch: the
/// contact sheet a batch writes through an ``OutputRequest``.
public enum ContactSheet {
  /// Thumbnails are at most this wide, in pixels.
  public static let thumbnailWidth = 132
  /// Thumbnails are at most this tall, in pixels: a tall badge is shrunk further, so a sheet's
  /// memory is bounded by its count whatever the badges' shape.
  public static let thumbnailHeight = 264
  /// The most badges a contact sheet shows (its rows then stay under 16,384 px).
  public static let maximumCount = 400
  /// Thumbnails per row of the grid.
  public static let columns = 8

  /// `canvas` shrunk by a whole factor (box filter) to at most ``thumbnailWidth`` wide and
  /// ``thumbnailHeight`` tall, as RGB.
  ///
  /// - Complexity: O(*width* × *height*).
  public static func thumbnail(of canvas: Canvas) -> Canvas {
    let factor = Swift.max(
      1, (canvas.width + thumbnailWidth - 1) / thumbnailWidth, (canvas.height + thumbnailHeight - 1) / thumbnailHeight)
    let width = Swift.max(1, canvas.width / factor)
    let height = Swift.max(1, canvas.height / factor)
    let source = ImageComparator.rgba(canvas)
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        var sums = [0, 0, 0]
        for dy in 0..<factor {
          for dx in 0..<factor {
            let offset = ((y * factor + dy) * canvas.width + x * factor + dx) * 4
            let alpha = Int(source[offset + 3])
            // Translucent pixels are shown over the sheet's dark grey.
            for channel in 0..<3 {
              sums[channel] += (Int(source[offset + channel]) * alpha + 28 * (255 - alpha)) / 255
            }
          }
        }
        for channel in 0..<3 { pixels[(y * width + x) * 3 + channel] = UInt8(sums[channel] / (factor * factor)) }
      }
    }
    return Canvas(width: width, height: height, format: .rgb, pixels: pixels)
      ?? Canvas(width: width, height: height, format: .rgb, background: .black)
  }

  /// The sheet: thumbnails in a grid, each with its caption below, on dark grey.
  ///
  /// - Complexity: O(sheet area) plus the captions' glyphs.
  package static func make(_ entries: [(thumbnail: Canvas, caption: String)], cascade: FontCascade) -> Canvas {
    let cellWidth = (entries.map(\.thumbnail.width).max() ?? thumbnailWidth) + 12
    let captionSize = 11.0
    let captionHeight = 18
    let cellHeight = (entries.map(\.thumbnail.height).max() ?? thumbnailWidth) + captionHeight + 12
    let columns = Swift.max(1, Swift.min(Self.columns, entries.count))
    let rows = Swift.max(1, (entries.count + columns - 1) / columns)
    var sheet = Canvas(
      width: columns * cellWidth + 12, height: rows * cellHeight + 12, format: .rgb,
      background: Color(red: 28, green: 28, blue: 28))
    for (index, entry) in entries.enumerated() {
      let x = 12 + (index % columns) * cellWidth
      let y = 12 + (index / columns) * cellHeight
      sheet.blit(entry.thumbnail, atX: x, y: y)
      let caption = cascade.truncation(of: entry.caption, atSize: captionSize, toWidth: cellWidth - 12).text
      let shaped = cascade.shape(entry.caption.isEmpty ? "" : caption, atSize: captionSize)
      sheet.draw(
        shaped, fonts: cascade.fonts, at: PixelPoint(x: x, y: y + entry.thumbnail.height + 14),
        color: Color(red: 200, green: 200, blue: 200))
    }
    return sheet
  }
}
