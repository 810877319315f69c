import Foundation
import WordFit

/// `wordfit sheets`: the label products `--sheet` takes, from gLabels' template database.
enum SheetsCommand {
  /// What `sheets` is asked.
  struct Input {
    var json = false
  }

  static let options: [Option<Input>] = [.flag("json", \.json, help: "Print the products as JSON.")]

  static let command = Command(
    name: "sheets", abstract: "List the label products --sheet takes (gLabels' templates), with their sizes.",
    usage: "wordfit sheets [SEARCH] [--json]",
    discussion: """
      Lists the label sheets of gLabels' template database (Debian's glabels-data; WORDFIT_LABEL_TEMPLATES names \
      another folder) whose brand, part or description contains every word of SEARCH (any case): the name --sheet \
      takes, the page, the label's size and shape, how many labels a sheet holds, and gLabels' description. \
      Exit status: 0, 1 nothing matched, 64 usage, 66 no template folder.
      """,
    options: options, run: run)

  /// One product, as `--json` prints it.
  struct Product: Encodable {
    var name: String
    var description: String
    var page: [Double]
    var label: [Double]
    var shape: String
    var labels: Int
    var origins: [[Double]]

    init(_ stock: LabelStock) {
      name = stock.name
      description = stock.description
      page = [stock.pageMillimetres.width, stock.pageMillimetres.height].map(rounded)
      label = [stock.labelWidth, stock.labelHeight].map(rounded)
      shape = stock.shape
      labels = stock.origins.count
      origins = stock.origins.map { [rounded($0.x), rounded($0.y)] }
    }
  }

  static func run(_ parsed: ParsedCommandLine<Input>) throws -> Int32 {
    var input = Input()
    try parsed.apply(to: &input)
    let words = parsed.positionals.flatMap { $0.lowercased().split(separator: " ") }
    let stocks = try LabelStock.catalog().filter { stock in
      let haystack = (stock.name + " " + stock.description).lowercased()
      return words.allSatisfy { haystack.contains($0) }
    }
    if input.json {
      Console.outText(try Console.json(stocks.map(Product.init)))
    } else {
      for stock in stocks {
        let page = "\(millimetres(stock.pageMillimetres.width))x\(millimetres(stock.pageMillimetres.height)) mm"
        let label = "\(millimetres(stock.labelWidth))x\(millimetres(stock.labelHeight)) mm \(stock.shape)"
        Console.out(
          [stock.name, page, label, "\(stock.origins.count) per sheet", stock.description].map {
            $0.padding(toLength: Swift.max($0.count, 24), withPad: " ", startingAt: 0)
          }.joined(separator: " ").trimmingCharacters(in: .whitespaces))
      }
    }
    return stocks.isEmpty ? 1 : 0
  }

  private static func millimetres(_ value: Double) -> String { TextFormatting.pixels(rounded(value)) }
}

/// A length in mm to 0.01 mm.
private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
