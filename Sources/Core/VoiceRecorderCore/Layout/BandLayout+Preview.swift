/// The parts only pause and preview has (SPEC D.1–D.4): the pause bubble above the send button (the mic bubble while
/// paused), and the paused capsule's play button, whole-take waveform, playhead, trim handles and dimmed ends.
extension BandLayout {
    /// The round bubble above the send button: the pause bubble hands-free, the mic bubble paused.
    public struct PauseBubble: Sendable, Equatable {
        /// The glass shape, as it is this frame (budding, out or melting).
        public var shape: GlassShape
        /// Its opacity: 1 while budding (the union hides a bud in its parent); fading in place under Reduce Motion.
        public var opacity: Double
        /// The opacity of what it holds: its glyph appears over the second half of the bud.
        public var contentOpacity: Double
        /// The glyph's box, 16 pt × grow, scaled with the bubble.
        public var glyph: Rect
        /// How far the glyph has turned from the pause bars (0) to the mic (1): it cross-fades as the take pauses.
        public var micGlyph: Double
    }

    /// The paused capsule's items, laid out in the capsule's fully-out rectangle like the recording items.
    public struct PausedItems: Sendable, Equatable {
        /// How far the capsule has turned to paused, 0…1: draw these at this opacity and the dot and bars at 1 − it.
        public var opacity: Double
        /// The play button's glyph box (a triangle; two bars while listening), where the dot was.
        public var playGlyph: Rect
        /// Whether the play button shows pause (the take is being listened to).
        public var showsPause: Bool
        /// What takes presses for the play button: a disc around its glyph (inside the capsule).
        public var playTarget: GlassShape
        /// The waveform's row, where the level bars were.
        public var waveform: Rect
        /// The waveform's time axis along the row (leading edge = the take's start).
        public var track: WaveformTrack
        /// The take's length and kept range, in seconds, that the track is read against.
        public var length: Double
        public var kept: KeptRange
        /// The playhead: a thin line across the row.
        public var playhead: Rect
        /// The handles at the kept range's start and end, as drawn (rounded bars a little taller than the row).
        public var startHandle: Rect
        public var endHandle: Rect
        /// What takes presses for each handle: a strip 24 pt × grow wide, the capsule's height.
        public var startHandleTarget: Rect
        public var endHandleTarget: Rect
        /// The parts of the row outside the kept range, dimmed.
        public var dimmed: [Rect]
    }

    // MARK: Constants (SPEC D.1, D.2, D.4; × grow unless a fraction of side)

    /// The pause bubble's diameter as a fraction of side.
    public static let pauseBubbleFraction = 0.8
    static let pauseBubbleGlyph = 16.0
    static let playGlyph = 14.0
    /// Between the play glyph and the clock.
    static let playToClock = 8.0
    /// The play button's disc, as a fraction of side.
    static let playTargetFraction = 0.75
    static let handleWidth = 4.0
    /// The handle rises this far above and below the row.
    static let handleOverhang = 6.0
    static let handleTargetWidth = 24.0
    static let playheadWidth = 2.0
    static let playheadOverhang = 2.0

    /// Where the pause bubble rests: centred over the mic, its bottom 4 pt above the fully swollen mic, like the lane.
    static func pauseBubbleOut(micCenter: Point, side: Double, reduceMotion: Bool) -> Rect {
        let diameter = pauseBubbleFraction * side
        let bottom = side / 2 - (reduceMotion ? 0.5 : swellScale / 2) * side - joinedGap
        return Rect(
            minX: micCenter.x - diameter / 2, minY: bottom - diameter, maxX: micCenter.x + diameter / 2,
            maxY: bottom)
    }

    /// The pause bubble in its current rectangle `rect` (its out rectangle is `side` × 0.8 across).
    static func pauseBubble(
        in rect: Rect, side: Double, opacity: Double, contentOpacity: Double, grow: Double, micGlyph: Double
    ) -> PauseBubble {
        let glyphSize = pauseBubbleGlyph * grow * rect.width / (pauseBubbleFraction * side)
        return PauseBubble(
            shape: .circle(center: rect.center, diameter: rect.width), opacity: opacity,
            contentOpacity: contentOpacity,
            glyph: Rect(center: rect.center, size: Size(width: glyphSize, height: glyphSize)),
            micGlyph: unitClamped(micGlyph))
    }

    /// The capsule with its paused items (leading edge on the left): the play button takes the dot's place, the
    /// clock moves over for it (with the fade), and the waveform takes the bars' row, at its paused place at once.
    static func withPausedItems(
        _ capsule: Capsule, out: Rect, preview: BandLayoutInput.Preview, grow: Double
    ) -> Capsule {
        var capsule = capsule
        let paused = unitClamped(preview.paused)
        guard paused > 0 else { return capsule }
        let side = out.height
        let leading = out.minX + clockSidePadding * grow
        let glyphSize = playGlyph * grow
        let playGlyph = Rect(x: leading, y: (side - glyphSize) / 2, width: glyphSize, height: glyphSize)
        let pausedClockX = playGlyph.maxX + playToClock * grow
        capsule.clockText.origin.x = lerp(capsule.clockText.minX, pausedClockX, paused)
        capsule.dot.opacity *= 1 - paused

        let padding = barsVerticalPadding * grow
        // The row stays where it is once paused while the clock moves over (so a press during the fade lands where
        // it will be read).
        let rowLeading = pausedClockX + capsule.clockText.width + itemSpacing * grow
        let rowTrailing = max(out.maxX - farSidePadding * grow, rowLeading)
        let row = Rect(minX: rowLeading, minY: padding, maxX: rowTrailing, maxY: max(side - padding, padding))
        capsule.bars = row
        let track = WaveformTrack(minX: row.minX, maxX: row.maxX)
        let length = preview.length
        let kept = KeptRange(
            start: min(max(preview.kept.start, 0), length), end: min(max(preview.kept.end, 0), length))
        let startX = track.x(atSeconds: kept.start, length: length)
        let endX = track.x(atSeconds: kept.end, length: length)
        let playheadX = track.x(atSeconds: kept.clamp(preview.playhead), length: length)

        func strip(at x: Double, width: Double, overhang: Double) -> Rect {
            Rect(
                minX: x - width / 2, minY: row.minY - overhang, maxX: x + width / 2, maxY: row.maxY + overhang)
        }
        let handleWidth = Self.handleWidth * grow
        let handleOverhang = Self.handleOverhang * grow
        let targetWidth = handleTargetWidth * grow
        var dimmed: [Rect] = []
        if startX > row.minX { dimmed.append(Rect(minX: row.minX, minY: row.minY, maxX: startX, maxY: row.maxY)) }
        if endX < row.maxX { dimmed.append(Rect(minX: endX, minY: row.minY, maxX: row.maxX, maxY: row.maxY)) }
        capsule.paused = PausedItems(
            opacity: paused, playGlyph: playGlyph, showsPause: preview.isListening,
            playTarget: .circle(center: playGlyph.center, diameter: playTargetFraction * side),
            waveform: row, track: track, length: length, kept: kept,
            playhead: strip(at: playheadX, width: playheadWidth * grow, overhang: playheadOverhang * grow),
            startHandle: strip(at: startX, width: handleWidth, overhang: handleOverhang),
            endHandle: strip(at: endX, width: handleWidth, overhang: handleOverhang),
            startHandleTarget: Rect(
                minX: startX - targetWidth / 2, minY: 0, maxX: startX + targetWidth / 2, maxY: side),
            endHandleTarget: Rect(minX: endX - targetWidth / 2, minY: 0, maxX: endX + targetWidth / 2, maxY: side),
            dimmed: dimmed)
        return capsule
    }

    /// The paused waveform's time axis, for the session (`Session.setWaveformTrack`); nil unless it is shown.
    public var waveformTrack: WaveformTrack? { capsule?.paused?.track }
}

// MARK: Mirroring (right to left)

extension BandLayout.PauseBubble {
    func mirrored(inWidth width: Double) -> Self {
        var copy = self
        copy.shape = shape.mirrored(inWidth: width)
        copy.glyph = glyph.mirrored(inWidth: width)
        return copy
    }
}

extension BandLayout.PausedItems {
    /// Mirrored: the take runs from the right edge to the left; the play triangle still points right, as media
    /// controls do in right-to-left interfaces.
    func mirrored(inWidth width: Double) -> Self {
        var copy = self
        copy.playGlyph = playGlyph.mirrored(inWidth: width)
        copy.playTarget = playTarget.mirrored(inWidth: width)
        copy.waveform = waveform.mirrored(inWidth: width)
        copy.track = WaveformTrack(
            minX: width - track.maxX, maxX: width - track.minX,
            direction: track.direction == .leftToRight ? .rightToLeft : .leftToRight)
        copy.playhead = playhead.mirrored(inWidth: width)
        copy.startHandle = startHandle.mirrored(inWidth: width)
        copy.endHandle = endHandle.mirrored(inWidth: width)
        copy.startHandleTarget = startHandleTarget.mirrored(inWidth: width)
        copy.endHandleTarget = endHandleTarget.mirrored(inWidth: width)
        copy.dimmed = dimmed.map { $0.mirrored(inWidth: width) }
        return copy
    }
}
