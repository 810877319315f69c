import CFreeType

extension Font {
  /// The PostScript name of the font as it draws: the face's own for a static font
  /// (`DejaVuSans-Bold`); for a variable font, its instance's — the weight's name when only
  /// `wght` is set off its default, as the named instances are called (`InterDisplay-Bold` for
  /// 700), else Adobe Technical Note 5902's form (`InterDisplay_650wght_80wdth`). Without a
  /// PostScript name, the family without spaces. A variable font at its default instance is
  /// named by its weight too (`InterDisplay-Regular`).
  public var instancePostScriptName: String {
    let base =
      String(cString: wf_ft_postscript_name(face)).nonEmpty ?? familyName.replacingOccurrences(of: " ", with: "")
    guard !axes.isEmpty else { return base }
    let family = base.split(separator: "-").first.map(String.init) ?? base
    let others = axes.filter { $0.tag != "wght" && $0.value != $0.defaultValue }
    let weight = axes.first { $0.tag == "wght" }.map(\.value)
    if others.isEmpty, let weight, weight.rounded() == weight, let name = Self.weightNames[Int(weight)] {
      return family + "-" + name
    }
    guard weight != nil || !others.isEmpty else { return base }
    let values = axes.filter { $0.value != $0.defaultValue || $0.tag == "wght" }.map { axis in
      let value = axis.value.rounded() == axis.value ? String(Int(axis.value)) : String(format: "%.2f", axis.value)
      return value + axis.tag.filter { $0.isLetter || $0.isNumber }
    }
    return family + "_" + values.joined(separator: "_")
  }

  /// The usual names of the weights that are multiples of 100.
  static let weightNames = [
    100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold", 700: "Bold",
    800: "ExtraBold", 900: "Black",
  ]
}
