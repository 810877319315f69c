import Foundation

/// One string a watch shows for a catalog key in a language: the variant it came from
/// (`device.applewatch`, `plural.one`, `%#@count@.few` …, empty for a plain string) and the exact
/// text laid out, format specifiers filled.
public struct StringVariant: Sendable, Equatable {
  /// Where it came from in the catalog.
  public var variant: String
  /// The text laid out.
  public var text: String
}

extension StringCatalog.Entry {
  /// The most variants a key expands to in one language (plural forms × substitutions).
  static let maximumVariants = 64

  /// The strings a watch shows for this key in `language`: the `device.applewatch` variation,
  /// else `device.other`, else the plain unit; every plural form, its number filled by
  /// ``PluralSamples``; substitutions expanded. A key not to translate shows its source
  /// string; a language without a localization shows nothing (`[]`), except the source
  /// language, which shows the key.
  ///
  /// - Complexity: O(*v*) for *v* ≤ ``maximumVariants`` variants.
  func watchVariants(language: String, sourceLanguage: String, transform: ((String) -> String)? = nil)
    -> [StringVariant]
  {
    let unit = localizations[shouldTranslate ? language : sourceLanguage] ?? localizations[sourceLanguage]
    guard let unit, shouldTranslate ? localizations[language] != nil : true else {
      return language == sourceLanguage || !shouldTranslate
        ? [StringVariant(variant: "", text: StringFormat.filled(transform?(key) ?? key, number: nil))] : []
    }
    let expanded = Self.expand(unit, path: "", number: nil, language: language, transform: transform)
    return Array(expanded.prefix(Self.maximumVariants))
  }

  private static func expand(
    _ unit: StringCatalog.Unit, path: String, number: String?, language: String,
    transform: ((String) -> String)? = nil
  ) -> [StringVariant] {
    switch unit {
    case .string(let value, _):
      return [StringVariant(variant: path, text: StringFormat.filled(transform?(value) ?? value, number: number))]
    case .variations(.device, let cases):
      let name = ["applewatch", "other"].first { cases[$0] != nil } ?? cases.keys.sorted().first
      guard let name, let chosen = cases[name] else { return [] }
      return expand(
        chosen, path: join(path, "device.\(name)"), number: number, language: language, transform: transform)
    case .variations(.plural, let cases):
      // Capped as it goes, so variations nested in variations cannot multiply without bound.
      var variants: [StringVariant] = []
      for category in PluralSamples.order where variants.count < maximumVariants {
        guard let nested = cases[category] else { continue }
        variants += expand(
          nested, path: join(path, "plural.\(category)"), number: PluralSamples.sample(category, language: language),
          language: language, transform: transform)
      }
      return Array(variants.prefix(maximumVariants))
    case .substituted(let base, let substitutions):
      var variants = expand(base, path: path, number: number, language: language, transform: transform)
      for (name, substitution) in substitutions.sorted(by: { $0.key < $1.key }) {
        let placeholder = "%#@\(name)@"
        variants = variants.flatMap { variant -> [StringVariant] in
          guard variant.text.contains(placeholder) else { return [variant] }
          var filled: [StringVariant] = []
          for category in PluralSamples.order where filled.count < maximumVariants {
            guard let nested = substitution.cases[category] else { continue }
            let sample = PluralSamples.sample(category, language: language)
            // A pseudolocale transforms the message, not the text substituted into it.
            filled += expand(nested, path: "", number: sample, language: language).map {
              StringVariant(
                variant: join(variant.variant, "%#@\(name)@.\(category)"),
                text: variant.text.replacingOccurrences(of: placeholder, with: $0.text))
            }
          }
          return filled
        }
        if variants.count > maximumVariants { variants = Array(variants.prefix(maximumVariants)) }
      }
      return variants
    }
  }

  private static func join(_ path: String, _ part: String) -> String {
    path.isEmpty ? part : path + " " + part
  }
}
