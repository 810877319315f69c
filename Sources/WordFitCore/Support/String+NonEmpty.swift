extension String {
  /// The string, or `nil` when it is empty (for `?? "default"`).
  package var nonEmpty: String? { isEmpty ? nil : self }
}
