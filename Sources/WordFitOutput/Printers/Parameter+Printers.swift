import WordFitCore

extension Parameter {
  /// A label printer's language (`zpl`, `zpl:300`).
  public static let printer = Parameter("printer", name: "label printer", isSpecKey: false)
  /// Sending a network printer's jobs without asking its status first.
  public static let noStatus = Parameter("noStatus", name: "no status check", isSpecKey: false)
}
