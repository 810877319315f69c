extension GLabelsXML {
  /// The label stocks a template file describes, equivalents included, skipping rolls and
  /// pages of unknown size.
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func stocks(in text: String, papers: [String: (width: Double, height: Double)]) -> [LabelStock] {
    var stocks: [LabelStock] = []
    var byPart: [String: LabelStock] = [:]
    var current: LabelStock? = nil
    let finish = {
      if var stock = current, !stock.origins.isEmpty {
        // Sorted once per template: after every <Layout>, 2,000 of them hung `sheets`.
        stock.origins.sort { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }
        stocks.append(stock)
        byPart[stock.name.lowercased()] = stock
      }
      current = nil
    }
    for tag in tags(in: text) {
      switch tag.name {
      case "Template":
        finish()
        let attributes = tag.attributes
        guard let brand = attributes["brand"], let part = attributes["part"] else { continue }
        let name = "\(brand) \(part)"
        if let equivalent = attributes["equiv"] {
          if var stock = byPart["\(brand) \(equivalent)".lowercased()] {
            stock.name = name
            stocks.append(stock)
          }
          continue
        }
        guard let page = pageSize(of: attributes, papers: papers) else { continue }
        current = LabelStock(
          name: name, description: attributes["_description"] ?? attributes["description"] ?? "",
          pageMillimetres: page, labelWidth: 0, labelHeight: 0, shape: "", origins: [])
      case "Label-rectangle", "Label-ellipse", "Label-round", "Label-cd":
        guard current != nil, current?.shape.isEmpty == true else { continue }
        let radius = millimetres(tag.attributes["radius"])
        current?.shape = String(tag.name.dropFirst("Label-".count))
        current?.labelWidth = millimetres(tag.attributes["width"]) ?? radius.map { 2 * $0 } ?? 0
        current?.labelHeight = millimetres(tag.attributes["height"]) ?? radius.map { 2 * $0 } ?? 0
      case "Layout":
        guard let placed = current?.origins.count, placed < maximumLabels else { continue }
        current?.origins += origins(of: tag.attributes).prefix(maximumLabels - placed)
      default: continue
      }
    }
    finish()
    return stocks.filter(isSane)
  }

  /// Whether every length of a stock is a number of millimetres a sheet can have (0 < side ≤
  /// 10 m; origins within 10 m of the page): the file is data, and a bad one must not reach
  /// the pixel arithmetic.
  private static func isSane(_ stock: LabelStock) -> Bool {
    let sides = [stock.pageMillimetres.width, stock.pageMillimetres.height, stock.labelWidth, stock.labelHeight]
    let corners = stock.origins.flatMap { [$0.x, $0.y] }
    return sides.allSatisfy { $0.isFinite && $0 > 0 && $0 <= 10_000 }
      && corners.allSatisfy { $0.isFinite && abs($0) <= 10_000 }
  }

  private static func pageSize(
    of attributes: [String: String], papers: [String: (width: Double, height: Double)]
  ) -> (width: Double, height: Double)? {
    guard let size = attributes["size"] else { return nil }
    if let paper = papers[size] { return paper }
    guard size == "Other", let width = millimetres(attributes["width"]), let height = millimetres(attributes["height"])
    else { return nil }
    return (width, height)
  }

  /// The most labels one stock's sheet may have, over all its `<Layout>`s (a bound on bad
  /// data: a real sheet has at most a few hundred).
  static let maximumLabels = 10_000

  /// The top-left corners a `<Layout>` places, at most 10,000 (a bound on bad data).
  private static func origins(of attributes: [String: String]) -> [(x: Double, y: Double)] {
    guard let columns = attributes["nx"].flatMap({ Int($0) }), let rows = attributes["ny"].flatMap({ Int($0) }),
      (1...100).contains(columns), (1...100).contains(rows)
    else { return [] }
    let (x0, y0) = (millimetres(attributes["x0"]) ?? 0, millimetres(attributes["y0"]) ?? 0)
    let (dx, dy) = (millimetres(attributes["dx"]) ?? 0, millimetres(attributes["dy"]) ?? 0)
    return (0..<rows).flatMap { row in (0..<columns).map { (x0 + Double($0) * dx, y0 + Double(row) * dy) } }
  }
}
