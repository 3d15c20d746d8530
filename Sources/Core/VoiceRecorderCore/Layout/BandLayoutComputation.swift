import Foundation

extension BandLayout {
    // MARK: Constants (SPEC A.1–A.3, A.8, A.12, A.15, A.18)

    /// Parts of one control rest this far apart: close enough that the neck holds.
    public static let joinedGap = 4.0
    /// Separate actions rest this far apart: beyond the melt distance, so they stand alone.
    public static let apartGap = 26.0
    /// The gap between the app's content and the resting mic.
    public static let contentGap = 26.0
    /// A bubble at home inside its parent is the parent's shape shrunk to this.
    public static let homeScale = 0.72
    /// The mic's scale under a full press.
    public static let pressScale = 0.92
    /// The mic's scale while recording.
    public static let swellScale = 1.1
    /// Under Reduce Motion a full press dims the mic by this much instead of sinking it.
    public static let pressDim = 0.3
    /// Under Reduce Motion a bubble opens in place from this scale (with its opacity) instead of budding.
    public static let reducedMotionStartScale = 0.9
    /// The bin's glyph tips closed by this angle (16°) about its bottom.
    public static let binTipAngle = 16 * Double.pi / 180

    // Capsule items (× grow).
    static let clockSidePadding = 9.0
    static let farSidePadding = 15.0
    static let itemSpacing = 10.0
    static let dotDiameter = 8.0
    /// The dot plus its gap to the time: the clock's fixed part.
    static let dotSlot = 14.0
    static let barsVerticalPadding = 10.0
    /// The chevron plus its gap to the words (the 14 of A.8's squeeze rule).
    static let chevronSlot = 14.0
    static let chevronSize = Size(width: 9, height: 12)

    // Lane (× grow, except the fractions of side).
    static let laneWidthFraction = 0.8
    static let laneHeightFraction = 1.55
    static let laneLockGlyph = 15.0
    static let laneChevronGlyph = 11.0
    static let laneGlyphSpacing = 6.0
    static let laneTopPadding = 13.0

    // Glyphs (× grow).
    static let micGlyph = 20.0
    static let trashGlyph = 18.0

    // Hint.
    static let hintHorizontalPadding = 15.0
    static let hintVerticalPadding = 9.0
    static let hintMinimumHeight = 36.0
    static let hintMaximumCornerRadius = 18.0

    /// The widest the hint's text may be laid out at `width`: the hint is never wider than the control, so its text
    /// gets the control's width less the bubble's side padding. The front end wraps the text at this width and passes
    /// the measured size back in `BandLayoutInput.Text.hint`.
    public static func hintMaxTextWidth(width: Double, scale: TextScale) -> Double {
        guard width.isFinite else { return 0 }
        return max(width - 2 * hintHorizontalPadding * scale.grow, 0)
    }

    // MARK: The layout

    /// Lays the control out for one frame.
    ///
    /// Placement, leading to trailing (then mirrored right to left):
    /// - **Mic**: a circle of diameter *side* resting at the trailing end (its centre `side/2` from the trailing
    ///   edge, vertically centred), moved `slide` toward the leading edge; press and swell scale it (0.92, 1.1)
    ///   except under Reduce Motion, where a press dims it instead.
    /// - **Content**: the leading space up to 26 pt before the resting mic.
    /// - **Capsule**: from the leading edge to `1.025 side + 4 + slide` from the trailing edge, *side* tall, fully
    ///   round ends. While the trash is out it starts *side* + 26 pt in (the trash is a separate action, so it stands
    ///   apart); while the bin is out, *side* + 4 pt in (the bin is where the capsule will gather, so it stays joined).
    /// - **Trash / bin**: a circle of diameter *side* (the same touch target as the mic) at the leading end, where
    ///   the capsule's leading cap was: it buds by growing out of that cap while the capsule draws back from it, so the
    ///   neck stretches and (for the trash) snaps at 20 pt.
    /// - **Lane**: 0.8 side wide, 1.55 side + stretch tall, its bottom 4 pt above the fully swollen mic, centred
    ///   over the mic (it follows the mic's slide); the stretch raises its top.
    /// - **Hint**: its bottom 4 pt above the mic's current top (26 pt when the capsule is out, in between while it
    ///   moves), its trailing edge over the mic's.
    ///
    /// A bubble at *home* is its parent's shape shrunk to 0.72 at the parent's centre (the capsule and the lane in
    /// the mic, the trash and the bin in the capsule's leading cap, the hint in the mic; the capsule in the bin when
    /// it gathers there); its presence moves every edge from home to out, so the same function draws the budding and
    /// the melting. Under Reduce Motion a bubble instead stays at its out place, scaling from 0.9 and fading in.
    public init(_ input: BandLayoutInput) {
        let width = input.width.isFinite ? max(input.width, 0) : 0
        let grow = input.textScale.grow
        let side = input.style.side(input.textScale)
        let reduce = input.reduceMotion
        let presence = (
            capsule: unitClamped(input.presence.capsule), lane: unitClamped(input.presence.lane),
            trash: unitClamped(input.presence.trash), bin: unitClamped(input.presence.bin),
            hint: unitClamped(input.presence.hint)
        )
        let slide = input.slide.isFinite ? max(input.slide, 0) : 0
        let stretch = input.laneStretch.isFinite ? max(input.laneStretch, 0) : 0

        // How a bubble moves between its home and its out rectangle, and how opaque it and its contents are.
        func bud(home: Rect, out: Rect, _ p: Double) -> (rect: Rect, opacity: Double, contentOpacity: Double) {
            if reduce {
                return (out.scaled(by: lerp(Self.reducedMotionStartScale, 1, p)), p, p)
            }
            // Contents appear over the second half of the bud, once there is room for them.
            let content = unitClamped((p - 0.5) / 0.5)
            return (home.interpolated(to: out, p), 1, content * content * (3 - 2 * content))
        }
        func homeRect(in parent: Rect) -> Rect {
            let diameter = min(parent.width, parent.height) * Self.homeScale
            return Rect(center: parent.center, size: Size(width: diameter, height: diameter))
        }

        // Mic.
        let sink = unitClamped(input.pressSink)
        let swell = unitClamped(input.swell)
        let micScale = reduce ? 1 : (1 - (1 - Self.pressScale) * sink) * (1 + (Self.swellScale - 1) * swell)
        let micCenter = Point(x: width - side / 2 - slide, y: side / 2)
        let micDiameter = side * micScale
        let micRect = Rect(center: micCenter, size: Size(width: micDiameter, height: micDiameter))
        let micGlyphSize = Self.micGlyph * grow * micScale
        var mic = Mic(
            center: micCenter, diameter: micDiameter, dim: reduce ? Self.pressDim * sink : 0,
            glyph: Rect(center: micCenter, size: Size(width: micGlyphSize, height: micGlyphSize)))

        // The leading-end bubbles' place, and the room the capsule leaves them.
        let leadingBubbleOut = Rect(x: 0, y: 0, width: side, height: side)
        let room = max(presence.trash * (side + Self.apartGap), presence.bin * (side + Self.joinedGap))
        let capsuleTrailing = max(width - (1.025 * side + Self.joinedGap + slide), 0)
        func capsuleOut(leading: Double) -> Rect {
            Rect(minX: min(leading, capsuleTrailing), minY: 0, maxX: capsuleTrailing, maxY: side)
        }
        let capsuleOutRect = capsuleOut(leading: room)
        // Where the capsule's leading cap is without the room: the trash and bin bud from there.
        let capsuleHomeFromMic = homeRect(in: micRect)
        let capsuleAtRestLeading = bud(home: capsuleHomeFromMic, out: capsuleOut(leading: 0), presence.capsule).rect
        let leadingCap = Rect(
            x: capsuleAtRestLeading.minX, y: capsuleAtRestLeading.minY,
            width: capsuleAtRestLeading.height, height: capsuleAtRestLeading.height)

        func roundBubble(_ p: Double) -> Bubble? {
            guard p > 0 else { return nil }
            let (rect, opacity, contentOpacity) = bud(home: homeRect(in: leadingCap), out: leadingBubbleOut, p)
            let glyphSize = Self.trashGlyph * grow * rect.width / side
            let glyph = Rect(center: rect.center, size: Size(width: glyphSize, height: glyphSize))
            return Bubble(
                shape: .circle(center: rect.center, diameter: rect.width), opacity: opacity,
                contentOpacity: contentOpacity, glyph: glyph, glyphRotation: 0,
                glyphPivot: Point(x: glyph.midX, y: glyph.maxY))
        }
        let trash = roundBubble(presence.trash)
        var bin = roundBubble(presence.bin)
        if !reduce { bin?.glyphRotation = -Self.binTipAngle * unitClamped(input.binTip) }

        // Capsule.
        var capsule: Capsule?
        if presence.capsule > 0 {
            let home = input.capsuleHome == .bin ? homeRect(in: leadingBubbleOut) : capsuleHomeFromMic
            let (rect, opacity, contentOpacity) = bud(home: home, out: capsuleOutRect, presence.capsule)
            capsule = Self.capsule(
                in: capsuleOutRect, current: GlassShape.pill(rect), opacity: opacity,
                contentOpacity: contentOpacity, slide: slide, input: input, grow: grow)
            if let preview = input.preview, let recording = capsule {
                capsule = Self.withPausedItems(recording, out: capsuleOutRect, preview: preview, grow: grow)
            }
        }

        // Pause bubble (preview, SPEC D.1): buds out of the mic as the lane melts into it.
        var pauseBubble: PauseBubble?
        let pauseBubblePresence = unitClamped(input.presence.pauseBubble)
        if pauseBubblePresence > 0 {
            let out = Self.pauseBubbleOut(micCenter: micCenter, side: side, reduceMotion: reduce)
            let (rect, opacity, contentOpacity) = bud(home: homeRect(in: micRect), out: out, pauseBubblePresence)
            pauseBubble = Self.pauseBubble(
                in: rect, side: side, opacity: opacity, contentOpacity: contentOpacity, grow: grow,
                micGlyph: input.preview?.paused ?? 0)
        }

        // Lane.
        var lane: Lane?
        if presence.lane > 0 {
            let laneWidth = Self.laneWidthFraction * side
            let bottom = side / 2 - (reduce ? 0.5 : Self.swellScale / 2) * side - Self.joinedGap
            let out = Rect(
                minX: micCenter.x - laneWidth / 2, minY: bottom - Self.laneHeightFraction * side - stretch,
                maxX: micCenter.x + laneWidth / 2, maxY: bottom)
            let (rect, opacity, contentOpacity) = bud(home: homeRect(in: micRect), out: out, presence.lane)
            let glyphScale = rect.width / laneWidth
            let lockSize = Self.laneLockGlyph * grow * glyphScale
            let chevronSize = Self.laneChevronGlyph * grow * glyphScale
            let lockTop = rect.minY + Self.laneTopPadding * grow * glyphScale
            let lock = Rect(x: rect.midX - lockSize / 2, y: lockTop, width: lockSize, height: lockSize)
            let chevron = Rect(
                x: rect.midX - chevronSize / 2, y: lock.maxY + Self.laneGlyphSpacing * grow * glyphScale,
                width: chevronSize, height: chevronSize)
            let lockReach = DragInterpreter.baseLockReach * grow
            lane = Lane(
                shape: .pill(rect), opacity: opacity, contentOpacity: contentOpacity, lockGlyph: lock,
                lockShut: unitClamped(input.lockShut), chevron: chevron,
                chevronOpacity: max(0, 1 - stretch / (0.6 * lockReach)))
        }

        // Hint.
        var hint: Hint?
        if presence.hint > 0 {
            let maxTextWidth = Self.hintMaxTextWidth(width: width, scale: input.textScale)
            let textWidth = min(max(input.text.hint.width, 0), maxTextWidth)
            let textHeight = max(input.text.hint.height, 0)
            let bubbleWidth = textWidth + 2 * Self.hintHorizontalPadding * grow
            let bubbleHeight = max(textHeight + 2 * Self.hintVerticalPadding * grow, Self.hintMinimumHeight)
            let gapAbove = lerp(Self.joinedGap, Self.apartGap, presence.capsule)
            // Above whatever glass stands on the mic (the lock lane while held, the pause bubble hands-free): a hint
            // during a take (SPEC F.2's "Microphone is muted") would otherwise sit over it.
            let standing = [lane.map(\.shape.rect.minY), pauseBubble.map(\.shape.rect.minY)].compactMap { $0 }
            let bottom = min(micRect.minY, standing.min() ?? micRect.minY) - gapAbove
            let out = Rect(
                minX: micRect.maxX - bubbleWidth, minY: bottom - bubbleHeight,
                maxX: micRect.maxX, maxY: bottom)
            let home = homeRect(in: micRect)
            let (rect, opacity, contentOpacity) = bud(home: home, out: out, presence.hint)
            let outRadius = min(bubbleHeight / 2, Self.hintMaximumCornerRadius)
            let radius = reduce ? outRadius * rect.height / out.height : lerp(home.height / 2, outRadius, presence.hint)
            hint = Hint(
                shape: GlassShape(rect: rect, cornerRadius: radius), opacity: opacity,
                text: Rect(center: rect.center, size: Size(width: textWidth, height: textHeight)),
                textOpacity: contentOpacity)
        }

        // Content.
        var content: Content?
        if input.hasContent {
            let visibility = unitClamped(input.contentVisibility)
            content = Content(
                rect: Rect(x: 0, y: 0, width: max(width - side - Self.contentGap, 0), height: side),
                opacity: visibility, takesInput: presence.capsule <= 0 && visibility >= 1)
        }

        // Mirror right to left: everything above was laid out with the leading edge on the left.
        if input.direction == .rightToLeft {
            mic = mic.mirrored(inWidth: width)
            capsule = capsule?.mirrored(inWidth: width)
            lane = lane?.mirrored(inWidth: width)
            pauseBubble = pauseBubble?.mirrored(inWidth: width)
            hint = hint?.mirrored(inWidth: width)
            content = content.map {
                Content(
                    rect: $0.rect.mirrored(inWidth: width), opacity: $0.opacity,
                    takesInput: $0.takesInput)
            }
            self.trash = trash?.mirrored(inWidth: width)
            self.bin = bin?.mirrored(inWidth: width)
        } else {
            self.trash = trash
            self.bin = bin
        }

        self.width = width
        self.side = side
        self.grow = grow
        self.direction = input.direction
        self.mic = mic
        self.capsule = capsule
        self.lane = lane
        self.pauseBubble = pauseBubble
        self.hint = hint
        self.content = content

        // The liquid group: every glass part, then the necks between the pairs that can melt together.
        var glass: [GlassPart] = []
        if let lane { glass.append(GlassPart(part: .lane, shape: lane.shape, opacity: lane.opacity)) }
        if let hint { glass.append(GlassPart(part: .hint, shape: hint.shape, opacity: hint.opacity)) }
        if let capsule { glass.append(GlassPart(part: .capsule, shape: capsule.shape, opacity: capsule.opacity)) }
        if let trash = self.trash { glass.append(GlassPart(part: .trash, shape: trash.shape, opacity: trash.opacity)) }
        if let bin = self.bin { glass.append(GlassPart(part: .bin, shape: bin.shape, opacity: bin.opacity)) }
        if let pauseBubble {
            glass.append(GlassPart(part: .pauseBubble, shape: pauseBubble.shape, opacity: pauseBubble.opacity))
        }
        glass.append(GlassPart(part: .mic, shape: mic.shape, opacity: 1 - mic.dim))
        self.glass = glass

        let pairs: [(Part, Part)] = [
            (.mic, .capsule), (.mic, .lane), (.mic, .hint), (.capsule, .trash), (.capsule, .bin),
            (.mic, .pauseBubble),
        ]
        var necks: [Neck] = []
        for (a, b) in pairs {
            guard let first = glass.first(where: { $0.part == a }), let second = glass.first(where: { $0.part == b }),
                let neck = LiquidNeck.between(first.shape, second.shape)
            else { continue }
            necks.append(Neck(parts: [a, b], neck: neck, opacity: min(first.opacity, second.opacity)))
        }
        self.necks = necks

        var bounds = Rect(x: 0, y: 0, width: width, height: side)
        for part in glass { bounds = bounds.union(part.shape.rect) }
        self.bounds = bounds
        overflowAbove = max(0, -bounds.minY)
    }

    /// The capsule's items, laid out in its fully-out rectangle `out` (leading edge on the left).
    private static func capsule(
        in out: Rect, current: GlassShape, opacity: Double, contentOpacity: Double,
        slide: Double, input: BandLayoutInput, grow: Double
    ) -> Capsule {
        let side = out.height
        let clock = input.text.clock
        let leading = out.minX + clockSidePadding * grow
        let far = out.maxX - farSidePadding * grow

        var dot = Dot(
            center: Point(x: leading + dotDiameter * grow / 2, y: side / 2), diameter: dotDiameter * grow,
            opacity: 1)
        if input.dotBreathes {
            let breath = Motion.dotBreath(at: input.elapsed)
            dot.diameter *= breath.scale
            dot.opacity = breath.opacity
        }
        let clockText = Rect(
            x: leading + dotSlot * grow, y: (side - clock.height) / 2,
            width: clock.width, height: clock.height)
        let barsLeading = clockText.maxX + itemSpacing * grow
        var barsTrailing = far

        var slideToCancel: SlideToCancel?
        if input.showsSlideToCancel {
            let words = input.text.slideToCancel
            // Judged at the capsule's resting length, so the words don't drop out mid-drag.
            let showsWords = SlideToCancelFit.showsWords(
                capsuleWidth: out.width + slide, clockWidth: dotSlot * grow + clock.width,
                wordsWidth: words.width, scale: input.textScale)
            let chevronSize = Size(width: Self.chevronSize.width * grow, height: Self.chevronSize.height * grow)
            let fullWidth = showsWords ? chevronSlot * grow + words.width : chevronSize.width
            let progress = unitClamped(input.cancelProgress)
            let visibleWidth = fullWidth * (1 - progress)
            let groupLeading = far - visibleWidth
            let drift = Motion.chevronDrift(at: input.time, reduceMotion: input.reduceMotion)
            slideToCancel = SlideToCancel(
                chevron: Rect(
                    x: groupLeading - drift, y: (side - chevronSize.height) / 2,
                    width: chevronSize.width, height: chevronSize.height),
                chevronPointsLeft: true,
                words: showsWords
                    ? Rect(
                        x: groupLeading + chevronSlot * grow, y: (side - words.height) / 2,
                        width: words.width, height: words.height) : nil,
                visible: Rect(minX: groupLeading - Motion.chevronDriftDistance, minY: 0, maxX: far, maxY: side),
                opacity: max(0, 1 - 1.25 * progress))
            barsTrailing = groupLeading - itemSpacing * grow
        }
        let barsPadding = barsVerticalPadding * grow
        let bars = Rect(
            minX: barsLeading, minY: barsPadding, maxX: max(barsTrailing, barsLeading),
            maxY: max(side - barsPadding, barsPadding))
        return Capsule(
            shape: current, opacity: opacity, contentOpacity: contentOpacity, dot: dot,
            clockText: clockText, bars: bars, slideToCancel: slideToCancel)
    }
}
