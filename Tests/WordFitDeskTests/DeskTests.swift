import Foundation
import Testing
import WordFitTestSupport

@testable import WordFitBadges
@testable import WordFitCore
@testable import WordFitDesk
@testable import WordFitOutput

#if canImport(Glibc)
  import Glibc
#endif

/// The check-in desk's library: the export found by key and by name, each print's job exactly
/// the printer's, the log kept across restarts, the network printer bounded in time.
@Suite struct DeskTests {
  static let folder = TestPaths.packageRoot + "/Fixtures/badges/export"
  static let printer = LabelPrinter.zpl(dotsPerInch: 300)

  static func template() throws -> BadgeTemplate {
    try BadgeTemplate.load(contentsOf: folder + "/export.template.json", printer: printer)
  }

  static func export() throws -> DeskExport {
    try DeskExport(path: folder + "/attendees.csv", template: try template())
  }

  @Test func theKeyIsTheQRCodesColumnAndEveryRowIsFound() throws {
    let export = try Self.export()
    #expect(export.keyColumn == "ticket secret", "the template's QR data is {Ticket secret}")
    #expect(export.count > 10 && export.problems.isEmpty, "\(export.problems)")
    let row = try #require(export.row(forKey: " 64zcj79g2r5uqju734dmwfn6wa27p5wj "))
    #expect(export.fields(ofRow: row)["attendee name: family name"] == "Phạm" && export.line(ofRow: row) == 3)
    #expect(export.row(forKey: "nobody") == nil)
    let byOrder = try DeskExport(
      path: Self.folder + "/attendees.csv", template: try Self.template(), keyColumn: "Order code")
    #expect(byOrder.row(forKey: "W0004").map(byOrder.fields(ofRow:))?["attendee name: given name"] == "Варвара")
    let error = try #require(throws: WordFitError.self) {
      try DeskExport(path: Self.folder + "/attendees.csv", template: try Self.template(), keyColumn: "Seat")
    }
    #expect(error.message.contains("no column \"seat\"") && error.kind == .usage)
  }

  @Test func aNameIsFoundAccentsCaseAndScriptAside() throws {
    let export = try Self.export()
    let names = { (query: String) in
      export.search(query).map { export.fields(ofRow: $0)["attendee name: given name"] ?? "" }
    }
    #expect(names("quy khoa") == ["Quý"], "accents aside, words in any order of the name")
    #expect(names("PHAM") == ["Hà"], "case aside")
    #expect(names("варвара крылова") == ["Варвара"], "Cyrillic, case aside")
    #expect(names("").isEmpty && names("zzzz").isEmpty)
    #expect(DeskExport.fold("Ｒｙｏ Zoë İstanbul") == DeskExport.fold("ryo ZOE istanbul"))
    // Found by the desk fuzz target: a query with a NUL trapped Foundation's String.contains
    // (GET /api/search?q=t%00 stopped the desk). It is searched byte for byte now.
    #expect(names("t\u{0}").isEmpty && names("\u{0}").isEmpty && names("h\u{0}a").isEmpty)
  }

  @Test func duplicateKeysAndBadRowsAreNamedNotPrinted() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let csv = directory + "/a.csv"
    try Data("Name,Code\nAda,K1\nBob,K1\n\"Cy,K2\n".utf8).write(to: URL(fileURLWithPath: csv))
    let template = directory + "/t.json"
    try Data(
      #"{"width": 300, "height": 100, "regions": [{"name": "name", "box": [0, 0, 300, 100], "text": "{Name}"}], "qr": [{"box": [0, 0, 10, 10], "data": "{Code}"}]}"#
        .utf8
    ).write(to: URL(fileURLWithPath: template))
    let export = try DeskExport(path: csv, template: try BadgeTemplate.load(contentsOf: template))
    #expect(export.row(forKey: "K1").map(export.line(ofRow:)) == 2, "the first row keeps its key")
    #expect(export.problems.contains { $0.hasPrefix("line 3: the key \"K1\" is line 2's too") }, "\(export.problems)")
    #expect(export.problems.count == 2, "the unclosed quote too: \(export.problems)")
  }

  @Test func aPrintIsTheRendersJobAndTheLogKnowsReprintsAcrossRestarts() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let template = try Self.template()
    let log = directory + "/prints.jsonl"
    var desk = Desk(
      export: try Self.export(), template: template, printer: Self.printer, destination: .file(directory + "/job.zpl"),
      log: try PrintLog(path: log))
    desk.imagesFolder = Self.folder
    let key = "64zcj79g2r5uqju734dmwfn6wa27p5wj"
    let first = try desk.print(key: key)
    let job = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/job.zpl")))
    var request = try BadgeRequest(
      template: template,
      rows: desk.export.fields(ofRow: try #require(desk.export.row(forKey: key))).map { "\($0)=\($1)" })
    request.imagesFolder = Self.folder
    let expected = try request.job(for: Self.printer, with: BadgeRenderer()).1
    #expect(job == expected, "the desk's job is render --printer's for the same row")
    #expect(first.reprint == 0 && first.bytes == job.count && first.sha256 == SHA256.hex(job) && first.line == 3)
    #expect(
      first.name.contains("Hà Phạm") && first.regions.map(\.name) == ["name", "role"], "an empty company is no region")
    #expect(try desk.print(key: key).reprint == 1)
    // A restart reads the log back; a line cut by a crash is skipped and the next starts clean.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"time": "2026-"#.utf8))
    try handle.close()
    desk = Desk(
      export: desk.export, template: template, printer: Self.printer, destination: desk.destination,
      log: try PrintLog(path: log))
    desk.imagesFolder = Self.folder
    #expect(desk.log?.count == 2 && desk.log?.skippedLines == 1)
    #expect(try desk.print(key: key).reprint == 2)
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 4)
    let last = try JSONDecoder().decode(DeskPrint.self, from: Data(lines[3].utf8))
    #expect(last.key == key && last.reprint == 2 && last.sha256 == first.sha256 && last.printer == "ZPL")
    #expect(last.regions == first.regions && last.time.hasSuffix("Z"), "the log holds the whole answer")
  }

  @Test func aWalkInIsCheckedLikeARow() throws {
    let directory = try TestPaths.makeTemporaryDirectory()
    let desk = Desk(
      export: try Self.export(), template: try Self.template(), printer: Self.printer,
      destination: .file(directory + "/job.zpl"))
    let error = try #require(throws: WordFitError.self) { try desk.print(fields: ["Attendee name: Given name": "Ada"]) }
    #expect(error.kind == .invalidData && error.message.contains("needs the column"))
    var fields = desk.export.fields(ofRow: 0)
    fields["attendee name: given name"] = "Adaline"
    fields["ticket secret"] = "walk-in-1"
    let printed = try desk.print(fields: fields)
    #expect(printed.key == "walk-in-1" && printed.line == nil && printed.name.hasPrefix("Adaline"))
    #expect(throws: WordFitError.self) { try desk.print(key: "walk-in-2") }
  }

  /// The job reaches a printer's raw port whole, and a port nobody answers is named in bounded time.
  @Test func aNetworkPrinterGetsTheWholeJobAndASilentOneIsNamed() throws {
    let listener = try TCPListener()
    let received = listener.acceptOne()
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    _ = try PrintDestination.tcp(host: "127.0.0.1", port: listener.port).send(bytes, title: "t")
    #expect(received() == bytes)
    let closed = try TCPListener()
    let port = closed.port
    closed.close()
    let error = try #require(throws: WordFitError.self) {
      try PrintDestination.tcp(host: "127.0.0.1", port: port).send([1], title: "t", timeout: 1)
    }
    #expect(error.kind == .io && error.message.contains("127.0.0.1:\(port)"), "\(error.message)")
  }

  @Test func destinationsParse() throws {
    #expect(try PrintDestination.parse("tcp://10.0.0.5:9100", naming: .to) == .tcp(host: "10.0.0.5", port: 9100))
    #expect(try PrintDestination.parse("tcp://[::1]:9100", naming: .to) == .tcp(host: "::1", port: 9100))
    #expect(try PrintDestination.parse("cups:Zebra", naming: .to) == .cups(queue: "Zebra"))
    #expect(try PrintDestination.parse("out/job.zpl", naming: .to) == .file("out/job.zpl"))
    for bad in ["tcp://host", "tcp://:9100", "tcp://h:70000", "cups:", "-", ""] {
      #expect(throws: WordFitError.self, "\(bad)") { try PrintDestination.parse(bad, naming: .to) }
    }
  }

  @Test func sha256MatchesTheStandardsVectors() {
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func scanLinesAreBoundedAndTrimmed() throws {
    var pipe: [Int32] = [0, 0]
    #expect(Glibc.pipe(&pipe) == 0)
    let input = " K1 \r\n\n" + String(repeating: "x", count: 10_000) + "\nK2\nK3"
    let (readEnd, writeEnd) = (pipe[0], pipe[1])
    let writer = Thread {
      _ = input.utf8CString.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress, $0.count - 1) }
      close(writeEnd)
    }
    writer.start()
    let lines = Array(ScanLines(descriptor: readEnd))
    close(readEnd)
    #expect(lines.count == 4)
    #expect(lines[0] == .text("K1") && lines[2] == .text("K2") && lines[3] == .text("K3"))
    if case .unreadable(let head) = lines[1] { #expect(head.count == 40) } else { Issue.record("\(lines[1])") }
  }

  /// A network ZPL printer is asked `~HS` on the job's connection: paper out refuses the print
  /// (nothing but the request sent), a ready printer gets the job after it, a printer that never
  /// answers is named within the timeout.
  @Test func aZPLPrinterIsAskedItsStatusFirst() throws {
    let ready =
      "\u{02}030,0,0,1245,000,0,0,0,000,0,0,0\u{03}\r\n\u{02}000,0,0,0,1,2,6,0,00000000,1,000\u{03}\r\n\u{02}1234,0\u{03}\r\n"
    let paperOut = ready.replacingOccurrences(of: "030,0,0,", with: "030,1,0,")
    let directory = try TestPaths.makeTemporaryDirectory()
    for (answer, prints) in [(paperOut, false), (ready, true)] {
      let listener = try TCPListener()
      let received = listener.acceptOne(reply: Array(answer.utf8), after: 3)
      var desk = Desk(
        export: try Self.export(), template: try Self.template(), printer: Self.printer,
        destination: .tcp(host: "127.0.0.1", port: listener.port), log: try PrintLog(path: directory + "/p.jsonl"))
      desk.imagesFolder = Self.folder
      if prints {
        let printed = try desk.print(key: "64zcj79g2r5uqju734dmwfn6wa27p5wj")
        let bytes = received()
        #expect(bytes.starts(with: Array("~HS".utf8)) && bytes.count == 3 + printed.bytes, "the status, then the job")
      } else {
        let error = try #require(throws: WordFitError.self) { try desk.print(key: "64zcj79g2r5uqju734dmwfn6wa27p5wj") }
        #expect(error.message.contains("is not ready: paper out; nothing was sent"), "\(error.message)")
        #expect(received() == Array("~HS".utf8))
        #expect(desk.log?.count == 0, "a refused print is not logged")
      }
      listener.close()
    }
    let silent = try TCPListener()
    let heard = silent.acceptOne()
    var desk = Desk(
      export: try Self.export(), template: try Self.template(), printer: Self.printer,
      destination: .tcp(host: "127.0.0.1", port: silent.port))
    (desk.imagesFolder, desk.timeout) = (Self.folder, 0.5)
    let error = try #require(throws: WordFitError.self) { try desk.print(key: "64zcj79g2r5uqju734dmwfn6wa27p5wj") }
    #expect(error.message.contains("did not answer its status request in 0.5 s"), "\(error.message)")
    #expect(heard() == Array("~HS".utf8))
    let again = try TCPListener()
    let job = again.acceptOne()
    desk = Desk(
      export: desk.export, template: desk.template, printer: Self.printer,
      destination: .tcp(host: "127.0.0.1", port: again.port))
    (desk.imagesFolder, desk.checksStatus) = (Self.folder, false)
    let printed = try desk.print(key: "64zcj79g2r5uqju734dmwfn6wa27p5wj")
    #expect(job().count == printed.bytes, "without the check, the job alone")
  }
}
