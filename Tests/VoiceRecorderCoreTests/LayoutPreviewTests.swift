import Testing
import VoiceRecorderCore

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Typical text measurements at scale 1: the clock reserving "5:00".
private let text = BandLayoutInput.Text(clock: Size(width: 34, height: 20), slideToCancel: Size(width: 110, height: 20))

/// A hands-free take with preview on: the send button, the trash, the pause bubble out.
private func lockedWithPreview(
    width: Double = 390, scale: Double = 1, direction: LayoutDirection = .leftToRight, reduceMotion: Bool = false
) -> BandLayoutInput {
    BandLayoutInput(
        width: width, textScale: TextScale(scale), direction: direction,
        presence: .init(capsule: 1, trash: 1, pauseBubble: 1), swell: 1, showsSlideToCancel: false,
        contentVisibility: 0, text: text, reduceMotion: reduceMotion)
}

/// The same take paused: a 10 s take with `kept` kept and the playhead at `playhead`.
private func paused(
    width: Double = 390, scale: Double = 1, direction: LayoutDirection = .leftToRight,
    kept: KeptRange = .whole(10), playhead: Double = 0, fade: Double = 1
) -> BandLayoutInput {
    var input = lockedWithPreview(width: width, scale: scale, direction: direction)
    input.preview = BandLayoutInput.Preview(paused: fade, length: 10, kept: kept, playhead: playhead)
    return input
}

@Suite("Band layout: pause and preview (SPEC D)")
struct LayoutPreviewTests {
    /// scale, direction, reduce motion → the bubble's centre x, diameter and bottom.
    static let bubblePlaces: [(Double, LayoutDirection, Bool, Double, Double, Double)] = [
        (1.0, .leftToRight, false, 364.0, 41.6, 26 - 28.6 - 4),
        (1.0, .rightToLeft, false, 26.0, 41.6, 26 - 28.6 - 4),
        (1.4, .leftToRight, false, 390 - 36.4, 58.24, 36.4 - 40.04 - 4),
        // Under Reduce Motion the send button does not swell: 4 pt above its plain top.
        (1.0, .leftToRight, true, 364.0, 41.6, -4.0),
    ]

    /// direction, kept, playhead → the start handle's, end handle's and playhead's x.
    static let trims: [(LayoutDirection, KeptRange, Double, Double, Double, Double)] = [
        (.leftToRight, KeptRange(start: 2.5, end: 7.5), 5.0, 153 + 0.25 * 164.7, 153 + 0.75 * 164.7, 153 + 0.5 * 164.7),
        // Right to left the take runs from the right: the row spans 390 − 317.7 … 390 − 153.
        (.rightToLeft, KeptRange(start: 2.5, end: 7.5), 5.0, 237 - 0.25 * 164.7, 237 - 0.75 * 164.7, 237 - 0.5 * 164.7),
        (.leftToRight, KeptRange(start: 0, end: 4), 9.0, 153, 153 + 0.4 * 164.7, 153 + 0.4 * 164.7),
    ]

    /// direction, x → seconds of a 10 s take.
    static let trackPoints: [(LayoutDirection, Double, Double)] = [
        (.leftToRight, 153.0, 0.0), (.leftToRight, 153 + 164.7 / 2, 5), (.leftToRight, 317.7, 10),
        (.rightToLeft, 237, 0), (.rightToLeft, 72.3, 10), (.rightToLeft, 237 - 164.7 / 4, 2.5),
        (.leftToRight, 20, 0), (.leftToRight, 389, 10),
    ]

    /// x, y, phase → the part a press lands on.
    static let presses: [(Double, Double, Phase, PreviewPart?)] = [
        (364.0, -27.4, .paused, .pauseBubble), (364, -27.4, .locked, .pauseBubble), (364, -27.4, .holding, nil),
        (94, 26, .paused, .playButton), (94, 26, .locked, nil),
        (235, 26, .paused, .waveform), (235, 2, .paused, .waveform), (235, 26, .locked, nil),
        (153, 26, .paused, .startHandle), (164.9, 50, .paused, .startHandle), (165.1, 26, .paused, .waveform),
        (317.7, 26, .paused, .endHandle), (306, 26, .paused, .endHandle),
        (30, 26, .paused, nil), (364, 26, .paused, nil), (235, 53, .paused, nil),
    ]

    // MARK: The pause bubble (D.1)

    @Test(
        "the pause bubble is 0.8 × side across, centred over the send button, 4 pt above its swollen top",
        arguments: bubblePlaces)
    func pauseBubblePlace(
        scale: Double, direction: LayoutDirection, reduceMotion: Bool, centerX: Double, diameter: Double,
        bottom: Double
    ) throws {
        let layout = BandLayout(
            lockedWithPreview(scale: scale, direction: direction, reduceMotion: reduceMotion))
        let bubble = try #require(layout.pauseBubble)
        #expect(close(bubble.shape.rect.midX, centerX))
        #expect(close(bubble.shape.rect.width, diameter) && close(bubble.shape.rect.height, diameter))
        #expect(close(bubble.shape.rect.maxY, bottom))
        #expect(close(bubble.glyph.width, 16 * TextScale(scale).grow))
        #expect(close(bubble.micGlyph, 0), "hands-free it shows the pause bars")
        #expect(layout.glass.contains { $0.part == .pauseBubble })
        #expect(
            layout.necks.contains { Set($0.parts) == [.mic, .pauseBubble] },
            "4 pt apart, it is joined to the send button by a neck")
        #expect(close(layout.overflowAbove, -bubble.shape.rect.minY))
    }

    @Test("home, the pause bubble is not there; budding it grows out of the mic", arguments: [0.0, 0.5])
    func pauseBubbleBudding(presence: Double) {
        var input = lockedWithPreview()
        input.presence.pauseBubble = presence
        let layout = BandLayout(input)
        if presence == 0 {
            #expect(layout.pauseBubble == nil)
        } else {
            let full = BandLayout(lockedWithPreview()).pauseBubble!.shape.rect
            let bubble = layout.pauseBubble!.shape.rect
            #expect(bubble.width < full.width && bubble.maxY > full.maxY, "still partly inside the mic")
        }
    }

    @Test("paused, the bubble's glyph turns to the mic with the pause")
    func micBubble() throws {
        #expect(try #require(BandLayout(paused()).pauseBubble).micGlyph == 1)
        #expect(try #require(BandLayout(paused(fade: 0.25)).pauseBubble).micGlyph == 0.25)
    }

    // MARK: The paused capsule (D.2, D.4)

    @Test("paused, the play button takes the dot's place, the clock moves over, the waveform takes the bars' row")
    func pausedItems() throws {
        // The trash is out: the capsule runs from 52 + 26 = 78 to 390 − (1.025 × 52 + 4) = 332.7.
        let capsule = try #require(BandLayout(paused()).capsule)
        let items = try #require(capsule.paused)
        #expect(close(items.playGlyph.minX, 87) && close(items.playGlyph.width, 14))
        #expect(close(items.playGlyph.midY, 26))
        #expect(close(capsule.clockText.minX, 87 + 14 + 8))
        #expect(close(items.waveform.minX, 109 + 34 + 10) && close(items.waveform.maxX, 332.7 - 15))
        #expect(close(items.waveform.minY, 10) && close(items.waveform.maxY, 42))
        #expect(capsule.bars == items.waveform)
        #expect(close(capsule.dot.opacity, 0), "the dot has given way")
        #expect(items.dimmed.isEmpty, "everything is kept")
        #expect(close(items.startHandle.midX, 153) && close(items.endHandle.midX, 317.7))
        #expect(close(items.startHandle.width, 4) && close(items.startHandle.height, 32 + 12))
        #expect(close(items.startHandleTarget.width, 24) && close(items.startHandleTarget.height, 52))
        #expect(close(items.playhead.midX, 153) && close(items.playhead.width, 2))
        #expect(!items.showsPause)
    }

    @Test("half-way into the pause, the clock is half-way over and the dot half faded; the waveform is in place")
    func pausing() throws {
        let capsule = try #require(BandLayout(paused(fade: 0.5)).capsule)
        #expect(close(capsule.clockText.minX, (101 + 109) / 2))
        #expect(close(capsule.dot.opacity, 0.5))
        #expect(try #require(capsule.paused).opacity == 0.5)
        let settled = try #require(BandLayout(paused()).capsule?.paused)
        #expect(capsule.paused?.waveform == settled.waveform, "the waveform does not move during the fade")
        #expect(capsule.paused?.startHandleTarget == settled.startHandleTarget)
    }

    @Test("with preview on but not paused, the capsule is A's")
    func notPaused() throws {
        var input = lockedWithPreview()
        input.presence.pauseBubble = 0
        let plain = try #require(BandLayout(input).capsule)
        input.preview = BandLayoutInput.Preview(paused: 0, length: 3)
        #expect(try #require(BandLayout(input).capsule) == plain)
    }

    @Test(
        "the handles sit at the kept range's ends, the playhead inside it, the rest is dimmed",
        arguments: trims)
    func trimmed(
        direction: LayoutDirection, kept: KeptRange, playhead: Double, startX: Double, endX: Double,
        playheadX: Double
    ) throws {
        let items = try #require(
            BandLayout(paused(direction: direction, kept: kept, playhead: playhead)).capsule?.paused)
        #expect(close(items.startHandle.midX, startX, 1e-6))
        #expect(close(items.endHandle.midX, endX, 1e-6))
        #expect(close(items.playhead.midX, playheadX, 1e-6), "the playhead is kept inside the range")
        let row = items.waveform
        let outside = (kept.start > 0 ? 1 : 0) + (kept.end < 10 ? 1 : 0)
        #expect(items.dimmed.count == outside)
        let dimmedWidth = items.dimmed.reduce(0) { $0 + $1.width }
        #expect(close(dimmedWidth, row.width * (1 - kept.duration / 10), 1e-6))
        for rect in items.dimmed {
            #expect(rect.minX >= row.minX - 1e-9 && rect.maxX <= row.maxX + 1e-9)
            let mid = items.track.seconds(atX: rect.midX, length: 10)
            #expect(!(mid > kept.start && mid < kept.end), "dimmed parts lie outside the kept range")
        }
    }

    @Test("the text scale grows the preview's parts with the rest, at most 1.4 ×", arguments: [1.2, 1.4, 2.0])
    func textScale(scale: Double) throws {
        let grow = TextScale(scale).grow
        let items = try #require(BandLayout(paused(scale: scale)).capsule?.paused)
        #expect(close(items.playGlyph.width, 14 * grow))
        #expect(close(items.startHandle.width, 4 * grow))
        #expect(close(items.startHandleTarget.width, 24 * grow))
        #expect(close(items.waveform.minY, 10 * grow))
    }

    // MARK: The waveform's track

    @Test(
        "the waveform's track reads a point as a time of the take, mirrored right to left",
        arguments: trackPoints)
    func track(direction: LayoutDirection, x: Double, seconds: Double) throws {
        let track = try #require(BandLayout(paused(direction: direction)).waveformTrack)
        #expect(close(track.seconds(atX: x, length: 10), seconds, 1e-6))
        #expect(track.direction == direction)
    }

    @Test("no track unless paused")
    func noTrack() {
        #expect(BandLayout(lockedWithPreview()).waveformTrack == nil)
    }

    // MARK: Hit testing

    @Test(
        "a press lands on the part under it",
        arguments: presses)
    func hitTest(x: Double, y: Double, phase: Phase, expected: PreviewPart?) {
        let layout = BandLayout(paused())
        #expect(layout.previewPart(at: Point(x: x, y: y), phase: phase) == expected)
    }

    @Test(
        "right to left, the start handle is on the right",
        arguments: [(237.0, PreviewPart.startHandle), (72.3, .endHandle), (390 - 94, .playButton)])
    func hitTestMirrored(x: Double, expected: PreviewPart) {
        let layout = BandLayout(paused(direction: .rightToLeft))
        #expect(layout.previewPart(at: Point(x: x, y: 26), phase: .paused) == expected)
    }

    @Test(
        "where the handles' strips overlap, the nearer handle wins",
        arguments: [(-3.0, PreviewPart.startHandle), (0.7, .startHandle), (1.0, .endHandle), (4, .endHandle)])
    func overlappingHandles(offset: Double, expected: PreviewPart) throws {
        let layout = BandLayout(paused(kept: KeptRange(start: 5, end: 5.1)))
        let items = try #require(layout.capsule?.paused)
        let x = items.startHandle.midX + offset
        #expect(layout.previewPart(at: Point(x: x, y: 26), phase: .paused) == expected)
    }
}
