import CHTTP
import Foundation
import WordFitCore

/// What the desk's server answers, by method and path: the page, the search, a badge's preview,
/// a print, the export's columns; everything else 404. Every request needs the token when the
/// desk has one.
final class DeskRoutes: @unchecked Sendable {
  let desk: SharedDesk
  let token: [UInt8]?

  init(desk: SharedDesk, token: String?) {
    (self.desk, self.token) = (desk, token.map { Array($0.utf8) })
  }

  /// One HTTP answer.
  struct Answer {
    var status: Int32
    var type: String
    var body: [UInt8]

    static func json(_ value: some Encodable, status: Int32 = 200) -> Answer {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let body = (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array(#"{"error":"unencodable"}"#.utf8)
      return Answer(status: status, type: "application/json", body: body)
    }

    static func error(_ message: String, status: Int32) -> Answer { json(["error": message], status: status) }
  }

  /// Answers `request` into `response` (the body copied into memory the server frees).
  func answer(_ request: wf_http_request, into response: UnsafeMutablePointer<wf_http_response>) {
    let answer = route(request)
    response.pointee.status = answer.status
    response.pointee.content_type = Self.contentType(answer.type)
    let memory = wf_http_alloc(answer.body.count)
    if let memory {
      answer.body.withUnsafeBufferPointer { bytes in
        if let base = bytes.baseAddress { memory.update(from: base, count: bytes.count) }
      }
    }
    (response.pointee.body, response.pointee.body_size) = (memory, memory == nil ? 0 : answer.body.count)
  }

  /// The content types answered, as C strings that live as long as the process.
  static func contentType(_ type: String) -> UnsafePointer<CChar> {
    let text: StaticString =
      switch type {
      case "application/json": "application/json"
      case "image/svg+xml": "image/svg+xml"
      case "image/png": "image/png"
      default: "text/html; charset=utf-8"
      }
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }

  /// The request's answer.
  func route(_ request: wf_http_request) -> Answer {
    let method = request.method.map { String(cString: $0) } ?? ""
    let path = request.path.map { String(cString: $0) } ?? "/"
    guard isAuthorized(request.token) else {
      return .error("this desk needs its token: open the address it printed when it started", status: 401)
    }
    switch (method, path) {
    case ("GET", "/"): return Answer(status: 200, type: "text/html", body: Array(DeskPage.html.utf8))
    case ("GET", "/api/columns"): return columns()
    case ("GET", "/api/search"): return search(request.query.map { String(cString: $0) } ?? "")
    case ("POST", "/api/print"): return print(Self.body(request))
    case ("GET", _) where path.hasPrefix("/api/badge/"): return badge(String(path.dropFirst("/api/badge/".count)))
    default: return .error("no such page or call: \(method) \(TextFormatting.excerpt(path))", status: 404)
    }
  }

  /// Whether `given` is the desk's token (compared in time independent of where they differ).
  func isAuthorized(_ given: UnsafePointer<CChar>?) -> Bool {
    guard let token else { return true }
    guard let given else { return false }
    let bytes = Array(String(cString: given).utf8)
    guard bytes.count == token.count else { return false }
    return zip(bytes, token).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  static func body(_ request: wf_http_request) -> [UInt8] {
    guard let body = request.body, request.body_size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: body, count: request.body_size))
  }
}
