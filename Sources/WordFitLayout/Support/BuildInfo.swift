import Foundation
import WordFitCore
import WordFitFonts
import WordFitImage
import WordFitOutput
import WordFitText

/// What a WordFit build is: its version, the commit it was built from, and the C libraries it
/// runs with (what `wordfit --version` prints).
public enum BuildInfo {
  /// The commit a release was built from: `share/wordfit/commit` beside the installed fonts,
  /// written by `scripts/package.sh`; `nil` for a build from a checkout.
  public static var commit: String? {
    for fonts in BundledFonts.searchDirectories {
      let file = (PathText.deletingLastComponent(fonts) as NSString).appendingPathComponent("commit")
      if let text = try? String(contentsOfFile: file, encoding: .utf8) {
        let commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !commit.isEmpty, commit.count <= 64 { return commit }
      }
    }
    return nil
  }

  /// The C libraries and their versions, as loaded (FreeType, HarfBuzz, fontconfig) or built
  /// against (FriBidi, libpng, libdeflate, libwebp).
  public static var libraries: [(name: String, version: String)] {
    [
      ("FreeType", TextLibraries.freeTypeVersion), ("HarfBuzz", TextLibraries.harfBuzzVersion),
      ("FriBidi", TextLibraries.fribidiVersion), ("fontconfig", FontLocator.fontconfigVersion),
      ("libpng", PNGCodec.libpngVersion), ("libdeflate", PNGCodec.libdeflateVersion),
      ("libwebp", WebPImageEncoder.libraryVersion),
    ]
  }

  /// Two lines: `wordfit 0.1.0 (commit 1a2b3c4)` and the libraries.
  public static var versionText: String {
    "wordfit \(wordFitVersion) (\(commit.map { "commit \($0)" } ?? "built from a checkout"))\n"
      + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
  }
}
