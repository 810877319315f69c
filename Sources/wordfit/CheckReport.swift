import Foundation
import WordFit

/// The table, JSON and HTML reports of `wordfit check`.
struct CheckReport {
  var outcomes: [CheckOutcome]
  var directory: String
  var recordMode: RecordMode
  var artifacts: String
  /// Goldens under the folder with no spec beside them.
  var withoutSpec: [String] = []
  /// Failures known before this run (`--baseline`): reported, never failing it.
  var baseline = CheckBaseline()
  /// The folder report paths are relative to (`--path-root`); `nil`: the working folder.
  var pathRoot: String?
  /// Whether the page lists the cases that passed (under the failures).
  var listsPassed = false

  /// Whether a case failed that the baseline does not list: the run fails.
  var fails: Bool { outcomes.contains { $0.status != .passed && !baseline.knows($0) } }

  private var failing: [CheckOutcome] { outcomes.filter { $0.status != .passed } }

  private func bounds(_ outcome: CheckOutcome) -> String {
    outcome.comparison?.differenceBounds?.summary ?? "-"
  }

  func table() -> [String] {
    let nameWidth = Swift.max(4, outcomes.map(\.checkCase.name.count).max() ?? 4)
    func row(_ cells: [String]) -> String {
      let widths = [nameWidth, 9, 10, 19]
      return cells.enumerated().map { index, cell in
        index < widths.count
          ? cell.padding(toLength: Swift.max(cell.count, widths[index]), withPad: " ", startingAt: 0) : cell
      }.joined(separator: "  ")
    }
    var lines = [row(["case", "status", "differing", "bounds", "note"])]
    for outcome in outcomes {
      let differing = outcome.comparison.map { String($0.differingPixels) } ?? "-"
      lines.append(row([outcome.checkCase.name, outcome.status.rawValue, differing, bounds(outcome), outcome.message]))
    }
    return lines
  }

  func summary(elapsed: Double) -> String {
    var counts: [CheckStatus: Int] = [:]
    for outcome in outcomes { counts[outcome.status, default: 0] += 1 }
    var line = "\(outcomes.count) cases: \(counts[.passed] ?? 0) passed"
    for status in [CheckStatus.failed, .missing, .recorded, .error] where (counts[status] ?? 0) > 0 {
      line += ", \(counts[status]!) \(status.rawValue)"
    }
    line += String(format: " in %.2f s (record mode %@)", elapsed, recordMode.rawValue)
    if outcomes.contains(where: { !$0.artifacts.isEmpty }) { line += "; artifacts in \(artifacts)" }
    if outcomes.contains(where: { $0.artifacts["accept"] != nil }) {
      line += " (to take these renders as goldens: wordfit check \(directory) --accept \(artifacts))"
    }
    return line
  }

  /// One line naming the goldens that have no spec, or `nil` when there are none.
  func withoutSpecLine() -> String? {
    guard !withoutSpec.isEmpty else { return nil }
    let shown = withoutSpec.prefix(10).joined(separator: ", ")
    let more = withoutSpec.count > 10 ? " and \(withoutSpec.count - 10) more" : ""
    return
      "\(withoutSpec.count) golden\(withoutSpec.count == 1 ? "" : "s") without a spec, which check does not compare (a Swift test's or a template's golden is fine; a stale one can go): \(shown)\(more)"
  }

  struct Entry: Encodable {
    var name: String
    var status: String
    var differingPixels: Int?
    var antiAliasedPixels: Int?
    var maxChannelDelta: Int?
    var bounds: PixelBox?
    var allowedDifferingPixels: Int?
    var tolerance: String
    var message: String
    var artifacts: [String: String]
  }

  struct Document: Encodable {
    var directory: String
    var recordMode: String
    var artifacts: String
    var passed: Bool
    var cases: [Entry]
    var goldensWithoutSpec: [String]
  }

  func json() throws -> String {
    let document = Document(
      directory: directory, recordMode: recordMode.rawValue, artifacts: artifacts,
      passed: outcomes.allSatisfy { $0.status == .passed },
      cases: outcomes.map {
        Entry(
          name: $0.checkCase.name, status: $0.status.rawValue, differingPixels: $0.comparison?.differingPixels,
          antiAliasedPixels: $0.comparison?.antiAliasedPixels, maxChannelDelta: $0.comparison?.maxChannelDelta,
          bounds: $0.comparison?.differenceBounds, allowedDifferingPixels: $0.comparison?.allowedDifferingPixels,
          tolerance: $0.toleranceSource, message: $0.message, artifacts: $0.artifacts)
      }, goldensWithoutSpec: withoutSpec)
    return try Console.json(document)
  }

  /// The folder beside the page `html` that holds its images: `REPORT.html` → `REPORT-images`.
  static func imagesFolder(of html: String) -> String {
    (html.hasSuffix(".html") ? String(html.dropLast(5)) : html) + "-images"
  }

  /// One page: every failing case with expected, actual and diff side by side. The images are
  /// copied one at a time into `folder` beside the page (created when needed) and linked by
  /// relative path, so memory does not grow with the failing cases.
  ///
  /// - Throws: ``WordFitError`` `.io` when the folder or an image cannot be written.
  func html(writingImagesTo folder: String) throws -> String {
    var copied = 0
    func image(_ path: String?) throws -> String {
      guard let path, FileManager.default.fileExists(atPath: path) else { return "<div class=none>none</div>" }
      if copied == 0 { try HTMLPage.checkFolder(folder, subfolder: nil) }
      copied += 1
      let name = "\(copied)-" + PathText.lastComponent(path)
      try AtomicFile.write(
        try InputFile.read(path, role: "artifact", limit: InputLimits.pngFileBytes), to: folder + "/" + name)
      let relative = PathText.lastComponent(folder) + "/" + name
      return
        "<img src=\"\(escape(relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative))\" alt=\"\">"
    }
    func escape(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
    var body = ""
    for outcome in failing {
      // A case with a render to accept can be ticked; the list names its golden.
      let tick =
        outcome.artifacts["accept"] == nil
        ? ""
        : "<label class=tick><input type=checkbox class=accept data-golden=\"\(escape(Self.goldenName(outcome)))\"> accept</label>"
      body += """
        <section><h2>\(escape(outcome.checkCase.name)) <span class=\(outcome.status.rawValue)>\(outcome.status.rawValue)</span> \(tick)</h2>
        <p>\(escape(outcome.message))</p><p class=small>bounds \(bounds(outcome)); \(escape(outcome.toleranceSource))</p>
        <div class=row><figure>\(try image(outcome.artifacts["expected"]))<figcaption>expected</figcaption></figure>
        <figure>\(try image(outcome.artifacts["actual"]))<figcaption>actual</figcaption></figure>
        <figure>\(try image(outcome.artifacts["diff"]))<figcaption>diff</figcaption></figure></div></section>

        """
    }
    if body.isEmpty { body = "<p>Every case passed.</p>" }
    let passed = outcomes.filter { $0.status == .passed }
    if listsPassed, !passed.isEmpty {
      body +=
        "<details><summary>\(passed.count) case\(passed.count == 1 ? "" : "s") passed</summary><ul>"
        + passed.map { "<li>\(escape($0.checkCase.name))</li>" }.joined() + "</ul></details>"
    }
    return """
      <!doctype html><html lang=en><meta charset=utf-8><title>wordfit check: \(escape(directory))</title>
      <style>body{font:14px system-ui,sans-serif;margin:2em;background:#f4f4f4}section{background:#fff;padding:1em;margin:1em 0;border-radius:8px}
      .row{display:flex;gap:1em;flex-wrap:wrap}figure{margin:0}img{max-width:420px;border:1px solid #ccc;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0/16px 16px}
      .failed,.error,.missing{color:#c00}.recorded{color:#a60}.small{color:#666;font-size:12px}
      img{cursor:zoom-in}img.zoom{max-width:none;zoom:3;image-rendering:pixelated;cursor:zoom-out}
      .tick{font-size:14px;font-weight:normal;margin-left:1em}#review{position:sticky;top:0;background:#f4f4f4;padding:.5em 0}</style>
      <h1>wordfit check</h1><p>\(escape(directory)): \(outcomes.count) cases, \(failing.count) not passed (record mode \(recordMode.rawValue)).</p>
      <div id=review data-artifacts="\(escape(artifacts))">Tick the cases whose new render is right, then
      <button id=download type=button>download the accept list (<span id=ticked>0</span>)</button> and run
      <code>wordfit check \(escape(directory)) --accept-from wordfit-accept.json</code>. Click an image to zoom.</div>
      \(body)\(Self.reviewScript)\(HTMLPage.imageCheckScript)</html>
      """
  }

  /// The golden a failing case's render replaces, relative to the checked folder (as
  /// `__Goldens__` holds it): `render/start.png`.
  static func goldenName(_ outcome: CheckOutcome) -> String {
    let name = outcome.checkCase.name
    return (name.hasSuffix(".json") ? String(name.dropLast(5)) : name) + ".png"
  }

  /// The page's review: ticking counts, the button downloads `wordfit-accept.json` (the run's
  /// artifacts and the ticked goldens), a click on an image zooms it 3× without smoothing.
  static let reviewScript = """
    <script>(function(){var d=document,count=function(){d.getElementById('ticked').textContent=\
    d.querySelectorAll('input.accept:checked').length};d.addEventListener('change',count);\
    d.getElementById('download').addEventListener('click',function(){var n=[],b=d.querySelectorAll('input.accept:checked');\
    for(var i=0;i<b.length;i++)n.push(b[i].getAttribute('data-golden'));var j=JSON.stringify({artifacts:\
    d.getElementById('review').getAttribute('data-artifacts'),accept:n},null,1)+'\\n',a=d.createElement('a');\
    a.href=URL.createObjectURL(new Blob([j],{type:'application/json'}));a.download='wordfit-accept.json';\
    d.body.appendChild(a);a.click();a.remove()});d.addEventListener('click',function(e){var t=e.target;\
    if(t.tagName==='IMG')t.classList.toggle('zoom')})})();</script>
    """
}
