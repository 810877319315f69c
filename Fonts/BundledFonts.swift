import Foundation

/// Where the fonts that ship with WordFit live.
///
/// SwiftPM copies this folder's fonts into the `WordFit_WordFitFonts.resources` bundle next to
/// the built products. The generated `Bundle.module` accessor traps when that bundle is missing
/// (for example when only the binary was copied elsewhere), so the lookup here checks each place
/// itself and never traps; see ``BundledFonts/searchDirectories``.
public enum BundledFonts {
  /// The name of the resource bundle SwiftPM builds from `Fonts/`.
  public static let resourceBundleName = "WordFit_WordFitFonts.resources"

  /// The folders searched for bundled fonts, in order:
  /// 1. `$WORDFIT_FONT_DIR`;
  /// 2. the resource bundle beside the running executable (and beside its resolved symlink);
  /// 3. `share/wordfit/fonts` beside the executable's `bin/` folder (an installed layout).
  ///
  /// Never the checkout the binary was built from: a copied binary that finds no fonts says so
  /// (and names these folders) rather than silently drawing with fonts it does not ship with.
  public static var searchDirectories: [String] { directories }

  /// ``searchDirectories``, worked out once a process (it reads the environment and resolves
  /// the executable's links; every font cache of every worker asked for it).
  private static let directories: [String] = {
    var directories: [String] = []
    if let override = ProcessInfo.processInfo.environment["WORDFIT_FONT_DIR"], !override.isEmpty {
      directories.append(override)
    }
    var executableDirectories: [String] = []
    let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
    if !executable.isEmpty {
      let directory = (executable as NSString).deletingLastPathComponent
      executableDirectories.append(directory)
      let resolved = (executable as NSString).resolvingSymlinksInPath
      let resolvedDirectory = (resolved as NSString).deletingLastPathComponent
      if resolvedDirectory != directory { executableDirectories.append(resolvedDirectory) }
    }
    executableDirectories.append(Bundle.main.bundlePath)
    for directory in executableDirectories {
      directories.append((directory as NSString).appendingPathComponent(resourceBundleName))
      let prefix = (directory as NSString).deletingLastPathComponent
      directories.append((prefix as NSString).appendingPathComponent("share/wordfit/fonts"))
    }
    var seen = Set<String>()
    return directories.filter { seen.insert($0).inserted }
  }()

  /// The path of the bundled font file `name` (for example `DejaVuSans-Bold.ttf`), or `nil`
  /// when no search directory holds it.
  public static func path(of name: String) -> String? {
    for directory in searchDirectories {
      let candidate = (directory as NSString).appendingPathComponent(name)
      if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
