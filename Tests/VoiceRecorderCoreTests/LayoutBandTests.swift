import Testing

@testable import VoiceRecorderCore

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
private func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance) && close(a.width, b.width, tolerance)
        && close(a.height, b.height, tolerance)
}

/// Typical text measurements at scale 1: clock "0:07" reserving "5:00", the words, a one-line hint.
private let text = BandLayoutInput.Text(
    clock: Size(width: 34, height: 20), slideToCancel: Size(width: 110, height: 20),
    hint: Size(width: 220, height: 20))

/// A held take, everything out but the trash and the bin.
private func held(
    width: Double = 390, scale: Double = 1, direction: LayoutDirection = .leftToRight,
    slide: Double = 0, stretch: Double = 0
) -> BandLayoutInput {
    BandLayoutInput(
        width: width, textScale: TextScale(scale), direction: direction,
        presence: .init(capsule: 1, lane: 1), swell: 1, slide: slide, laneStretch: stretch,
        contentVisibility: 0, text: text)
}

@Suite("Band layout")
struct LayoutBandTests {
    // MARK: The mic at rest and pressed

    @Test(
        "at rest the mic sits alone at the trailing end",
        arguments: [
            (390.0, 1.0, LayoutDirection.leftToRight, 364.0, 52.0),
            (390, 1, .rightToLeft, 26, 52),
            (390, 1.2, .leftToRight, 390 - 31.2, 62.4),
            (390, 1.4, .leftToRight, 390 - 36.4, 72.8),
            (390, 2, .leftToRight, 390 - 36.4, 72.8),
            (390, 2, .rightToLeft, 36.4, 72.8),
            (320, 0.8, .leftToRight, 294, 52),
        ])
    func rest(width: Double, scale: Double, direction: LayoutDirection, centerX: Double, side: Double) {
        let layout = BandLayout(BandLayoutInput(width: width, textScale: TextScale(scale), direction: direction))
        #expect(close(layout.side, side))
        #expect(close(layout.mic.center.x, centerX))
        #expect(close(layout.mic.center.y, side / 2))
        #expect(close(layout.mic.diameter, side))
        #expect(close(layout.mic.glyph.width, 20 * min(max(scale, 1), 1.4)))
        #expect(layout.capsule == nil && layout.lane == nil && layout.hint == nil && layout.trash == nil)
        #expect(layout.overflowAbove == 0)
        #expect(layout.necks.isEmpty)
        #expect(layout.glass.map(\.part) == [.mic])
    }

    @Test(
        "the content fills the leading space up to 26 pt before the mic",
        arguments: [
            (LayoutDirection.leftToRight, 0.0), (.rightToLeft, 78.0),
        ])
    func content(direction: LayoutDirection, minX: Double) throws {
        let layout = BandLayout(BandLayoutInput(width: 390, direction: direction))
        let content = try #require(layout.content)
        #expect(close(content.rect, Rect(x: minX, y: 0, width: 312, height: 52)))
        #expect(content.takesInput)
        #expect(BandLayout(BandLayoutInput(width: 390, hasContent: false)).content == nil)
        // Covered by the capsule, it takes no input.
        let covered = BandLayout(BandLayoutInput(width: 390, presence: .init(capsule: 0.3), contentVisibility: 0.4))
        #expect(covered.content?.opacity == 0.4)
        #expect(covered.content?.takesInput == false)
    }

    @Test(
        "press sinks to 0.92, recording swells to 1.1; Reduce Motion dims instead",
        arguments: [
            (1.0, 0.0, false, 47.84, 0.0), (0.0, 1.0, false, 57.2, 0.0), (1.0, 1.0, false, 52 * 0.92 * 1.1, 0.0),
            (0.5, 0.0, false, 52 * 0.96, 0.0), (1.0, 1.0, true, 52.0, 0.3), (0.5, 0.0, true, 52.0, 0.15),
        ])
    func pressAndSwell(sink: Double, swell: Double, reduce: Bool, diameter: Double, dim: Double) {
        let layout = BandLayout(BandLayoutInput(width: 390, pressSink: sink, swell: swell, reduceMotion: reduce))
        #expect(close(layout.mic.diameter, diameter))
        #expect(close(layout.mic.dim, dim))
        #expect(close(layout.mic.glyph.width, 20 * diameter / 52))
        #expect(close(layout.glass.last!.opacity, 1 - dim))
    }

    // MARK: The capsule

    @Test(
        "the capsule spans from the leading edge to 1.025 side + 4 + slide from the trailing edge",
        arguments: [
            (390.0, 1.0, 0.0), (390, 1, 60), (390, 1.4, 0), (390, 1.4, 110), (320, 1, 40), (600, 1.2, 138),
        ])
    func capsuleSpan(width: Double, scale: Double, slide: Double) throws {
        let side = 52 * min(max(scale, 1), 1.4)
        let trailingEnd = width - (1.025 * side + 4 + slide)
        let ltr = try #require(BandLayout(held(width: width, scale: scale, slide: slide)).capsule)
        #expect(close(ltr.shape.rect, Rect(x: 0, y: 0, width: trailingEnd, height: side)))
        #expect(close(ltr.shape.cornerRadius, side / 2))
        let mirrored = held(width: width, scale: scale, direction: .rightToLeft, slide: slide)
        let rtl = try #require(BandLayout(mirrored).capsule)
        #expect(close(rtl.shape.rect, Rect(x: width - trailingEnd, y: 0, width: trailingEnd, height: side)))
    }

    @Test("the mic and lane follow the finger's slide", arguments: [0.0, 40, 110, 130])
    func micFollowsSlide(slide: Double) throws {
        let layout = BandLayout(held(slide: slide))
        #expect(close(layout.mic.center.x, 364 - slide))
        #expect(close(try #require(layout.lane).shape.rect.midX, 364 - slide))
        let rtl = BandLayout(held(direction: .rightToLeft, slide: slide))
        #expect(close(rtl.mic.center.x, 26 + slide))
    }

    @Test(
        "the capsule leaves room for the trash (apart, 26 pt) or the bin (joined, 4 pt)",
        arguments: [
            (1.0, 0.0, 78.0), (0.0, 1.0, 56.0), (0.5, 0.0, 39.0),
        ])
    func roomForBubbles(trash: Double, bin: Double, leading: Double) throws {
        var input = held()
        input.presence.trash = trash
        input.presence.bin = bin
        let layout = BandLayout(input)
        #expect(close(try #require(layout.capsule).shape.rect.minX, leading))
        if trash == 1 {
            let bubble = try #require(layout.trash)
            #expect(close(bubble.shape.rect, Rect(x: 0, y: 0, width: 52, height: 52)))
            #expect(close(bubble.glyph.width, 18))
            #expect(!layout.necks.contains { $0.parts == [.capsule, .trash] })  // apart: no neck
        }
        if bin == 1 {
            #expect(close(try #require(layout.bin).shape.rect.midX, 26))
            #expect(layout.necks.contains { $0.parts == [.capsule, .bin] })  // joined: the neck holds
        }
    }

    @Test("a bubble at home is its parent shrunk to 0.72; presence moves it out", arguments: [0.0001, 0.5, 1])
    func budding(presence: Double) throws {
        let capsule = try #require(BandLayout(BandLayoutInput(width: 390, presence: .init(capsule: presence))).capsule)
        let home = Rect(center: Point(x: 364, y: 26), size: Size(width: 52 * 0.72, height: 52 * 0.72))
        let out = Rect(x: 0, y: 0, width: 390 - 1.025 * 52 - 4, height: 52)
        #expect(close(capsule.shape.rect, home.interpolated(to: out, presence), 1e-9))
        #expect(capsule.opacity == 1)
        #expect(close(capsule.contentOpacity, presence == 1 ? 1 : 0))
        // Overshoot is clamped; nothing home is drawn.
        #expect(BandLayout(BandLayoutInput(width: 390, presence: .init(capsule: 1.2))).capsule?.shape.rect == out)
        #expect(BandLayout(BandLayoutInput(width: 390, presence: .init(capsule: 0))).capsule == nil)
    }

    @Test("a discard gathers the capsule into the bin")
    func gatherIntoBin() throws {
        let input = BandLayoutInput(width: 390, presence: .init(capsule: 0.0001, bin: 1), capsuleHome: .bin)
        let capsule = try #require(BandLayout(input).capsule)
        #expect(close(capsule.shape.rect.midX, 26, 0.1))
        #expect(close(capsule.shape.rect.width, 52 * 0.72, 0.1))
    }

    @Test("under Reduce Motion bubbles open in place, fading and scaling from 0.9")
    func reduceMotion() throws {
        var input = held()
        input.reduceMotion = true
        input.presence.capsule = 0.5
        let capsule = try #require(BandLayout(input).capsule)
        let out = Rect(x: 0, y: 0, width: 390 - 1.025 * 52 - 4, height: 52)
        #expect(close(capsule.shape.rect, out.scaled(by: 0.95)))
        #expect(capsule.opacity == 0.5)
        // The lane sits 4 pt above the unswollen mic.
        #expect(close(try #require(BandLayout(input).lane).shape.rect.maxY, -4))
    }

    // MARK: Inside the capsule

    @Test("items inside the capsule: padding 9 / 15, items 10 apart, all × grow", arguments: [1.0, 1.2, 1.35])
    func items(scale: Double) throws {
        let grow = scale
        let side = 52 * scale
        // Wide enough that the words fit beside the bars at every scale.
        var input = held(width: 600, scale: scale)
        input.text = BandLayoutInput.Text(
            clock: Size(width: 34 * grow, height: 20 * grow),
            slideToCancel: Size(width: 110 * grow, height: 20 * grow))
        let capsule = try #require(BandLayout(input).capsule)
        let trailing = 600 - 1.025 * side - 4
        #expect(close(capsule.dot.center.x, 9 * grow + 4 * grow))
        #expect(close(capsule.dot.diameter, 8 * grow))
        #expect(close(capsule.clockText.minX, 23 * grow))
        #expect(close(capsule.clockText.midY, side / 2))
        #expect(close(capsule.bars.minX, capsule.clockText.maxX + 10 * grow))
        #expect(close(capsule.bars.minY, 10 * grow))
        #expect(close(capsule.bars.maxY, side - 10 * grow))
        let slide = try #require(capsule.slideToCancel)
        let words = try #require(slide.words)
        #expect(close(words.maxX, trailing - 15 * grow))
        #expect(close(slide.chevron.minX, words.minX - 14 * grow))
        #expect(close(capsule.bars.maxX, slide.chevron.minX - 10 * grow))
        #expect(slide.chevronPointsLeft)
        // The bars keep at least 56 pt × grow when the words show.
        #expect(capsule.bars.width >= 56 * grow)
    }

    @Test(
        "the words drop to the chevron when they would squeeze the bars, or at accessibility sizes",
        arguments: [
            (390.0, 1.0, true), (250, 1, false), (390, 1.3, true), (390, 1.5, false), (390, 3, false),
        ])
    func wordsFit(width: Double, scale: Double, shows: Bool) throws {
        let capsule = try #require(BandLayout(held(width: width, scale: scale)).capsule)
        let slide = try #require(capsule.slideToCancel)
        #expect((slide.words != nil) == shows)
        if !shows { #expect(close(capsule.bars.maxX, slide.chevron.minX - 10 * min(scale, 1.4))) }
    }

    @Test(
        "\"Slide to cancel\" is eaten from its far end and fades as the finger travels",
        arguments: [
            (0.0, 1.0), (0.4, 0.5), (0.8, 0.0), (1.0, 0.0),
        ])
    func eaten(progress: Double, opacity: Double) throws {
        var input = held(slide: 110 * progress)
        input.cancelProgress = progress
        let capsule = try #require(BandLayout(input).capsule)
        let slide = try #require(capsule.slideToCancel)
        let full = 14 + 110.0
        let far = 390 - 1.025 * 52 - 4 - 110 * progress - 15
        #expect(close(slide.opacity, opacity))
        #expect(close(slide.visible.maxX, far))
        #expect(close(slide.chevron.minX, far - full * (1 - progress)))
        #expect(slide.words != nil)  // judged at rest length, so the words don't drop out mid-drag
    }

    @Test("the chevron drifts toward the leading edge (mirrored right to left)")
    func chevronDrift() throws {
        var input = held()
        input.time = 0.7
        let still = try #require(BandLayout(held()).capsule?.slideToCancel)
        let drifted = try #require(BandLayout(input).capsule?.slideToCancel)
        #expect(close(drifted.chevron.minX, still.chevron.minX - 3))
        input.direction = .rightToLeft
        let rtl = try #require(BandLayout(input).capsule?.slideToCancel)
        #expect(close(rtl.chevron.maxX, 390 - still.chevron.minX + 3))
        #expect(!rtl.chevronPointsLeft)
    }

    @Test("hands-free: no \"Slide to cancel\"; the bars run to the far padding")
    func handsFree() throws {
        var input = held()
        input.showsSlideToCancel = false
        input.presence = .init(capsule: 1, trash: 1)
        let capsule = try #require(BandLayout(input).capsule)
        #expect(capsule.slideToCancel == nil)
        #expect(close(capsule.bars.maxX, 390 - 1.025 * 52 - 4 - 15))
        #expect(close(capsule.dot.center.x, 78 + 13))
    }

    // MARK: The lane

    @Test(
        "the lock lane: 0.8 side wide, 1.55 side + stretch tall, 4 pt above the swollen mic",
        arguments: [
            (1.0, 0.0), (1.0, 30), (1.0, 56), (1.4, 0), (1.4, 78.4),
        ])
    func lane(scale: Double, stretch: Double) throws {
        let side = 52 * scale
        let grow = scale
        let layout = BandLayout(held(scale: scale, stretch: stretch))
        let lane = try #require(layout.lane)
        let bottom = side / 2 - 0.55 * side - 4
        #expect(
            close(
                lane.shape.rect,
                Rect(
                    x: 390 - side / 2 - 0.4 * side, y: bottom - 1.55 * side - stretch,
                    width: 0.8 * side, height: 1.55 * side + stretch)))
        #expect(close(lane.shape.cornerRadius, 0.4 * side))
        #expect(close(lane.lockGlyph.minY, lane.shape.rect.minY + 13 * grow))
        #expect(close(lane.lockGlyph.width, 15 * grow))
        #expect(close(lane.chevron.minY, lane.lockGlyph.maxY + 6 * grow))
        #expect(close(lane.chevron.width, 11 * grow))
        #expect(close(lane.chevronOpacity, max(0, 1 - stretch / (0.6 * 56 * grow))))
        #expect(close(layout.overflowAbove, -(bottom - 1.55 * side - stretch)))
        #expect(layout.necks.contains { $0.parts == [.mic, .lane] })
    }

    // MARK: The hint

    @Test(
        "the hint: padding 15 × 9 × grow, at least 36 tall, radius min(h/2, 18), trailing edge over the mic's",
        arguments: [
            (Size(width: 100, height: 10), 1.0, 130.0, 36.0, 18.0),
            (Size(width: 220, height: 20), 1.0, 250, 38, 18),
            (Size(width: 300, height: 60), 1.0, 330, 78, 18),
            (Size(width: 900, height: 60), 1.0, 390, 78, 18),
            (Size(width: 200, height: 28), 1.4, 242, 53.2, 18),
        ])
    func hint(textSize: Size, scale: Double, width: Double, height: Double, radius: Double) throws {
        let input = BandLayoutInput(
            width: 390, textScale: TextScale(scale), presence: .init(hint: 1),
            text: .init(hint: textSize))
        let layout = BandLayout(input)
        let hint = try #require(layout.hint)
        #expect(close(hint.shape.rect.width, width))
        #expect(close(hint.shape.rect.height, height))
        #expect(close(hint.shape.cornerRadius, radius))
        #expect(close(hint.shape.rect.maxX, 390))
        #expect(close(hint.shape.rect.maxY, -4))
        #expect(close(hint.text.width, min(textSize.width, 390 - 30 * scale)))
        #expect(close(hint.text.midY, hint.shape.rect.midY))
        #expect(layout.necks.contains { $0.parts == [.mic, .hint] })  // joined 4 pt: the neck holds
    }

    @Test("the hint stands 26 pt apart while the capsule is out, and mirrors")
    func hintApart() throws {
        var input = held()
        input.swell = 0
        input.presence = .init(capsule: 1, hint: 1)
        input.text.hint = Size(width: 100, height: 10)
        let layout = BandLayout(input)
        #expect(close(try #require(layout.hint).shape.rect.maxY, -26))
        #expect(!layout.necks.contains { $0.parts == [.mic, .hint] })
        input.direction = .rightToLeft
        let rtl = try #require(BandLayout(input).hint)
        #expect(close(rtl.shape.rect.minX, 0))
        #expect(close(rtl.text.minX, 15))
    }

    @Test("a hint during a take stands 26 pt above the lock lane, not over it (SPEC F.2's muted hint)")
    func hintAboveTheLane() throws {
        var input = held()
        input.presence = .init(capsule: 1, lane: 1, hint: 1)
        input.text.hint = Size(width: 100, height: 10)
        let layout = BandLayout(input)
        let lane = try #require(layout.lane).shape.rect
        #expect(close(try #require(layout.hint).shape.rect.maxY, lane.minY - 26))
    }

    @Test(
        "the hint's text wraps at the control's width less its padding",
        arguments: [
            (390.0, 1.0, 360.0), (390, 1.4, 348), (20, 1, 0), (320, 2, 278),
        ])
    func hintMaxWidth(width: Double, scale: Double, expected: Double) {
        #expect(close(BandLayout.hintMaxTextWidth(width: width, scale: TextScale(scale)), expected))
    }

    // MARK: Right to left and the bin

    @Test(
        "right to left mirrors every shape",
        arguments: [
            BandLayoutInput.Presence(capsule: 1, lane: 1), .init(capsule: 1, trash: 1),
            .init(capsule: 0.6, bin: 1, hint: 0.4),
            .init(capsule: 0.3, lane: 0.2, trash: 0.1, bin: 0, hint: 1),
        ])
    func mirrors(presence: BandLayoutInput.Presence) {
        var input = held(slide: 35, stretch: 12)
        input.presence = presence
        input.text.hint = Size(width: 150, height: 20)
        let ltr = BandLayout(input)
        input.direction = .rightToLeft
        let rtl = BandLayout(input)
        #expect(ltr.glass.count == rtl.glass.count)
        for (left, right) in zip(ltr.glass, rtl.glass) {
            #expect(left.part == right.part)
            #expect(close(left.shape.rect.mirrored(inWidth: 390), right.shape.rect, 1e-9))
            #expect(left.shape.cornerRadius == right.shape.cornerRadius)
        }
        #expect(ltr.necks.map(\.parts) == rtl.necks.map(\.parts))
        for (left, right) in zip(ltr.necks, rtl.necks) { #expect(close(left.neck.waist, right.neck.waist, 1e-6)) }
        #expect(ltr.overflowAbove == rtl.overflowAbove)
    }

    @Test(
        "the bin's glyph tips closed by 16° about its bottom, mirrored right to left; not under Reduce Motion",
        arguments: [(LayoutDirection.leftToRight, false, -16.0), (.rightToLeft, false, 16), (.leftToRight, true, 0)])
    func binTip(direction: LayoutDirection, reduce: Bool, degrees: Double) throws {
        let input = BandLayoutInput(
            width: 390, direction: direction, presence: .init(capsule: 1, bin: 1), binTip: 1,
            reduceMotion: reduce)
        let bin = try #require(BandLayout(input).bin)
        #expect(close(bin.glyphRotation, degrees * .pi / 180))
        #expect(close(bin.glyphPivot.y, bin.glyph.maxY))
        #expect(close(bin.shape.rect.midX, direction == .leftToRight ? 26 : 364))
    }

    @Test("the held band: the capsule and the lane melt into the mic through necks")
    func necks() throws {
        let layout = BandLayout(held())
        #expect(layout.glass.map(\.part) == [.lane, .capsule, .mic])
        #expect(layout.necks.map(\.parts) == [[.mic, .capsule], [.mic, .lane]])
        let neck = try #require(layout.necks.first)
        #expect(close(neck.neck.gap, 4 - 0.025 * 52, 1e-9))
        #expect(layout.bounds.maxX > 390)  // the swollen mic spills past the trailing edge
    }
}
