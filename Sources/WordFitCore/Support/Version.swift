/// The version of the WordFit library and command-line tool.
public let wordFitVersion = "0.1.0"
