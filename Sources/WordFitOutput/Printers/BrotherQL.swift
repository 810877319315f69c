import WordFitCore
import WordFitImage

/// Brother QL label printers' raster language, as the printers take it (Brother's "Raster
/// Command Reference" for the QL-800/810W/820NWB and QL-1100 series): the badge's dots at
/// 300 dpi placed on the print head's 720 (or 1,296) dots, mirrored, a row a command, then a
/// print. The same bytes, command for command, as `brother-ql-next` writes for the same 1-bit
/// image, model and label with its defaults (cut after each label, no compression).
public enum BrotherQL {
  /// A printer model and what its raster stream needs.
  public struct Model: Sendable, Equatable {
    /// Brother's name: `QL-820NWB`.
    public let name: String
    /// Bytes in a head row (90: 720 dots; 162: 1,296 for the 4-inch models).
    let bytesPerRow: Int
    /// Dots the head needs beyond the label's own right offset.
    let extraRightOffset: Int
    /// Whether it takes the switch-to-raster command (`ESC i a 1`).
    let switchesMode: Bool
    /// Zero bytes that clear its input buffer before `ESC @`.
    let invalidateBytes: Int
    /// The shortest and longest label it prints, in dots.
    let lengths: ClosedRange<Int>
    /// Whether it prints black and red on a two-colour roll (the QL-800 series).
    public let printsRed: Bool
  }

  /// A label a model takes: endless tape or die-cut labels.
  public struct Label: Sendable, Equatable {
    /// Brother's short name: `62`, `62x100`.
    public let name: String
    /// Tape width and label length in mm (0 for endless), as the media command gives them.
    let millimetres: (width: Int, length: Int)
    /// The printable dots across (and along, for die-cut labels).
    public let dots: (width: Int, length: Int)
    /// Dots from the head's right edge to the label's printable area.
    let rightOffset: Int
    /// Whether only the 4-inch models take it.
    let wide: Bool
    /// Whether the roll prints black and red (DK-22251), in a model that ``Model/printsRed``.
    public var isRed = false
    /// Whether the labels are die-cut (else endless tape).
    public var isDieCut: Bool { dots.length > 0 }

    /// Labels are the same when Brother's names are.
    public static func == (a: Label, b: Label) -> Bool { a.name == b.name }
  }

  /// The models WordFit writes for.
  public static let models: [Model] =
    [
      ("QL-700", false, 200), ("QL-710W", true, 200), ("QL-720NW", true, 200), ("QL-800", true, 400),
      ("QL-810W", true, 400), ("QL-820NWB", true, 400),
    ].map {
      Model(
        name: $0.0, bytesPerRow: 90, extraRightOffset: 0, switchesMode: $0.1, invalidateBytes: $0.2,
        lengths: 150...11_811, printsRed: $0.0.hasPrefix("QL-8"))
    }
    + ["QL-1100", "QL-1100NWB", "QL-1110NWB", "QL-1115NWB"].map {
      Model(
        name: $0, bytesPerRow: 162, extraRightOffset: 44, switchesMode: true, invalidateBytes: 200,
        lengths: 301...35_434, printsRed: false)
    }

  /// The labels WordFit writes for: Brother's DK rolls, in dots at 300 dpi.
  public static let labels: [Label] = [
    Label(name: "29", millimetres: (29, 0), dots: (306, 0), rightOffset: 6, wide: false),
    Label(name: "38", millimetres: (38, 0), dots: (413, 0), rightOffset: 12, wide: false),
    Label(name: "50", millimetres: (50, 0), dots: (554, 0), rightOffset: 12, wide: false),
    Label(name: "54", millimetres: (54, 0), dots: (590, 0), rightOffset: 0, wide: false),
    Label(name: "62", millimetres: (62, 0), dots: (696, 0), rightOffset: 12, wide: false),
    Label(name: "62red", millimetres: (62, 0), dots: (696, 0), rightOffset: 12, wide: false, isRed: true),
    Label(name: "102", millimetres: (102, 0), dots: (1164, 0), rightOffset: 12, wide: true),
    Label(name: "29x90", millimetres: (29, 90), dots: (306, 991), rightOffset: 6, wide: false),
    Label(name: "39x90", millimetres: (38, 90), dots: (413, 991), rightOffset: 12, wide: false),
    Label(name: "62x29", millimetres: (62, 29), dots: (696, 271), rightOffset: 12, wide: false),
    Label(name: "62x100", millimetres: (62, 100), dots: (696, 1109), rightOffset: 12, wide: false),
    Label(name: "102x51", millimetres: (102, 51), dots: (1164, 526), rightOffset: 12, wide: true),
    Label(name: "102x152", millimetres: (102, 153), dots: (1164, 1660), rightOffset: 12, wide: true),
  ]

  /// The model and label named (`QL-820NWB`, `62x100`), any case.
  ///
  /// - Throws: ``WordFitError`` `.malformed` naming ``Parameter/printer`` and the choices.
  public static func find(model: String, label: String) throws -> (Model, Label) {
    guard let found = models.first(where: { $0.name.lowercased() == model.lowercased() }) else {
      throw WordFitError.malformed(
        .printer, model, expected: "a Brother QL model: " + models.map(\.name).joined(separator: ", "))
    }
    let takes = { (roll: Label) in (!roll.wide || found.bytesPerRow == 162) && (!roll.isRed || found.printsRed) }
    guard let roll = labels.first(where: { $0.name.lowercased() == label.lowercased() }), takes(roll) else {
      let fitting = labels.filter(takes).map(\.name)
      throw WordFitError.malformed(
        .printer, label, expected: "a label \(found.name) takes: " + fitting.joined(separator: ", "))
    }
    return (found, roll)
  }
}
