import WordFitCore

/// What a label printer says of itself before a job (Brother QL's 32-byte status, Zebra's host
/// status `~HS`): the problems that would make it refuse or spoil the job, and the media it
/// holds, so a desk refuses a print with what is wrong instead of sending a job the printer
/// rejects.
public struct PrinterStatus: Sendable, Equatable {
  /// What is wrong, in the maker's words (`Cover opened while printing`, `paper out`); empty
  /// when the printer is ready.
  public var errors: [String] = []
  /// The model the printer names (Brother), or `nil`.
  public var model: String? = nil
  /// The media's width in mm (Brother), or `nil`.
  public var mediaWidth: Int? = nil
  /// The media's length in mm, 0 for continuous tape (Brother), or `nil`.
  public var mediaLength: Int? = nil
  /// The media's kind (`Continuous length tape`, `Die-cut labels`, `No media`), or `nil`.
  public var mediaType: String? = nil

  /// Brother's error bits, byte 8 then byte 9 (Raster Command Reference; brother-ql-next's
  /// names).
  static let brotherErrors: [[String]] = [
    [
      "No media when printing", "End of media (die-cut size only)", "Tape cutter jam", "Not used",
      "Main unit in use (QL-560/650TD/1050)", "Printer turned off", "High-voltage adapter (not used)",
      "Fan doesn't work (QL-1050/1060N)",
    ],
    [
      "Replace media error", "Expansion buffer full error", "Transmission / Communication error",
      "Communication buffer full error (not used)", "Cover opened while printing (Except QL-500)",
      "Cancel key (not used)", "Media cannot be fed (also when the media end is detected)", "System error",
    ],
  ]
  /// Brother's media types by code.
  static let brotherMediaTypes: [UInt8: String] = [
    0x00: "No media", 0x0A: "Continuous length tape", 0x0B: "Die-cut labels",
  ]
  /// Brother's model codes.
  static let brotherModels: [UInt8: String] = [
    0x4F: "QL-500/QL-550", 0x31: "QL-560", 0x32: "QL-570", 0x33: "QL-580N", 0x47: "QL-600", 0x51: "QL-650TD",
    0x35: "QL-700", 0x36: "QL-710W", 0x37: "QL-720NW", 0x38: "QL-800", 0x39: "QL-810W", 0x41: "QL-820NWB",
    0x50: "QL-1050", 0x34: "QL-1060N", 0x43: "QL-1100", 0x44: "QL-1100NWB", 0x45: "QL-1115NWB", 0x68: "PT-P750W",
    0x69: "PT-P900W", 0x70: "PT-P950NW",
  ]

  /// `byte` as brother-ql-next names an unknown code: two hex digits, upper case.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// Decodes a Brother QL status reply: 32 bytes starting `80 20 42`.
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for a reply that is not one.
  public static func brotherQL(_ reply: [UInt8]) throws -> PrinterStatus {
    guard reply.count >= 32, reply.starts(with: [0x80, 0x20, 0x42]) else {
      throw WordFitError(
        .invalidData, "the printer's answer is not a Brother QL status (32 bytes starting 80 20 42)")
    }
    var status = PrinterStatus()
    for (index, names) in brotherErrors.enumerated() {
      for bit in 0..<8 where reply[8 + index] & (1 << bit) != 0 { status.errors.append(names[bit]) }
    }
    status.model = brotherModels[reply[4]] ?? hex(reply[4])
    (status.mediaWidth, status.mediaLength) = (Int(reply[10]), Int(reply[17]))
    status.mediaType = brotherMediaTypes[reply[11]] ?? hex(reply[11])
    return status
  }

  /// Decodes a Zebra host status (`~HS`): three strings, each STX … ETX, their fields split by
  /// commas; string 1's flags b (paper out), c (pause), f (buffer full), j (corrupt RAM), k and l
  /// (temperature), string 2's o (head up) and p (ribbon out, in thermal transfer mode).
  ///
  /// - Throws: ``WordFitError`` `.invalidData` for an answer that is not one.
  public static func zpl(_ reply: [UInt8]) throws -> PrinterStatus {
    let strings = zplStrings(reply)
    guard strings.count >= 2, strings[0].count >= 12, strings[1].count >= 5 else {
      throw WordFitError(.invalidData, "the printer's answer is not a ZPL host status (~HS: three STX…ETX strings)")
    }
    let (one, two) = (strings[0], strings[1])
    let flags: [(String, String)] = [
      (one[1], "paper out"), (one[2], "paused"), (one[5], "receive buffer full"), (one[9], "RAM corrupt"),
      (one[10], "head under temperature"), (one[11], "head over temperature"), (two[2], "head open"),
      (two.count > 4 && two[4] == "1" ? two[3] : "0", "ribbon out"),
    ]
    var status = PrinterStatus()
    status.errors = flags.filter { $0.0.trimmingPrefix(while: { $0 == " " }) == "1" }.map(\.1)
    return status
  }

  /// The comma-separated fields of each STX … ETX string of `reply`.
  static func zplStrings(_ reply: [UInt8]) -> [[String]] {
    var strings: [[String]] = []
    var current: [UInt8]? = nil
    for byte in reply {
      switch byte {
      case 0x02: current = []
      case 0x03:
        if let text = current {
          strings.append(
            String(decoding: text, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(
              String.init))
        }
        current = nil
      default: current?.append(byte)
      }
    }
    return strings
  }

  /// Whether `reply` (what a printer answered so far) is a whole status of `language`.
  static func isComplete(_ reply: [UInt8], for language: LabelPrinter) -> Bool {
    switch language {
    case .brotherQL: reply.count >= 32
    case .zpl: reply.filter { $0 == 0x03 }.count >= 3
    case .cups: true
    }
  }

  /// The request that asks `language`'s printer for its status, or `nil` when it has none (a
  /// CUPS queue answers through CUPS).
  static func request(for language: LabelPrinter) -> [UInt8]? {
    switch language {
    case .zpl: Array("~HS".utf8)
    case .brotherQL(let model, _):
      // Brother's reference: clear the command buffer (zeros), initialize (ESC @), then ESC i S.
      [UInt8](repeating: 0, count: BrotherQL.models.first { $0.name == model }?.invalidateBytes ?? 200)
        + [0x1B, 0x40, 0x1B, 0x69, 0x53]
    case .cups: nil
    }
  }

  /// Why `printer`'s job would not print on a printer in this state: its errors, and for a
  /// Brother QL media of another width, kind or length than the label the job is drawn for.
  /// Empty when it may print.
  public func problems(for printer: LabelPrinter) -> [String] {
    var problems = errors
    guard case .brotherQL(_, let labelName) = printer,
      let label = BrotherQL.labels.first(where: { $0.name == labelName }), let width = mediaWidth
    else { return problems }
    if mediaType == "No media" || width == 0 { return problems + ["it holds no tape"] }
    if width != label.millimetres.width {
      problems.append("it holds \(width) mm tape, the badge needs \(label.millimetres.width) mm")
    } else if label.isDieCut != (mediaType == "Die-cut labels") {
      problems.append(
        label.isDieCut
          ? "it holds continuous tape, the badge is drawn for \(label.name) die-cut labels"
          : "it holds die-cut labels, the badge is drawn for continuous \(label.name) mm tape")
    } else if label.isDieCut, let length = mediaLength, length != label.millimetres.length {
      problems.append("it holds \(width)x\(length) mm labels, the badge needs \(label.name)")
    }
    return problems
  }
}
