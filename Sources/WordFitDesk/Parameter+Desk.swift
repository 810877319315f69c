import WordFitCore

extension Parameter {
  /// The export's column a scan carries: the ticket's secret or order code.
  public static let scanKey = Parameter("key", name: "key column", isSpecKey: false)
  /// Where a desk's print jobs go: a printer's address, a CUPS queue or a file.
  public static let to = Parameter("to", name: "print destination", isSpecKey: false)
  /// The print log, JSON Lines.
  public static let log = Parameter("log", name: "print log", isSpecKey: false)
  /// The address and port the desk's page is served at.
  public static let listen = Parameter("listen", name: "page address", isSpecKey: false)
  /// The secret every request to the desk's page must carry.
  public static let token = Parameter("token", name: "page token", isSpecKey: false)
}
