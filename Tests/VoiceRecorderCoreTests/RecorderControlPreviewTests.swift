import Testing

@testable import VoiceRecorderCore

/// Feeds control inputs (touches, keys and preview inputs) to a real machine with preview on, as the shell does.
private struct Harness {
    var control = RecorderControl(width: 390, side: 52)
    var machine = RecorderMachine(preview: true)
    var effects: [RecorderEffect] = []
    var events: [RecorderEvent] = []

    /// A hands-free take, 4 s recorded, paused at 4.5 s.
    static func paused() -> Harness {
        var h = Harness()
        h.send(.start, at: 0)
        h.send(.audioStarted(take: 1), at: 0.5)
        h.preview(.click(.pauseBubble), at: 4.5)
        return h
    }

    mutating func feed(_ input: RecorderControl.Input, at time: Double) {
        apply(control.handle(input, phase: machine.phase, at: time), at: time)
    }

    mutating func preview(_ input: PreviewInput, at time: Double) {
        apply(control.handle(input, phase: machine.phase, takeLength: machine.paused?.length ?? 0, at: time), at: time)
    }

    mutating func send(_ event: RecorderEvent, at time: Double) { effects += machine.handle(event, at: time) }

    private mutating func apply(_ actions: [RecorderControl.Action], at time: Double) {
        for case .session(let event) in actions {
            events.append(event)
            send(event, at: time)
        }
    }
}

@Suite("Recorder control: the preview's parts (SPEC D.1–D.4, D.7)")
struct RecorderControlPreviewTests {
    @Test func thePauseBubblePausesAHandsFreeTakeAndResumesAPausedOne() {
        var h = Harness.paused()
        #expect(h.machine.phase == .paused)
        #expect(h.effects.contains(.feedback(.selection)))
        h.preview(.click(.pauseBubble), at: 5)
        #expect(h.machine.phase == .locked)
        #expect(h.effects.contains(.resumeCapture(take: 1)))
    }

    @Test(arguments: [PreviewPart.pauseBubble, .playButton])
    func buttonsDoNothingAtRestOrWhileHeld(_ part: PreviewPart) {
        var h = Harness()
        h.preview(.click(part), at: 0)
        h.send(.press(touchedDownAt: 0), at: 0.18)
        h.send(.audioStarted(take: 1), at: 0.2)
        h.preview(.click(part), at: 1)
        #expect(h.events.isEmpty, "only a hands-free take pauses from the bubble")
        #expect(h.machine.phase == .holding)
    }

    @Test func thePlayButtonPlaysAndPauses() {
        var h = Harness.paused()
        h.preview(.click(.playButton), at: 5)
        #expect(h.machine.isListening)
        h.preview(.click(.playButton), at: 6)
        #expect(!h.machine.isListening)
        #expect(abs((h.machine.playhead(at: 7) ?? 0) - 1) < 1e-9)
    }

    @Test func pressingAndDraggingOnTheWaveformMovesThePlayhead() {
        var h = Harness.paused()
        h.control.setWaveformTrack(WaveformTrack(minX: 100, maxX: 300))
        h.preview(.dragBegan(.waveform, x: 150), at: 5)
        #expect(h.machine.playhead(at: 5) == 1)
        h.preview(.dragMoved(x: 250), at: 5.1)
        #expect(h.machine.playhead(at: 5.1) == 3)
        h.preview(.dragEnded(x: 400), at: 5.2)
        #expect(h.machine.playhead(at: 5.2) == 4, "clamped to the take")
        h.preview(.dragMoved(x: 100), at: 5.3)
        #expect(h.machine.playhead(at: 5.3) == 4, "after the lift, moves are not ours")
    }

    @Test func rightToLeftTheWaveformReadsFromTheRight() {
        var h = Harness.paused()
        h.control.setWaveformTrack(WaveformTrack(minX: 100, maxX: 300, direction: .rightToLeft))
        h.preview(.dragBegan(.waveform, x: 150), at: 5)
        #expect(h.machine.playhead(at: 5) == 3)
        #expect(WaveformTrack(minX: 100, maxX: 300, direction: .rightToLeft).x(atSeconds: 3, length: 4) == 150)
    }

    @Test func theHandlesMoveTheKeptRangesEnds() {
        var h = Harness.paused()
        h.control.setWaveformTrack(WaveformTrack(minX: 0, maxX: 400))
        h.preview(.dragBegan(.startHandle, x: 50), at: 5)
        h.preview(.dragEnded(x: 100), at: 5.2)
        h.preview(.dragBegan(.endHandle, x: 400), at: 6)
        h.preview(.dragMoved(x: 300), at: 6.1)
        h.preview(.dragMoved(x: 50), at: 6.2)
        #expect(h.machine.keptRange == KeptRange(start: 1, end: 1.6), "the end stops at the minimum")
        h.preview(.dragCancelled, at: 6.3)
        h.preview(.dragMoved(x: 300), at: 6.4)
        #expect(h.machine.keptRange == KeptRange(start: 1, end: 1.6), "a cancelled drag is over")
    }

    @Test func dragsNeedATrackAndAPausedTake() {
        var h = Harness.paused()
        h.preview(.dragBegan(.waveform, x: 150), at: 5)
        #expect(h.events == [.pause], "no track, no seek")
        var locked = Harness()
        locked.control.setWaveformTrack(WaveformTrack(minX: 0, maxX: 400))
        locked.send(.start, at: 0)
        locked.preview(.dragBegan(.startHandle, x: 100), at: 1)
        #expect(locked.events.isEmpty)
    }

    @Test func keysWhilePausedSpacePlaysReturnSendsEscapeDeletes() {
        var h = Harness.paused()
        h.feed(.key(.spaceDown), at: 5)
        h.feed(.key(.spaceDown), at: 5.05)  // a key repeat
        #expect(h.machine.isListening)
        h.feed(.key(.spaceUp), at: 5.1)
        #expect(h.machine.isListening, "the lift changes nothing")
        h.feed(.key(.spaceDown), at: 6)
        h.feed(.key(.spaceUp), at: 6.1)
        #expect(!h.machine.isListening)
        h.feed(.key(.returnKey), at: 7)
        #expect(h.effects.contains(.deliver(take: 1, atMaximum: false)))

        var d = Harness.paused()
        d.feed(.key(.escape), at: 5)
        #expect(d.effects.contains(.discard(take: 1, reason: .cancelled)))
    }

    @Test(arguments: [RecorderControl.Input.activate, .magicTap])
    func aScreenReadersActivationSendsAPausedTake(_ input: RecorderControl.Input) {
        var h = Harness.paused()
        h.feed(input, at: 5)
        #expect(h.effects.contains(.deliver(take: 1, atMaximum: false)))
    }

    @Test func theSendButtonSendsAPausedTakeWhenItLifts() {
        var h = Harness.paused()
        h.feed(.touchDown(.zero, fingers: 1), at: 5)
        #expect(h.machine.phase == .paused)
        h.feed(.touchUp(.zero), at: 6)
        #expect(h.effects.contains(.deliver(take: 1, atMaximum: false)))
    }
}
