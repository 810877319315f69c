import WordFitCore

extension Parameter {
  /// The export's column a scan carries: the ticket's secret or order code.
  public static let key = Parameter("key", name: "key column", isSpecKey: false)
  /// Where a desk's print jobs go: a printer's address, a CUPS queue or a file.
  public static let to = Parameter("to", name: "print destination", isSpecKey: false)
  /// The print log, JSON Lines.
  public static let log = Parameter("log", name: "print log", isSpecKey: false)
}
