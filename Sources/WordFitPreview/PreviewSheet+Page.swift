import Foundation
import WordFitCore
import WordFitImage
import WordFitOutput

extension PreviewSheet {
  /// Writes a self-contained page to `directory` (created if needed): `index.html` with the
  /// grid, the markers and the table, and the sheet (`sheet.png`, or `sheet.webp` in
  /// ``imageFormat``). The page shows each cell's render (in that format) from
  /// `cells/`: rendered with ``PreviewRequest/cellFolder`` set to `directory/cells`, or kept
  /// (``PreviewRequest/keepsCellImages``), in which case they are written now. The page loads
  /// nothing from the network.
  ///
  /// - Throws: ``WordFitError`` `.io` when a file cannot be written.
  public func writePage(to directory: String, title: String) throws {
    try HTMLPage.checkFolder(directory)
    try AtomicFile.write(try Self.encoded(image, metadata: [], as: imageFormat), to: directory + "/" + sheetFile)
    for cell in cells {
      guard let image = cell.image else { continue }
      try AtomicFile.write(
        try Self.encoded(image, metadata: cell.metadata, as: imageFormat),
        to: directory + "/" + Self.file(of: cell, format: imageFormat))
    }
    try AtomicFile.write(Array(page(title: title).utf8), to: directory + "/index.html")
  }

  /// The sheet's file, relative to the page: `sheet.png` or `sheet.webp`.
  var sheetFile: String { "sheet." + imageFormat.fileExtension }

  /// A cell's image file, relative to the page: `cells/45mm-xLarge.png`.
  static func file(of cell: PreviewCell, format: OutputFormat) -> String {
    "cells/" + fileName(of: cell, format: format)
  }

  /// A cell's image file name in `format`: `45mm-xLarge.png`, `45mm-xLarge.webp`.
  static func fileName(of cell: PreviewCell, format: OutputFormat = .png) -> String {
    let safe = cell.canvas.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
    return "\(String(safe))-\(cell.column.fileTag).\(format.fileExtension)"
  }

  /// `format` if it is a pixel format (PNG, WebP), else PNG: a page's images are pixels.
  static func pixelFormat(_ format: OutputFormat) -> OutputFormat {
    [.png, .webp].contains(format) ? format : .png
  }

  /// `image` encoded in `format` (``pixelFormat(_:)``), with `metadata` as its text.
  ///
  /// - Complexity: O(*width* × *height*).
  static func encoded(_ image: Canvas, metadata: [(key: String, value: String)], as format: OutputFormat) throws
    -> [UInt8]
  {
    guard let encoder = pixelFormat(format).encoder() else { return try PNGCodec.encode(image, text: metadata) }
    return try encoder.encode(image, metadata: metadata, dotsPerInch: nil)
  }

  private func page(title: String) -> String {
    let e = HTMLPage.escape
    var grid = "<tr><th></th>" + columns.map { "<th>\(e($0.title))</th>" }.joined() + "</tr>\n"
    for (row, canvas) in canvases.enumerated() {
      grid += "<tr><th>\(e(canvas))</th>"
      for column in columns.indices {
        let cell = cells[row * columns.count + column]
        guard cell.isAvailable, cell.imageSize.width > 0 else {
          grid += "<td class=na>\(e(cell.unavailableReason))</td>"
          continue
        }
        let marks = cell.problems.map { "<b>\($0.rawValue)</b>" }.joined(separator: " ")
        grid += """
          <td class="\(cell.problems.isEmpty ? "ok" : "marked")"><img src="\(Self.file(of: cell, format: imageFormat))" \
          width=\(max(1, Int(Double(cell.imageSize.width) * 0.5))) alt="\(e(cell.name))"><br>\
          \(TextFormatting.pixels(cell.size)) px · \(TextFormatting.pixels(cell.points)) \(cell.pointUnit)<br>\
          <span class=small>\(e(cell.limit))</span> \(marks)</td>
          """
      }
      grid += "</tr>\n"
    }
    var table =
      "<tr><th>canvas</th><th>size</th><th>px</th><th>pt or sp</th><th>limited by</th><th>problems</th></tr>\n"
    for cell in cells where cell.isAvailable {
      table +=
        "<tr class=\"\(cell.problems.isEmpty ? "ok" : "marked")\"><td>\(e(cell.canvas))</td><td>\(e(cell.column.title))</td>"
        + "<td>\(TextFormatting.pixels(cell.size))</td><td>\(TextFormatting.pixels(cell.points)) \(cell.pointUnit)</td>"
        + "<td>\(e(cell.limit))</td><td>\(cell.problems.map(\.rawValue).joined(separator: ", "))</td></tr>\n"
    }
    return """
      <!doctype html><html lang=en><meta charset=utf-8><title>\(e(title))</title>
      <style>body{font:14px system-ui,sans-serif;margin:2em;background:#1c1c1e;color:#ddd}
      table{border-collapse:collapse}td,th{padding:6px;vertical-align:top;text-align:left}
      td img{display:block;border:3px solid transparent}td.marked img{border-color:#ff453a}
      b{color:#ff453a;font-weight:600}.small{color:#999;font-size:12px}.na{color:#777}
      tr.marked td{color:#ff6961}#table td,#table th{border-bottom:1px solid #333}</style>
      <h1>\(e(title))</h1><p>\(e(summary))</p><p><a href="\(sheetFile)">\(sheetFile)</a></p>
      <table id=grid>\(grid)</table><h2>Variants</h2><table id=table>\(table)</table>
      \(HTMLPage.imageCheckScript)</html>
      """
  }
}
