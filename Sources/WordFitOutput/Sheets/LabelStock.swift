import Foundation
import WordFitCore

/// A sheet of labels (Avery L4785, Herma 4412, …) from gLabels' template database (Debian's
/// `glabels-data`, MIT-licensed XML): the page, the label's size, and where each label sits.
/// ``PrintSheet`` places one badge on each label.
public struct LabelStock: Sendable {
  /// The product, `Brand Part` (such as `Avery L4785`).
  public var name: String
  /// gLabels' description (such as `Self-Adhesive Name Badges`).
  public var description: String
  /// The page's width and height, in mm.
  public var pageMillimetres: (width: Double, height: Double)
  /// A label's width, in mm (a round label's diameter).
  public var labelWidth: Double
  /// A label's height, in mm.
  public var labelHeight: Double
  /// The labels' shape: `rectangle`, `round`, `ellipse` or `cd`.
  public var shape: String
  /// Each label's top-left corner on the page, in mm, row by row, left to right.
  public var origins: [(x: Double, y: Double)]

  /// Where gLabels' templates are looked for: `WORDFIT_LABEL_TEMPLATES`, else gLabels 3's and
  /// gLabels-qt's folders.
  public static var folders: [String] {
    if let folder = ProcessInfo.processInfo.environment["WORDFIT_LABEL_TEMPLATES"], !folder.isEmpty { return [folder] }
    return ["/usr/share/libglabels-3.0/templates", "/usr/share/glabels-qt/templates"]
  }

  /// The largest template file read, in bytes.
  static let maximumFileBytes = 16 << 20

  /// Every label stock in the first of ``folders`` that exists, sorted by name; products that
  /// gLabels lists as equivalent to another (`equiv`) are listed under their own names.
  ///
  /// - Throws: ``WordFitError`` `.missingInput` when no folder exists (naming the package to
  ///   install), `.invalidData` for a file that cannot be read as text.
  /// - Complexity: O(total size of the template files).
  public static func catalog() throws -> [LabelStock] {
    guard let folder = folders.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
      throw WordFitError(
        .missingInput,
        "no gLabels templates in \(folders.joined(separator: " or ")); install Debian's glabels-data or set WORDFIT_LABEL_TEMPLATES to a folder of gLabels template XML files"
      )
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let read = { (name: String) throws -> String in
      let bytes = try InputFile.read(
        (folder as NSString).appendingPathComponent(name), role: "label template file", limit: maximumFileBytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    let papers = names.contains("paper-sizes.xml") ? GLabelsXML.paperSizes(try read("paper-sizes.xml")) : [:]
    var stocks: [String: LabelStock] = [:]
    for name in names.sorted() where name.hasSuffix("-templates.xml") {
      for stock in GLabelsXML.stocks(in: try read(name), papers: papers) where stocks[stock.name.lowercased()] == nil {
        stocks[stock.name.lowercased()] = stock
      }
    }
    return stocks.values.sorted { $0.name.lowercased() < $1.name.lowercased() }
  }

  /// The stock `name` names: `Brand Part` or the part alone when one brand has it, ignoring case,
  /// spaces and hyphens.
  ///
  /// - Throws: ``WordFitError`` `.usage` naming near matches for a name that is not in the
  ///   catalog; as ``catalog()``.
  public static func named(_ name: String) throws -> LabelStock {
    let key = normalized(name)
    let stocks = try catalog()
    if let stock = stocks.first(where: { normalized($0.name) == key }) { return stock }
    let byPart = stocks.filter { normalized(String($0.name.split(separator: " ").dropFirst().joined())) == key }
    if byPart.count == 1 { return byPart[0] }
    let near = (byPart.isEmpty ? stocks.filter { normalized($0.name).contains(key) } : byPart).prefix(5).map(\.name)
    let shown = TextFormatting.excerpt(name)
    throw WordFitError(
      .usage,
      "\(Parameter.sheet) \"\(shown)\" is neither a page size (A4, A3, Letter, WxHmm with each side 20…2000 mm) nor a label product\(near.isEmpty ? "" : " (did you mean \(near.joined(separator: ", "))?)"); list them with 'wordfit sheets SEARCH'",
      reason: .malformed(.sheet, value: shown, expected: "A4, A3, Letter, WxHmm or a gLabels product"))
  }

  private static func normalized(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" })
  }
}
