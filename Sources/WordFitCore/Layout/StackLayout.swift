/// Labels in boxes stacked vertically, all at one common font size, with equal box heights.
public struct StackLayout: Sendable, Equatable {
  /// The common font size, in pixels.
  public var size: Double
  /// What limited the size.
  public var limit: FitLimit
  /// The label that limited the size, when a width did.
  public var limitingLabelIndex: Int?
  /// The boxes, top to bottom (fewer than the labels when `truncate` dropped some).
  public var boxes: [StackBox]
  /// The number of labels asked for.
  public var labelCount: Int
  /// How many sizes were measured.
  public var measuredSizeCount: Int

  /// The box height shared by every box, in pixels.
  public var boxHeight: Int { boxes.first?.frame.height ?? 0 }

  /// Fits and places `request`'s labels, measuring with `measurer`.
  ///
  /// The common size is the largest on the 1/64 px grid (through the fitting core's search) at
  /// which the widest label plus padding fits across, and `n` boxes of equal height (the
  /// tallest line box or ink, plus padding) plus spacing fit down.
  ///
  /// - Throws: ``WordFitError`` `.usage` for no labels or no room; `.invalidData` under
  ///   `--overflow fail` or when not even "…" fits.
  /// - Complexity: O(*n* log *S*) measurements for *n* labels and *S* size steps.
  public init<Measurer: WordMeasuring>(_ request: StackRequest, measurer: Measurer) throws {
    guard !request.labels.isEmpty else {
      throw WordFitError(
        .usage, "no labels; give at least one label",
        reason: .malformed(.labels, value: "", expected: "at least one label"))
    }
    let innerWidth = request.availableBox.width - 2 * request.horizontalPadding
    guard innerWidth > 0, request.availableBox.height > 2 * request.verticalPadding else {
      throw WordFitError(
        .usage,
        "padding \(request.verticalPadding),\(request.horizontalPadding) leaves no room for text in \(request.availableBox.width)x\(request.availableBox.height) px; use less padding, smaller insets or a larger canvas"
      )
    }
    let probe = FitRequest(
      words: request.labels, availableWidth: innerWidth, availableHeight: request.availableBox.height,
      maximumSize: request.maximumSize, minimumScaleFactor: request.minimumScaleFactor)
    let range = probe.minimumUnits...probe.maximumUnits
    var cache: [Int: Geometry] = [:]
    func geometry(_ units: Int) -> Geometry {
      if let known = cache[units] { return known }
      let fresh = Geometry(request.labels, atSize: Double(units) / 64, measurer: measurer, request: request)
      cache[units] = fresh
      return fresh
    }
    let widestEms = request.labels.map { measurer.unscaledAdvance(of: $0) }.max() ?? 0
    let estimate = widestEms > 0 ? Int(Double(innerWidth) / widestEms * 64) : range.upperBound
    let best = Fitter<Measurer>.largestFitting(
      in: range, estimate: estimate, fits: { geometry($0).fits(request) },
      refine: { units, _, _ in
        let g = geometry(units)
        let ratio = Swift.min(
          Double(innerWidth) / Double(Swift.max(1, g.widestLabel)),
          Double(request.availableBox.height) / Double(Swift.max(1, g.stackHeight(request))))
        return Int((Double(units) * ratio).rounded(.down))
      })

    var units = range.lowerBound
    var labels = request.labels.map { ($0, $0) }
    var chosen: Geometry
    if let best {
      units = best
      chosen = geometry(best)
      if best == range.upperBound {
        limit = .maximumSize
      } else if geometry(best + 1).widestLabel > innerWidth {
        limit = .width
        limitingLabelIndex = geometry(best + 1).widestIndex
      } else {
        limit = .height
      }
    } else {
      limit = .minimumSize
      chosen = geometry(units)
      let size = Double(units) / 64
      if chosen.widestLabel > innerWidth { limitingLabelIndex = chosen.widestIndex }
      switch request.overflow {
      case .clip:
        break
      case .fail:
        let what =
          limitingLabelIndex.map { "the label \"\(request.labels[$0])\" does not fit across" }
          ?? "\(request.labels.count) boxes do not fit top to bottom"
        throw WordFitError(
          .invalidData,
          "\(what) even at the minimum size \(TextFormatting.pixels(size)) px (overflow policy fail); use a larger canvas, a smaller minimum scale factor or the truncate policy",
          reason: .doesNotFit
        )
      case .truncate:
        for index in labels.indices where chosen.metrics[index].extentWidth > innerWidth {
          labels[index].1 = measurer.truncation(of: labels[index].0, atSize: size, toWidth: innerWidth).text
        }
        var kept = labels.count
        while kept > 0, kept * chosen.boxHeight + (kept - 1) * request.spacing > request.availableBox.height {
          kept -= 1
        }
        guard kept > 0 else {
          throw WordFitError(
            .invalidData,
            "not even one box fits in \(request.availableBox.height) px of height at the minimum size \(TextFormatting.pixels(size)) px; use a larger canvas, less padding or smaller insets"
          )
        }
        if kept < labels.count {
          labels.removeLast(labels.count - kept)
          labels[kept - 1].1 =
            measurer.truncation(
              of: labels[kept - 1].0, atSize: size, toWidth: innerWidth, forcingEllipsis: true
            ).text
        }
        chosen = Geometry(labels.map(\.1), atSize: size, measurer: measurer, request: request)
        if chosen.widestLabel > innerWidth {
          throw WordFitError(
            .invalidData,
            "not even \"…\" fits across \(innerWidth) px at \(TextFormatting.pixels(size)) px; use a larger canvas, less padding or smaller insets"
          )
        }
      }
    }
    size = Double(units) / 64
    labelCount = request.labels.count
    measuredSizeCount = cache.count
    boxes = chosen.place(labels: labels, request: request)
  }
}

/// The measured geometry of a stack at one size.
private struct Geometry {
  var metrics: [WordMetrics]
  var widestLabel: Int
  var widestIndex: Int
  var boxHeight: Int
  var baselineOffset: Int

  init<Measurer: WordMeasuring>(_ labels: [String], atSize size: Double, measurer: Measurer, request: StackRequest) {
    metrics = labels.map { measurer.metrics(of: $0, atSize: size) }
    let lineMetrics = measurer.lineMetrics(atSize: size)
    let ascender = Int(lineMetrics.ascender.rounded())
    var top = 0
    var bottom = Int(lineMetrics.lineHeight.rounded(.up))
    widestLabel = 0
    widestIndex = 0
    for (index, metric) in metrics.enumerated() {
      if metric.extentWidth > widestLabel {
        widestLabel = metric.extentWidth
        widestIndex = index
      }
      if let ink = metric.inkBounds {
        top = Swift.min(top, ascender + ink.minY)
        bottom = Swift.max(bottom, ascender + ink.maxY)
      }
    }
    boxHeight = bottom - top + 2 * request.verticalPadding
    baselineOffset = request.verticalPadding + ascender - top
  }

  func stackHeight(_ request: StackRequest) -> Int {
    metrics.count * boxHeight + (metrics.count - 1) * request.spacing
  }

  func fits(_ request: StackRequest) -> Bool {
    widestLabel + 2 * request.horizontalPadding <= request.availableBox.width
      && stackHeight(request) <= request.availableBox.height
  }

  func place(labels: [(String, String)], request: StackRequest) -> [StackBox] {
    let available = request.availableBox
    let stackHeight = stackHeight(request)
    var y: Int
    switch request.verticalAlignment {
    case .top: y = available.minY
    case .bottom: y = available.maxY - stackHeight
    case .center: y = available.minY + floorHalf(available.height - stackHeight)
    }
    var boxes: [StackBox] = []
    for (index, (label, text)) in labels.enumerated() {
      let metric = metrics[index]
      let ideal = metric.extentWidth
      let width: Int
      switch request.width {
      case .equal: width = widestLabel + 2 * request.horizontalPadding
      case .fill: width = available.width
      case .ideal: width = ideal + 2 * request.horizontalPadding
      }
      let x: Int
      switch request.alignment {
      case .leading: x = available.minX
      case .trailing: x = available.maxX - width
      case .center: x = available.minX + floorHalf(available.width - width)
      }
      let frame = PixelBox(minX: x, minY: y, maxX: x + width, maxY: y + boxHeight)
      let extent = metric.horizontalExtent
      let penX: Int
      switch request.textAlignment {
      case .leading: penX = x + request.horizontalPadding - extent.lowerBound
      case .trailing: penX = x + width - request.horizontalPadding - extent.upperBound
      case .center: penX = x + floorHalf(width - ideal) - extent.lowerBound
      }
      let origin = PixelPoint(x: penX, y: y + baselineOffset)
      boxes.append(
        StackBox(
          label: label, text: text, frame: frame, idealWidth: ideal, textOrigin: origin,
          inkBounds: metric.inkBounds?.offsetBy(dx: origin.x, dy: origin.y)))
      y += boxHeight + request.spacing
    }
    return boxes
  }
}

/// Half of `value`, rounded towards negative infinity.
func floorHalf(_ value: Int) -> Int {
  value >= 0 ? value / 2 : -((-value + 1) / 2)
}
