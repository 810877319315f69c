import CHyphen
import Foundation
import WordFitCore

/// Hyphenation points by libhyphen (the Hunspell/LibreOffice hyphenator: Liang patterns) over
/// one of Debian's `hyph_*.dic` dictionaries, for the fitting engine's wrapped lines.
///
/// A point is kept only between grapheme clusters, at least the dictionary's left and right
/// minimums from a word's ends, and only where the spelling does not change (the
/// dictionaries' non-standard breaks, such as old German "ck" → "k-k", are left out). Owns its
/// dictionary (freed in `deinit`). Thread-safe: a lock serializes libhyphen's calls, so one
/// dictionary serves every thread (``shared(contentsOf:)``), built once per process: German's
/// 1 MB of patterns make some 480,000 states (39 MB). CHyphen builds libhyphen's automaton with
/// its own loader (the same states; libhyphen's took 4 s over German, a fixed-size hash table).
public final class Hyphenator: @unchecked Sendable {
  private let dictionary: OpaquePointer
  private let lock = NSLock()
  private static let sharedLock = NSLock()
  nonisolated(unsafe) private static var opened: [String: Hyphenator] = [:]
  /// The dictionary file.
  public let path: String
  /// Characters before the first point of a word, and after the last.
  public let leftMinimum: Int
  /// Characters after the last point of a word.
  public let rightMinimum: Int

  /// The longest word hyphenated, in Unicode scalars (libhyphen's buffers); longer runs of
  /// letters are left whole.
  public static let maximumWordLength = 255

  /// The folder the dictionaries are read from: `WORDFIT_HYPHEN_DIR`, else Debian's
  /// `/usr/share/hyphen` (the `hyphen-*` packages).
  public static var dictionaryFolder: String {
    ProcessInfo.processInfo.environment["WORDFIT_HYPHEN_DIR"] ?? "/usr/share/hyphen"
  }

  /// The Debian 12 package that installs a dictionary for `language` (BCP 47), or `nil` when
  /// Debian has none (Finnish, for one: Debian hyphenates it through Voikko, not libhyphen).
  public static func debianPackage(for language: String) -> String? {
    let parts = language.lowercased().split(separator: "-").map(String.init)
    guard let code = parts.first else { return nil }
    let region = parts.dropFirst().first { $0.count == 2 }
    switch code {
    case "en":
      return region == "gb" || region == "au" || region == "nz" || region == "ie" ? "hyphen-en-gb" : "hyphen-en-us"
    case "pt": return region == "br" ? "hyphen-pt-br" : "hyphen-pt-pt"
    case "nb", "nn", "no": return "hyphen-no"
    default: return debianCodes.contains(code) ? "hyphen-\(code)" : nil
    }
  }

  /// The languages of Debian 12's other `hyphen-*` packages.
  private static let debianCodes: Set<String> = [
    "af", "as", "be", "bg", "bn", "ca", "cs", "da", "de", "el", "es", "fr", "gl", "gu", "hi", "hr", "hu", "id", "is",
    "it",
    "kn", "lt", "lv", "ml", "mn", "mr", "nl", "or", "pa", "pl", "ro", "ru", "sk", "sl", "sr", "sv", "ta", "te", "th",
    "uk",
    "zu",
  ]

  /// The dictionary for `language` (BCP 47: `de`, `de-CH`, `en-GB`, `pt-BR`), or `nil` when none
  /// is installed: `hyph_LL_RR.dic`, then `hyph_LL.dic`, then the first `hyph_LL_*.dic` by name.
  ///
  /// - Complexity: one listing of ``dictionaryFolder`` when the first two are missing.
  public static func dictionaryPath(for language: String) -> String? {
    let parts = language.split(separator: "-").map(String.init)
    guard let code = parts.first?.lowercased(), code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    let folder = dictionaryFolder
    let region = parts.dropFirst().first { $0.count == 2 }?.uppercased()
    var names = region.map { ["hyph_\(code)_\($0).dic"] } ?? []
    names.append("hyph_\(code).dic")
    for name in names where FileManager.default.isReadableFile(atPath: folder + "/" + name) {
      return folder + "/" + name
    }
    let others = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return others.filter { $0.hasPrefix("hyph_\(code)_") && $0.hasSuffix(".dic") }.sorted().first.map {
      folder + "/" + $0
    }
  }

  /// Opens the dictionary at `path`. A non-standard pattern (`pattern/replacement,index,cut`, a
  /// spelling change) keeps the points it inhibits and offers none.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` naming the file when it cannot be read, is not a
  ///   dictionary (no character set on its first line, a NUL byte, a pattern line over 98 bytes),
  ///   is larger than 4 MiB, or iconv cannot convert to its character set.
  public convenience init(contentsOf path: String) throws {
    try self.init(path: path, open: wf_hyphenator_open)
  }

  /// The dictionary as libhyphen's own loader builds it, its non-standard patterns included (their
  /// points left out as ``init(contentsOf:)`` leaves them out). For tests, on trusted dictionaries.
  convenience init(libhyphenContentsOf path: String) throws {
    try self.init(path: path, open: wf_hyphenator_open_with_libhyphen)
  }

  private init(
    path: String, open: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int) -> OpaquePointer?
  ) throws {
    var message = [CChar](repeating: 0, count: 256)
    guard let dictionary = open(path, &message, message.count) else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw WordFitError(
        .invalidData,
        "cannot read the hyphenation dictionary \(path): \(reason); fix or remove the file, or reinstall its hyphen-* package",
        input: path, underlying: reason)
    }
    self.dictionary = dictionary
    self.path = path
    leftMinimum = Int(wf_hyphenator_left_min(dictionary))
    rightMinimum = Int(wf_hyphenator_right_min(dictionary))
  }

  deinit { wf_hyphenator_close(dictionary) }

  /// Whether CHyphen's loader builds the same automaton from the dictionary at `path` as
  /// libhyphen's own (`nil` when either cannot read it). For tests.
  static func loadersAgree(on path: String) -> Bool? {
    switch wf_hyphen_loaders_agree(path) {
    case 1: true
    case 0: false
    default: nil
    }
  }

  /// The dictionary at `path`, opened once per process and shared by every thread.
  ///
  /// - Throws: as ``init(contentsOf:)``.
  public static func shared(contentsOf path: String) throws -> Hyphenator {
    sharedLock.lock()
    defer { sharedLock.unlock() }
    if let known = opened[path] { return known }
    let fresh = try Hyphenator(contentsOf: path)
    opened[path] = fresh
    return fresh
  }

  /// The offsets (in characters from its start) at which `word` may break, in order.
  ///
  /// - Complexity: O(*n*) in the word's length.
  public func points(in word: String) -> [Int] {
    let characters = Array(word)
    guard characters.count >= leftMinimum + rightMinimum else { return [] }
    // Lower-cased character by character, so each scalar maps back to its cluster; a
    // character whose lower case changes its scalar count leaves the word whole.
    var lowered: [Unicode.Scalar] = []
    var clusterEnds: [Int: Int] = [:]  // last scalar index → character offset after it
    for (index, character) in characters.enumerated() {
      let lower = character.lowercased().unicodeScalars
      guard lower.count == character.unicodeScalars.count else { return [] }
      lowered.append(contentsOf: lower)
      clusterEnds[lowered.count - 1] = index + 1
    }
    guard lowered.count <= Self.maximumWordLength else { return [] }
    let utf8 = Array(String(String.UnicodeScalarView(lowered)).utf8)
    var breaks = [UInt8](repeating: 0, count: lowered.count)
    lock.lock()
    defer { lock.unlock() }
    let status = utf8.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        wf_hyphenate(dictionary, $0.baseAddress, Int32(utf8.count), Int32(lowered.count), &breaks)
      }
    }
    guard status == 0 else { return [] }
    return breaks.indices.compactMap { breaks[$0] != 0 ? clusterEnds[$0] : nil }.filter {
      $0 >= leftMinimum && characters.count - $0 >= rightMinimum
    }
  }

  /// `segments` with each word cut at its hyphenation points: a run of letters (with their
  /// marks) of a segment becomes pieces, each but the last ending in
  /// ``LineSegment/endsWithHyphenationPoint``. The pieces join to the same text.
  ///
  /// - Complexity: O(*n*) in the text's length.
  public func hyphenated(_ segments: [LineSegment]) -> [LineSegment] {
    segments.flatMap { segment -> [LineSegment] in
      let characters = Array(segment.text)
      var cuts: [Int] = []
      var start: Int? = nil
      for index in 0...characters.count {
        let isLetter =
          index < characters.count && (characters[index].unicodeScalars.first?.properties.isAlphabetic ?? false)
        if isLetter, start == nil { start = index }
        if !isLetter, let first = start {
          cuts += points(in: String(characters[first..<index])).map { first + $0 }
          start = nil
        }
      }
      guard !cuts.isEmpty else { return [segment] }
      var pieces: [LineSegment] = []
      var from = 0
      for cut in cuts {
        pieces.append(LineSegment(String(characters[from..<cut]), endsWithHyphenationPoint: true))
        from = cut
      }
      pieces.append(
        LineSegment(
          String(characters[from...]), endsWithMandatoryBreak: segment.endsWithMandatoryBreak,
          endsWithHyphenationPoint: segment.endsWithHyphenationPoint))
      return pieces
    }
  }
}
