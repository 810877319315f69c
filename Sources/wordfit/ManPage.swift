import WordFit

/// `wordfit help --man`: the manual page, in roff, generated from the same command and option
/// declarations as `--help`, so the two never disagree.
enum ManPage {
  /// The page for section 1.
  static var text: String {
    var lines = [
      ".TH WORDFIT 1 \"\" \"wordfit \(escape(wordFitVersionText))\" \"User Commands\"",
      ".SH NAME", "wordfit \\- fit words to a watch-sized canvas at one common size, and render them to PNG",
      ".SH SYNOPSIS", ".B wordfit", ".I command", "[options]",
      ".SH DESCRIPTION",
      "WordFit splits a text into words, one per line, and gives every word the same size: the largest at which the widest word still fits the canvas. It shapes with HarfBuzz and FriBidi, finds fonts and fallback fonts with fontconfig, and draws with FreeType.",
      ".SH COMMANDS",
    ]
    for command in Tool.commands {
      lines += [".SS \(escape(command.name))", escape(command.abstract), ".PP", ".B Usage:", escape(command.usage)]
      for option in command.options {
        let names = (option.short.map { ["-\($0)"] } ?? []) + option.names.map { "--\($0)" }
        lines += [
          ".TP",
          "\\fB\(escape(names.joined(separator: ", ")))\\fR"
            + (option.valueName.map { " \\fI\(escape($0))\\fR" } ?? ""),
          escape(option.help),
        ]
      }
      if !command.discussion.isEmpty { lines += [".PP", escape(command.discussion)] }
    }
    lines += formats
    lines += [
      ".SH EXIT STATUS",
      "0 success; 1 images differ (diff, check), rows failed (batch) or a --fail-on condition (preview); 64 usage error; 65 bad input data; 66 missing input; 74 read/write error; 130 interrupted.",
      ".SH ENVIRONMENT",
      ".TP", "\\fBWORDFIT_FONT_DIR\\fR",
      "Where the bundled fonts are (default: share/wordfit/fonts beside the binary's folder).",
      ".TP", "\\fBFONTCONFIG_FILE\\fR", "fontconfig's configuration: which fonts families and fallback come from.",
      ".TP", "\\fBWORDFIT_RECORD\\fR, \\fBCI\\fR", "Golden record mode for check (missing, failed, all, never).",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The file formats: spec, badge template and `wordfit-check.json` keys, from the decoders'
  /// own key lists.
  static var formats: [String] {
    let template = BadgeTemplate.keys
    func keys(_ list: [String]) -> String { escape(list.joined(separator: ", ")) }
    return [
      ".SH FILE FORMATS",
      ".SS Layout specs (--spec, check)",
      "A JSON object; unknown keys are errors. A spec with \\fBtext\\fR is a render spec, keys: "
        + keys(RenderSpec.keys)
        + ". A spec with \\fBlabels\\fR is a stack spec, keys: " + keys(StackSpec.keys)
        + ". Each key is the long option of the same name (maxSize is \\-\\-max\\-size); relative font and fallback paths are relative to the spec's folder. Both kinds also take \\fBmask\\fR, [[x, y, width, height], ...] in pixels: regions `check` leaves out of the comparison (as in tolerance).",
      ".SS Badge templates (--template)",
      "A JSON object with the keys " + keys(template.top)
        + ". Lengths are px, or mm with \\fBunit\\fR mm at \\fBdpi\\fR. Each of \\fBregions\\fR has "
        + keys(template.region)
        + " and any render spec key but canvas and tolerance; \\fBtext\\fR holds literals and {column} references. Each of \\fBbands\\fR has "
        + keys(template.band) + "; each of \\fBimages\\fR has " + keys(template.image)
        + ". Boxes are [x, y, width, height]; image and font paths are relative to the template's folder.",
      ".SS wordfit-check.json",
      "In a folder given to check: tolerance overrides for its cases, keys " + keys(ToleranceOverrides.keys)
        + ". A spec's own \\fBtolerance\\fR object (same keys) overrides it; \\-\\-threshold and the like override both.",
      ".PP", "The full reference is README.md, installed as share/doc/wordfit/README.md.",
    ]
  }

  private static var wordFitVersionText: String { wordFitVersion }

  /// Text with roff's special characters escaped: backslashes, and a leading dot or quote.
  static func escape(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}
