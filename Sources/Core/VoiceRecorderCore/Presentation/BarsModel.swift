/// One level bar to draw: a round-ended vertical stroke (a dot when silent).
public struct LevelBar: Sendable, Equatable {
    /// Which tenth of a second of the take the bar shows (0 = the take's first); negative for the quiet dots that fill
    /// the row before the take began.
    public var index: Int
    /// The loudness 0…1 the bar shows.
    public var level: Double
    /// The bar's centre, from the row's left end, in points (already mirrored right to left).
    public var centerX: Double
    /// The bar's centre, from the row's top, in points: always the row's middle line.
    public var centerY: Double
    /// The bar's width in points.
    public var width: Double
    /// The bar's height in points, from `width` (silence: a dot) up to the row's height (loudest).
    public var height: Double
    /// The bar's opacity 0…1 from the row's edge fade.
    public var opacity: Double

    /// The radius that rounds both ends: half the width.
    public var cornerRadius: Double { width / 2 }
    /// The bar's left edge.
    public var minX: Double { centerX - width / 2 }
    /// The bar's right edge.
    public var maxX: Double { centerX + width / 2 }
    /// The bar's top edge.
    public var minY: Double { centerY - height / 2 }
    /// The bar's bottom edge.
    public var maxY: Double { centerY + height / 2 }
}

/// The level bars inside the capsule (SPEC A.8): what to draw, as a pure function of the take so far.
///
/// - One bar per tenth of a second, showing the larger of that tenth's two 50 ms window peaks.
/// - Bars scroll toward the leading edge at one *pitch* (bar width + spacing) per tenth, continuously: a bar's centre
///   is `trailing end − barWidth/2 − (elapsed in tenths − bar index) × pitch`. So the newest bar enters at the
///   trailing end (beside the mic) at the start of its tenth and has slid fully in, one pitch, by its end; then the
///   next one follows it in. The bar being filled shows the peaks it has so far (a dot until its first window ends);
///   it is then still inside the trailing fade, so it grows while it fades in rather than popping.
/// - Before the take began the row is quiet dots, so the row looks the same from the first frame and sound simply
///   grows out of it.
/// - Height = width + (row height − width) × level, centred on the row's middle line, round-ended.
/// - Opacity from the edge fade at the bar's centre: transparent at 0 % of the row's length, opaque from 14 % to
///   96 %, transparent at 100 %, linear between (percentages measured from the leading end).
/// - Right to left, everything mirrors: the newest bar sits at the left end and bars scroll right.
///
/// Because it depends only on its inputs, the stopped phase draws frozen bars by passing the frozen elapsed time and
/// windows. Only the bars that can be seen are computed, so a five-minute take costs what a five-second one does.
public struct BarsModel: Sendable, Equatable {
    /// Seconds of the take one bar stands for.
    public static let barDuration = 0.1
    /// Metering windows per bar (two 50 ms windows per tenth).
    public static let windowsPerBar = 2
    /// Where along the row (from the leading end, 0…1) the fade-in ends.
    public static let fadeInEnd = 0.14
    /// Where along the row (from the leading end, 0…1) the fade-out starts.
    public static let fadeOutStart = 0.96

    /// The loudness of every completed 50 ms window of the take, oldest first.
    public var windowLoudnesses: [Double]
    /// Seconds since the take's audio started (frozen when stopped).
    public var elapsed: Double
    /// The row's length along the reading direction, in points.
    public var rowLength: Double
    /// The row's height (the capsule's height less its vertical padding), in points.
    public var rowHeight: Double
    /// The width of one bar, in points.
    public var barWidth: Double
    /// The gap between two bars, in points.
    public var barSpacing: Double
    /// The reading direction: right to left mirrors the row.
    public var direction: LayoutDirection

    /// A bars row with explicit geometry.
    public init(
        windowLoudnesses: [Double], elapsed: Double, rowLength: Double, rowHeight: Double,
        barWidth: Double, barSpacing: Double, direction: LayoutDirection
    ) {
        self.windowLoudnesses = windowLoudnesses
        self.elapsed = elapsed
        self.rowLength = rowLength
        self.rowHeight = rowHeight
        self.barWidth = barWidth
        self.barSpacing = barSpacing
        self.direction = direction
    }

    /// A bars row whose bar width and spacing come from `style`.
    public init(
        windowLoudnesses: [Double], elapsed: Double, rowLength: Double, rowHeight: Double,
        style: Style, direction: LayoutDirection
    ) {
        self.init(
            windowLoudnesses: windowLoudnesses, elapsed: elapsed, rowLength: rowLength, rowHeight: rowHeight,
            barWidth: style.barWidth, barSpacing: style.barSpacing, direction: direction)
    }

    /// The distance from one bar's centre to the next.
    public var pitch: Double { barWidth + barSpacing }

    /// The bars to draw, oldest (leading) first. Fully transparent bars are left out.
    public var bars: [LevelBar] {
        guard rowLength > 0, barWidth > 0, rowLength.isFinite, barWidth.isFinite, barSpacing.isFinite else { return [] }
        let tenths = Self.tenths(elapsed)
        let newest = Int(tenths.rounded(.down))
        // Bars further than this many pitches from the trailing end lie beyond the leading end.
        let visibleCount = Int((rowLength / pitch).rounded(.up)) + 1
        let height = max(rowHeight, barWidth)
        var bars: [LevelBar] = []
        bars.reserveCapacity(visibleCount + 1)
        for index in stride(from: newest - visibleCount, through: newest, by: 1) {
            let distanceFromTrailing = barWidth / 2 + (tenths - Double(index)) * pitch
            let alongFromLeading = rowLength - distanceFromTrailing
            let opacity = Self.edgeFade(at: alongFromLeading / rowLength)
            guard opacity > 0 else { continue }
            let level = level(ofBar: index)
            bars.append(
                LevelBar(
                    index: index, level: level,
                    centerX: direction.mirrored(alongFromLeading, in: rowLength),
                    centerY: rowHeight / 2,
                    width: barWidth,
                    height: barWidth + (height - barWidth) * level,
                    opacity: opacity))
        }
        return bars
    }

    /// The loudness bar `index` shows: the larger of its windows that have been measured; 0 for none.
    public func level(ofBar index: Int) -> Double {
        guard index >= 0 else { return 0 }
        let first = index * Self.windowsPerBar
        let end = min(first + Self.windowsPerBar, windowLoudnesses.count)
        guard first < end else { return 0 }
        let peak = windowLoudnesses[first ..< end].max() ?? 0
        return peak.isNaN ? 0 : min(max(peak, 0), 1)
    }

    /// The edge fade's opacity at `position` along the row (0 = leading end, 1 = trailing end).
    public static func edgeFade(at position: Double) -> Double {
        guard position > 0, position < 1 else { return 0 }
        if position < fadeInEnd { return position / fadeInEnd }
        if position > fadeOutStart { return (1 - position) / (1 - fadeOutStart) }
        return 1
    }

    /// `elapsed` in tenths of a second. A value a rounding error short of a whole tenth snaps onto it, so the bar
    /// count doesn't flicker at 0.3 s (which is 2.999… tenths in binary).
    static func tenths(_ elapsed: Double) -> Double {
        guard elapsed.isFinite, elapsed > 0 else { return 0 }
        let tenths = elapsed / barDuration
        let whole = tenths.rounded()
        return abs(tenths - whole) < 1e-9 ? whole : tenths
    }
}
