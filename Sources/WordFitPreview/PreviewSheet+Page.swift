import Foundation
import WordFitCore
import WordFitImage

extension PreviewSheet {
  /// Writes a self-contained page to `directory` (created if needed): `index.html` with the
  /// grid, the markers and the table, and `sheet.png`. The page shows each cell's render from
  /// `cells/`: rendered with ``PreviewRequest/cellFolder`` set to `directory/cells`, or kept
  /// (``PreviewRequest/keepsCellImages``), in which case they are written now. The page loads
  /// nothing from the network.
  ///
  /// - Throws: ``WordFitError`` `.io` when a file cannot be written.
  public func writePage(to directory: String, title: String) throws {
    try HTMLPage.checkFolder(directory)
    try AtomicFile.write(try PNGCodec.encode(image), to: directory + "/sheet.png")
    for cell in cells {
      guard let image = cell.image else { continue }
      try AtomicFile.write(try PNGCodec.encode(image, text: cell.metadata), to: directory + "/" + Self.file(of: cell))
    }
    try AtomicFile.write(Array(page(title: title).utf8), to: directory + "/index.html")
  }

  /// A cell's image file, relative to the page: `cells/45mm-xLarge.png`.
  static func file(of cell: PreviewCell) -> String { "cells/" + fileName(of: cell) }

  /// A cell's image file name: `45mm-xLarge.png`.
  static func fileName(of cell: PreviewCell) -> String {
    let safe = cell.canvas.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
    return "\(String(safe))-\(cell.column.fileTag).png"
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
          <td class="\(cell.problems.isEmpty ? "ok" : "marked")"><img src="\(Self.file(of: cell))" \
          width=\(max(1, Int(Double(cell.imageSize.width) * 0.5))) alt="\(e(cell.name))"><br>\
          \(TextFormatting.pixels(cell.size)) px · \(TextFormatting.pixels(cell.points)) pt<br>\
          <span class=small>\(e(cell.limit))</span> \(marks)</td>
          """
      }
      grid += "</tr>\n"
    }
    var table = "<tr><th>canvas</th><th>size</th><th>px</th><th>pt</th><th>limited by</th><th>problems</th></tr>\n"
    for cell in cells where cell.isAvailable {
      table +=
        "<tr class=\"\(cell.problems.isEmpty ? "ok" : "marked")\"><td>\(e(cell.canvas))</td><td>\(e(cell.column.title))</td>"
        + "<td>\(TextFormatting.pixels(cell.size))</td><td>\(TextFormatting.pixels(cell.points))</td>"
        + "<td>\(e(cell.limit))</td><td>\(cell.problems.map(\.rawValue).joined(separator: ", "))</td></tr>\n"
    }
    return """
      <!doctype html><html lang=en><meta charset=utf-8><title>\(e(title))</title>
      <style>body{font:14px system-ui,sans-serif;margin:2em;background:#1c1c1e;color:#ddd}
      table{border-collapse:collapse}td,th{padding:6px;vertical-align:top;text-align:left}
      td img{display:block;border:3px solid transparent}td.marked img{border-color:#ff453a}
      b{color:#ff453a;font-weight:600}.small{color:#999;font-size:12px}.na{color:#777}
      tr.marked td{color:#ff6961}#table td,#table th{border-bottom:1px solid #333}</style>
      <h1>\(e(title))</h1><p>\(e(summary))</p><p><a href="sheet.png">sheet.png</a></p>
      <table id=grid>\(grid)</table><h2>Variants</h2><table id=table>\(table)</table>
      \(HTMLPage.imageCheckScript)</html>
      """
  }
}
