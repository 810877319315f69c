/// Path arithmetic on strings, in Swift alone, with the answers Foundation's `NSString` path
/// properties give: swift-corelibs-foundation traps on Linux for some names (a doubled slash
/// before a last character outside ASCII, `out//Zoë`, stops `lastPathComponent`,
/// `pathExtension`, `deletingPathExtension` and `deletingLastPathComponent`), and paths come
/// from users, specs, exports and requests.
package enum PathText {
  /// `path` with runs of slashes made one and a trailing slash dropped (`/` stays `/`).
  ///
  /// - Complexity: O(*n*) in the path's length.
  package static func tidy(_ path: String) -> String {
    var scalars = String.UnicodeScalarView()
    var previousWasSlash = false
    for scalar in path.unicodeScalars {
      let isSlash = scalar == "/"
      if isSlash && previousWasSlash { continue }
      scalars.append(scalar)
      previousWasSlash = isSlash
    }
    if scalars.count > 1, scalars.last == "/" { scalars.removeLast() }
    return String(scalars)
  }

  /// The last component (`a/b.png` → `b.png`; `/` → `/`; `a/` → `a`).
  ///
  /// - Complexity: O(*n*).
  package static func lastComponent(_ path: String) -> String {
    let tidy = tidy(path)
    guard tidy != "/", let slash = tidy.lastIndex(of: "/") else { return tidy }
    return String(tidy[tidy.index(after: slash)...])
  }

  /// The path without its last component (`a/b.png` → `a`; `/a` → `/`; `a` → empty).
  ///
  /// - Complexity: O(*n*).
  package static func deletingLastComponent(_ path: String) -> String {
    let tidy = tidy(path)
    guard tidy != "/", let slash = tidy.lastIndex(of: "/") else { return tidy == "/" ? "/" : "" }
    return slash == tidy.startIndex ? "/" : String(tidy[..<slash])
  }

  /// The last component's extension, without its dot (`a/b.PNG` → `PNG`; `a/.profile`, `a/b`
  /// → empty).
  ///
  /// - Complexity: O(*n*).
  package static func pathExtension(_ path: String) -> String {
    let last = lastComponent(path)
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
    return String(last[last.index(after: dot)...])
  }

  /// The path without its last component's extension and its dot (`a/b.png` → `a/b`, `a.` →
  /// `a`).
  ///
  /// - Complexity: O(*n*).
  package static func deletingExtension(_ path: String) -> String {
    let tidy = tidy(path)
    let start = tidy.lastIndex(of: "/").map { tidy.index(after: $0) } ?? tidy.startIndex
    guard let dot = tidy[start...].lastIndex(of: "."), dot != start else { return tidy }
    return String(tidy[..<dot])
  }
}
