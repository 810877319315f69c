import Foundation
import WordFitCore
import WordFitImage
import WordFitPreview

/// The page `wordfit strings --html DIR` writes: a row per string (key × language × variant)
/// with the sheet of its problem cells, filters by language, problem and canvas, and for each
/// failing string the largest size at which it would fit and how much shorter it must be.
///
/// The images are the rows' ``StringsRow/image`` files, which must lie in `DIR/cells` (a
/// ``StringsCheck`` with ``StringsCheck/imageFolder`` set to it); the page loads nothing from the
/// network.
public enum StringsPage {
  /// The folder under the page's folder that holds the images.
  public static let imageSubfolder = "cells"

  /// Writes `index.html` into `directory` (created if needed).
  ///
  /// - Throws: ``WordFitError`` `.io` when the folder or the file cannot be written.
  /// - Complexity: O(*n* log *n*) in the number of rows.
  public static func write(
    _ rows: [StringsRow], to directory: String, title: String, summary: String, showsAll: Bool = false
  ) throws {
    try HTMLPage.checkFolder(directory, subfolder: imageSubfolder)
    try AtomicFile.write(
      Array(page(rows, title: title, summary: summary, showsAll: showsAll).utf8), to: directory + "/index.html")
  }

  /// How many strings with problems fit a screen: past it the page opens on those alone.
  public static let screenful = 20

  /// The page's HTML: opened on the strings with problems when more than ``screenful`` have
  /// one (unless `showsAll`), else on every string.
  static func page(_ rows: [StringsRow], title: String, summary: String, showsAll: Bool = false) -> String {
    let e = HTMLPage.escape
    let strings = groups(rows)
    let languages = Array(Set(rows.map(\.language))).sorted()
    let canvases = rows.reduce(into: [String]()) { seen, row in
      if !seen.contains(row.canvas) { seen.append(row.canvas) }
    }
    func options(_ values: [String], all: String) -> String {
      "<option value=\"\">\(all)</option>" + values.map { "<option>\(e($0))</option>" }.joined()
    }
    let body = strings.map(tableRow).joined(separator: "\n")
    let failing = strings.filter { group in group.contains { !$0.problems.isEmpty } }.count
    let opensOnAll = showsAll || failing <= screenful
    return """
      <!doctype html><html lang=en><meta charset=utf-8><title>\(e(title))</title>
      <style>body{font:14px system-ui,sans-serif;margin:2em;background:#1c1c1e;color:#ddd}
      table{border-collapse:collapse;width:100%}td,th{padding:6px;vertical-align:top;text-align:left;\
      border-bottom:1px solid #333}figure{display:inline-block;margin:0 8px 8px 0;vertical-align:top}
      figure img{display:block;max-height:160px;width:auto;border:3px solid #ff453a}figcaption{font-size:12px;color:#999}
      b{color:#ff453a;font-weight:600}.text{font-size:16px;color:#fff}.fix{color:#ffd60a}
      label{margin-right:1.5em}.ok td{color:#8e8e93}figure img{cursor:zoom-in}\
      figure img.zoom{max-height:none;zoom:2;image-rendering:pixelated;cursor:zoom-out}</style>
      <h1>\(e(title))</h1><p>\(e(summary))</p>
      <p><label>Language <select id=language>\(options(languages, all: "all"))</select></label>
      <label>Problem <select id=problem><option value=any>any problem</option><option>truncated</option>\
      <option>min-scale</option><option>illegible</option><option value=all\(opensOnAll ? " selected" : "")>every \
      string</option></select></label>
      <label>Canvas <select id=canvas>\(options(canvases, all: "all"))</select></label>
      <span id=shown></span></p>
      <table><thead><tr><th>key</th><th>language</th><th>variant</th><th>text</th><th>to fit</th>\
      <th>where it does not fit</th></tr></thead><tbody>
      \(body)
      </tbody></table>
      \(filterScript)
      \(HTMLPage.imageCheckScript)</html>
      """
  }

  /// The rows of each string, in the rows' order.
  private static func groups(_ rows: [StringsRow]) -> [[StringsRow]] {
    var order: [String] = []
    var groups: [String: [StringsRow]] = [:]
    for row in rows {
      let id = [row.key, row.language, row.variant].joined(separator: "\u{1F}")
      if groups[id] == nil { order.append(id) }
      groups[id, default: []].append(row)
    }
    return order.compactMap { groups[$0] }
  }

  /// One string's table row: its text, what would make it fit, and a figure per problem cell.
  private static func tableRow(_ group: [StringsRow]) -> String {
    let e = HTMLPage.escape
    guard let first = group.first else { return "" }
    let failing = group.filter { !$0.problems.isEmpty }
    let problems = Set(failing.flatMap(\.problems)).sorted()
    let canvases = Set(failing.map(\.canvas)).sorted()
    let figures = failing.map { row -> String in
      let image = row.image.map {
        "<img src=\"\(imageSubfolder)/\(e(PathText.lastComponent($0)))\" alt=\"\(e(row.canvas)) \(e(row.dynamicType))\">"
      }
      return """
        <figure data-canvas="\(e(row.canvas))" data-problems=" \(row.problems.joined(separator: " ")) ">\
        \(image ?? "")<figcaption>\(e(row.canvas)) · \(e(row.dynamicType))<br>\
        \(TextFormatting.pixels((row.size * 100).rounded() / 100)) px · \(e(row.limit))<br>\
        <b>\(row.problems.joined(separator: ", "))</b></figcaption></figure>
        """
    }
    return """
      <tr class="\(failing.isEmpty ? "ok" : "marked")" data-language="\(e(first.language))" \
      data-problems=" \(problems.joined(separator: " ")) " data-canvases=" \(canvases.map(e).joined(separator: " ")) ">\
      <td>\(e(first.key))</td><td>\(e(first.language))</td><td>\(e(first.variant.isEmpty ? "-" : first.variant))</td>\
      <td class=text dir=auto>\(e(first.text))</td><td class=fix>\(fix(failing))</td>\
      <td>\(figures.joined())</td></tr>
      """
  }

  /// What would make the string fit everywhere: the smallest of the largest sizes at which it
  /// would, and the most it must be shortened.
  private static func fix(_ failing: [StringsRow]) -> String {
    let measured = failing.filter { $0.overflowPercent != nil }
    guard let worst = measured.max(by: { ($0.overflowPercent ?? 0) < ($1.overflowPercent ?? 0) }) else {
      return failing.isEmpty ? "fits" : ""
    }
    let size = worst.wouldFitAt.map { "fits at \(TextFormatting.pixels(($0 * 100).rounded() / 100)) px on " } ?? ""
    return
      "\(size)\(HTMLPage.escape(worst.canvas)) \(HTMLPage.escape(worst.dynamicType)), or \(worst.overflow ?? 0) px (\(TextFormatting.pixels(worst.overflowPercent ?? 0))%) shorter"
  }

  /// Shows the rows and figures the three filters select, and how many; a click on an image
  /// zooms it 2× without smoothing.
  private static let filterScript = """
    <script>(function(){var l=document.getElementById('language'),p=document.getElementById('problem'),\
    c=document.getElementById('canvas'),shown=document.getElementById('shown');function apply(){var n=0,\
    rows=document.querySelectorAll('tbody tr');for(var i=0;i<rows.length;i++){var r=rows[i],f=r.querySelectorAll('figure'),\
    visible=0;for(var k=0;k<f.length;k++){var ok=(!c.value||f[k].dataset.canvas===c.value)&&\
    (p.value==='any'||p.value==='all'||f[k].dataset.problems.indexOf(' '+p.value+' ')>=0);\
    f[k].style.display=ok?'':'none';if(ok)visible++;}var show=(!l.value||r.dataset.language===l.value)&&\
    (p.value==='all'||visible>0);r.style.display=show?'':'none';if(show)n++;}shown.textContent=n+' strings shown';}\
    l.onchange=p.onchange=c.onchange=apply;apply();document.addEventListener('click',function(e){\
    if(e.target.tagName==='IMG')e.target.classList.toggle('zoom')});})();</script>
    """
}
