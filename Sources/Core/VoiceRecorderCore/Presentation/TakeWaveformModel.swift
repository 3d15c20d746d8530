/// The paused take's whole waveform as the capsule draws it (SPEC D.2, D.4): every 50 ms window of the take,
/// compressed to the row's width by the peak of each stretch (as A.5 compresses a Recording's samples), each bar
/// knowing the stretch of the take it stands for and whether that lies in the kept range (outside it, it is dimmed).
public struct TakeWaveformModel: Sendable, Equatable {
    /// One bar of the waveform.
    public struct Bar: Sendable, Equatable {
        /// The stretch of the take it stands for, in seconds.
        public var start: Double
        public var end: Double
        /// The stretch's peak loudness, 0…1.
        public var level: Double
        /// Its height in the row: the bar's width (a quiet dot) up to the row's height (full loudness).
        public var height: Double
        /// Whether the middle of its stretch lies in the kept range.
        public var isKept: Bool

        /// The middle of its stretch: where it stands on the waveform's track.
        public var middle: Double { (start + end) / 2 }
    }

    /// The bars, oldest first.
    public var bars: [Bar]

    /// The waveform of a take `length` seconds long whose windows are `windowLoudnesses`, in a row `rowLength` ×
    /// `rowHeight` points with bars `barWidth` wide and `barSpacing` apart: as many bars as fit, or one a window when
    /// the take has fewer windows (spread over the row, so the waveform always spans the whole take).
    public init(
        windowLoudnesses: [Double], length: Double, kept: KeptRange, rowLength: Double, rowHeight: Double,
        barWidth: Double, barSpacing: Double
    ) {
        let pitch = barWidth + barSpacing
        guard rowLength.isFinite, rowLength > 0, barWidth > 0, pitch > 0, length > 0, !windowLoudnesses.isEmpty
        else {
            bars = []
            return
        }
        let fitting = max(1, Int(((rowLength + barSpacing) / pitch).rounded(.down)))
        let levels = WaveformCompression.compress(windowLoudnesses, to: fitting)
        let stretch = length / Double(levels.count)
        let tallest = max(rowHeight, barWidth)
        bars = levels.enumerated().map { index, loudness in
            let level = loudness.isNaN ? 0 : min(max(loudness, 0), 1)
            let start = Double(index) * stretch
            let end = start + stretch
            let middle = (start + end) / 2
            return Bar(
                start: start, end: end, level: level, height: barWidth + (tallest - barWidth) * level,
                isKept: middle >= kept.start && middle <= kept.end)
        }
    }
}
