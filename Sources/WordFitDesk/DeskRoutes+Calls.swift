import Foundation
import WordFitCore

extension DeskRoutes {
  /// One attendee found by a search.
  struct Match: Encodable {
    var key: String?
    var line: Int
    var fields: [String: String]
    var printed: Int
  }

  /// The export's columns and the key's, for the walk-in form.
  func columns() -> Answer {
    desk.with { desk in
      .json(["columns": desk.export.columns, "key": [desk.export.keyColumn], "names": desk.export.nameColumns])
    }
  }

  /// The attendees whose name holds every word of `query`, at most 20, with how many times each
  /// has printed.
  func search(_ query: String) -> Answer {
    guard query.utf8.count <= 200 else { return .error("a search is at most 200 bytes", status: 400) }
    return desk.with { desk in
      let matches = desk.export.search(query, limit: 20).map { row in
        let key = desk.export.key(ofRow: row)
        return Match(
          key: key, line: desk.export.line(ofRow: row),
          fields: desk.export.fields(ofRow: row).filter { desk.export.nameColumns.contains($0.key) },
          printed: key.map(desk.prints(ofKey:)) ?? 0)
      }
      return .json(["results": matches])
    }
  }

  /// `KEY.svg` (the badge's drawing) or `KEY.png` (the 1-bit dots the printer gets).
  func badge(_ name: String) -> Answer {
    // Split by hand: Foundation's path functions trap on some hostile names (found by the desk
    // fuzz target: a name of slashes and a replaced byte).
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let (key, ending) = (String(name[..<dot]), name[dot...].dropFirst().lowercased())
    guard ["svg", "png"].contains(ending) else {
      return .error("a badge is KEY.svg or KEY.png", status: 404)
    }
    do {
      let bytes = try desk.with { try $0.preview(key: key, asSVG: ending == "svg") }
      return Answer(status: 200, type: ending == "svg" ? "image/svg+xml" : "image/png", body: bytes)
    } catch let error as WordFitError {
      return .error(error.message, status: error.kind == .invalidData ? 404 : 500)
    } catch {
      return .error("\(error)", status: 500)
    }
  }

  /// What a print asks: `{"key": …}` or `{"fields": {column: value, …}}`.
  struct PrintRequest: Decodable {
    var key: String?
    var fields: [String: String]?
  }

  /// Prints by key or from a walk-in's fields; answers what was printed, or why not.
  func print(_ body: [UInt8]) -> Answer {
    guard let request = try? JSONDecoder().decode(PrintRequest.self, from: Data(body)),
      (request.key == nil) != (request.fields == nil)
    else {
      return .error(#"a print is {"key": "…"} or {"fields": {"column": "value", …}}"#, status: 400)
    }
    do {
      let printed = try desk.printing { desk in
        if let key = request.key { return try desk.print(key: key) }
        return try desk.print(fields: request.fields ?? [:])
      }
      guard let printed else { return .error("the desk is stopping", status: 503) }
      return .json(printed)
    } catch let error as WordFitError {
      // A key no row has: 404; fields a badge cannot take: 400; the printer: 503.
      let status: Int32 = error.kind == .invalidData ? (request.key == nil ? 400 : 404) : error.kind == .io ? 503 : 400
      return .error(error.message, status: status)
    } catch {
      return .error("\(error)", status: 500)
    }
  }
}
