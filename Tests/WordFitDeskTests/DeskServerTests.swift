import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitDesk
@testable import WordFitImage
@testable import WordFitOutput

#if canImport(Glibc)
  import Glibc
#endif

/// The desk's page and JSON API over HTTP (libmicrohttpd): search, previews, prints and reprints,
/// the token, bounded bodies, names from the export never markup, many clients at once.
@Suite struct DeskServerTests {
  static let secret = "64zcj79g2r5uqju734dmwfn6wa27p5wj"

  static func server(token: String? = nil, export: String? = nil) throws -> (DeskServer, String) {
    let directory = try TestPaths.makeTemporaryDirectory()
    let template = try DeskTests.template()
    let exportFile = export ?? DeskTests.folder + "/attendees.csv"
    let desk = Desk(
      export: try DeskExport(path: exportFile, template: template), template: template, printer: DeskTests.printer,
      destination: .file(directory + "/job.zpl"), log: try PrintLog(path: directory + "/prints.jsonl"))
    desk.imagesFolder = DeskTests.folder
    return (try DeskServer(SharedDesk(desk), address: "127.0.0.1", port: 0, token: token), directory)
  }

  @Test func searchPreviewPrintAndReprint() throws {
    let (server, directory) = try Self.server()
    let page = try HTTPClient.request(server.port, "GET", "/")
    #expect(page.status == 200 && page.text.contains("<title>WordFit desk</title>"))
    #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
    #expect(page.headers["x-content-type-options"] == "nosniff" && page.headers["cache-control"] == "no-store")
    let found = try #require(
      try HTTPClient.request(server.port, "GET", "/api/search?q=ph%E1%BA%A1m").json() as? [String: Any])
    let results = try #require(found["results"] as? [[String: Any]])
    #expect(results.count == 1 && results[0]["key"] as? String == Self.secret && results[0]["printed"] as? Int == 0)
    #expect((results[0]["fields"] as? [String: String])?["ticket secret"] == nil, "only the name's columns")
    let png = try HTTPClient.request(server.port, "GET", "/api/badge/\(Self.secret).png")
    #expect(png.status == 200 && png.headers["content-type"] == "image/png")
    let dots = try PNGCodec.decode(png.body).canvas
    #expect(dots.width == 945 && dots.height == 591, "the badge at the printer's 300 dpi")
    let svg = try HTTPClient.request(server.port, "GET", "/api/badge/\(Self.secret).svg")
    #expect(svg.status == 200 && svg.text.hasPrefix("<svg") || svg.text.contains("<svg"))
    let body = Array(#"{"key": "\#(Self.secret)"}"#.utf8)
    let first = try #require(
      try HTTPClient.request(server.port, "POST", "/api/print", body: body).json() as? [String: Any])
    #expect(first["reprint"] as? Int == 0 && first["name"] as? String == "Hà Phạm")
    let job = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/job.zpl")))
    #expect(first["bytes"] as? Int == job.count && first["sha256"] as? String == SHA256.hex(job))
    let again = try #require(
      try HTTPClient.request(server.port, "POST", "/api/print", body: body).json() as? [String: Any])
    #expect(again["reprint"] as? Int == 1)
    let after = try #require(try HTTPClient.request(server.port, "GET", "/api/search?q=pham").json() as? [String: Any])
    #expect((after["results"] as? [[String: Any]])?.first?["printed"] as? Int == 2)
  }

  @Test func badRequestsAreAnsweredNotObeyed() throws {
    let (server, _) = try Self.server()
    #expect(
      try HTTPClient.request(server.port, "POST", "/api/print", body: Array(#"{"key": "nope"}"#.utf8)).status == 404)
    #expect(try HTTPClient.request(server.port, "POST", "/api/print", body: Array("not json".utf8)).status == 400)
    #expect(
      try HTTPClient.request(server.port, "POST", "/api/print", body: Array(#"{"fields": {"x": "y"}}"#.utf8)).status
        == 400)
    #expect(try HTTPClient.request(server.port, "GET", "/api/badge/nope.png").status == 404)
    #expect(try HTTPClient.request(server.port, "GET", "/api/badge/\(Self.secret).pdf").status == 404)
    #expect(try HTTPClient.request(server.port, "GET", "/../../etc/passwd").status == 404)
    #expect(try HTTPClient.request(server.port, "GET", "/export.template.json").status == 404)
    #expect(try HTTPClient.request(server.port, "DELETE", "/api/print").status == 404)
    let huge = [UInt8](repeating: 0x20, count: DeskServer.maximumBody + 1)
    #expect(try HTTPClient.request(server.port, "POST", "/api/print", body: huge).status == 413)
    let long = String(repeating: "a", count: 300)
    #expect(try HTTPClient.request(server.port, "GET", "/api/search?q=\(long)").status == 400)
    // Found by the desk's fuzz target: each of these stopped the desk inside Foundation (a NUL
    // in a query; a badge name of doubled slashes before a letter outside ASCII; one letter).
    #expect(try HTTPClient.request(server.port, "GET", "/api/search?q=t%00").status == 200)
    #expect(try HTTPClient.request(server.port, "GET", "/api/badge/a%2F%2F%C3%A9").status == 404)
    #expect(try HTTPClient.request(server.port, "GET", "/api/badge/%2F%2F%C3%A9.svg").status == 404)
    #expect(try HTTPClient.request(server.port, "GET", "/api/badge/a").status == 404)
    #expect(try HTTPClient.request(server.port, "GET", "/api/search?q=ha").status == 200, "still serving")
  }

  @Test func aTokenIsCheckedOnEveryRequest() throws {
    let (server, _) = try Self.server(token: "s3cret")
    #expect(try HTTPClient.request(server.port, "GET", "/").status == 401)
    #expect(try HTTPClient.request(server.port, "GET", "/api/search?q=pham&token=wrong").status == 401)
    #expect(try HTTPClient.request(server.port, "GET", "/api/search?q=pham&token=s3cre").status == 401)
    #expect(try HTTPClient.request(server.port, "GET", "/?token=s3cret").status == 200)
    let header = try HTTPClient.request(server.port, "GET", "/api/columns", headers: ["X-WordFit-Token": "s3cret"])
    #expect(header.status == 200)
  }

  /// Hostile names reach the API as JSON strings and the page only as text (the page is static;
  /// its script sets textContent): nothing from the export is ever markup.
  @Test func hostileNamesStayText() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let csv = directory + "/hostile.csv"
    var text = try String(contentsOfFile: DeskTests.folder + "/attendees.csv", encoding: .utf8)
    text += "H1;<script>alert(1)</script>;</svg><img src=x onerror=alert(2)>;;Conference ticket;hostile1;;Latin\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: csv))
    let (server, _) = try Self.server(export: csv)
    let page = try HTTPClient.request(server.port, "GET", "/")
    #expect(!page.text.contains("alert("), "the page carries no data")
    #expect(!page.text.contains("innerHTML"), "the page's script never parses markup")
    let found = try HTTPClient.request(server.port, "GET", "/api/search?q=script")
    #expect(found.headers["content-type"] == "application/json")
    let results = try #require((try found.json() as? [String: Any])?["results"] as? [[String: Any]])
    #expect(
      (results.first?["fields"] as? [String: String])?["attendee name: given name"] == "<script>alert(1)</script>")
    let svg = try HTTPClient.request(server.port, "GET", "/api/badge/hostile1.svg")
    #expect(svg.status == 200 && !svg.text.contains("<script") && !svg.text.contains("<img"), "escaped in the SVG")
  }

  /// 100 clients at once, one of them stalled mid-request: every other is answered.
  @Test func manyClientsAndASlowOneAreServed() throws {
    let (server, _) = try Self.server()
    let stalled = try #require(HTTPClient.connect(server.port))
    defer { close(stalled) }
    _ = Array("GET /api/search?q=pham HTTP/1.1\r\nHost: x\r\n".utf8).withUnsafeBytes {
      send(stalled, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    let statuses = UnsafeMutableBufferPointer<Int>.allocate(capacity: 100)
    defer { statuses.deallocate() }
    nonisolated(unsafe) let results = statuses
    let port = server.port
    DispatchQueue.concurrentPerform(iterations: 100) { index in
      results[index] = (try? HTTPClient.request(port, "GET", "/api/search?q=pham"))?.status ?? 0
    }
    withExtendedLifetime(server) {}
    #expect(Array(statuses).allSatisfy { $0 == 200 }, "\(Array(statuses).filter { $0 != 200 }.count) not answered")
  }
}
