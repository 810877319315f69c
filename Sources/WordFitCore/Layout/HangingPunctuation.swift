/// End punctuation that may hang past a line's edge (`--hang-punctuation`, spec key
/// `hangPunctuation`), with the fraction of its advance that may protrude: Typst's (its
/// `overhang`, typst-layout's inline line layout), which a fitter turns into size.
public enum HangingPunctuation {
  /// The fraction of `character`'s advance that may protrude at a line's end, or `nil` when it
  /// does not hang: "-" (and a soft hyphen shown as one) 0.55; "." and "," 0.8; ":" and ";"
  /// 0.3; en and em dash 0.2; Arabic comma and full stop 0.4.
  public static func fraction(of character: Character) -> Double? {
    switch character {
    case "-", "\u{00AD}": 0.55
    case ".", ",": 0.8
    case ":", ";": 0.3
    case "\u{2013}", "\u{2014}": 0.2
    case "\u{060C}", "\u{06D4}": 0.4
    default: nil
    }
  }
}
