import Testing

@testable import VoiceRecorderCore

/// Drives a machine through `steps` (time, event) and returns it with every effect, in order.
private func run(
    _ steps: [(Double, RecorderEvent)], preview: Bool = true,
    durations: Durations = Durations()
) -> (RecorderMachine, [[RecorderEffect]]) {
    var machine = RecorderMachine(durations: durations, preview: preview)
    var effects: [[RecorderEffect]] = []
    for (time, event) in steps { effects.append(machine.handle(event, at: time)) }
    return (machine, effects)
}

private let holdHint: [RecorderEffect] = [.showHint(.hold), .feedback(.soft), .announce(.hint(.hold))]
private let stoppedHint: [RecorderEffect] = [.showHint(.stopped), .feedback(.soft), .announce(.hint(.stopped))]

/// A hands-free take whose audio started at 0.5 and that paused at `time` (4 s recorded by default).
private let lockedAndRecording: [(Double, RecorderEvent)] = [(0, .start), (0.5, .audioStarted(take: 1))]
private func paused(at time: Double = 4.5) -> [(Double, RecorderEvent)] { lockedAndRecording + [(time, .pause)] }

private func near(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

@Suite("Recorder machine: pause, resume and the take's length (SPEC D.2)")
struct RecorderMachinePauseTests {
    static let previewEvents: [RecorderEvent] = [
        .pause, .resume, .play, .pausePlayback, .togglePlayback, .seek(to: 1), .trim(start: 1, end: 2),
        .measuredLength(take: 1, seconds: 2), .playbackPosition(1), .playbackEnded,
    ]

    @Test("With preview off every preview event is ignored", arguments: previewEvents)
    func previewOffIgnoresEverything(_ event: RecorderEvent) {
        let (machine, effects) = run(lockedAndRecording + [(3, event)], preview: false)
        #expect(effects.last!.isEmpty)
        #expect(machine.phase == .locked)
        #expect(machine.paused == nil)
    }

    @Test func pausingAHandsFreeTakeStopsCaptureKeepsItAndTicks() {
        let (machine, effects) = run(paused(at: 4.5))
        #expect(effects.last == [.phaseChanged(.paused), .stopCapture(take: 1), .feedback(.selection)])
        #expect(machine.phase == .paused)
        #expect(near(machine.elapsed(at: 9), 4), "the clock shows the take's length")
        #expect(machine.keptRange == KeptRange(start: 0, end: 4))
        #expect(machine.playhead(at: 9) == 0)
    }

    @Test func pausingWhileHeldLocksAndPausesAtOnce() {
        var (machine, effects) = run([(0.18, .press(touchedDownAt: 0)), (0.2, .audioStarted(take: 1)), (2.2, .pause)])
        #expect(effects.last == [.phaseChanged(.paused), .stopCapture(take: 1), .feedback(.selection)])
        #expect(machine.phase == .paused)
        #expect(machine.handle(.release, at: 3).isEmpty, "no finger holds a paused take")
    }

    @Test func aTakeWithoutAudioDoesNotPause() {
        let (machine, effects) = run([(0, .start), (0.5, .pause)])
        #expect(effects.last!.isEmpty)
        #expect(machine.phase == .locked)
    }

    @Test func resumingRecordsOnIntoTheSameTakeAndTheClockGoesOnFromItsLength() {
        var (machine, effects) = run(paused(at: 4.5) + [(10, .measuredLength(take: 1, seconds: 3.99)), (12, .resume)])
        #expect(effects.last == [.phaseChanged(.locked), .resumeCapture(take: 1), .feedback(.selection)])
        #expect(machine.take == 1, "the same take, not a new one")
        #expect(near(machine.elapsed(at: 12.1), 3.99), "before the audio is back the clock waits")
        _ = machine.handle(.audioStarted(take: 1), at: 12.2)
        #expect(near(machine.elapsed(at: 13.2), 4.99))
        _ = machine.handle(.pause, at: 14.2)
        #expect(near(machine.keptRange?.end, 5.99), "resuming resets the kept range to the whole take")
        #expect(machine.keptRange?.start == 0)
    }

    @Test func aResumeResetsATrim() {
        var (machine, _) = run(paused(at: 4.5) + [(5, .trim(start: 1, end: 3))])
        #expect(machine.keptRange == KeptRange(start: 1, end: 3))
        _ = machine.handle(.resume, at: 6)
        _ = machine.handle(.audioStarted(take: 1), at: 6)
        _ = machine.handle(.pause, at: 7)
        #expect(machine.keptRange == KeptRange(start: 0, end: 5))
    }

    @Test func theMaximumCountsRecordedAudioOnly() {
        // 4 s recorded, a 20 s pause, then 6 s more reach the 10 s maximum; the pause itself never counts.
        let steps =
            paused(at: 4.5) + [
                (20, .tick), (24, .resume), (24, .audioStarted(take: 1)),
                (29.9, .tick), (30.25, .tick),
            ]
        let (machine, effects) = run(steps, durations: Durations(maximum: 10))
        #expect(effects[3].isEmpty, "paused, the clock doesn't run toward the maximum")
        #expect(effects[effects.count - 2].isEmpty)
        #expect(effects.last == [.phaseChanged(.idle), .deliver(take: 1, atMaximum: true), .feedback(.success)])
        #expect(machine.phase == .idle)
    }

    @Test func theFileDecidesTheLength() {
        let (machine, effects) = run(
            paused(at: 4.5) + [
                (4.2, .measuredLength(take: 2, seconds: 1)),
                (4.2, .measuredLength(take: 1, seconds: 3.98)),
            ])
        #expect(effects[3].isEmpty, "another take's length is ignored")
        #expect(near(machine.elapsed(at: 5), 3.98))
        #expect(near(machine.keptRange?.end, 3.98))
    }
}

@Suite("Recorder machine: listening and seeking (SPEC D.3)")
struct RecorderMachineListeningTests {
    @Test func playPlaysFromThePlayheadToTheEndOfTheKeptRange() {
        var (machine, effects) = run(paused() + [(5, .trim(start: 0.5, end: 3)), (6, .play)])
        #expect(effects.last == [.startPlayback(take: 1, from: 0.5, until: 3)], "the playhead stays inside the range")
        #expect(machine.isListening)
        #expect(near(machine.playhead(at: 7), 1.5), "the playhead moves with the clock")
        #expect(near(machine.playhead(at: 60), 3), "never past the end")
        #expect(machine.handle(.play, at: 7).isEmpty, "already listening")
        #expect(machine.handle(.playbackEnded, at: 8.5) == [.stopPlayback(take: 1)])
        #expect(!machine.isListening)
        #expect(machine.playhead(at: 9) == 0.5, "the end puts the playhead back at the range's start")
    }

    @Test func pausingTheListeningKeepsThePlayheadAndPlayGoesOnFromThere() {
        var (machine, effects) = run(paused() + [(5, .play), (6.5, .pausePlayback)])
        #expect(effects.last == [.stopPlayback(take: 1)])
        #expect(near(machine.playhead(at: 10), 1.5))
        #expect(machine.handle(.play, at: 11) == [.startPlayback(take: 1, from: 1.5, until: 4)])
    }

    @Test func toggleFlipsBetweenPlayAndPause() {
        var (machine, effects) = run(paused() + [(5, .togglePlayback)])
        #expect(effects.last == [.startPlayback(take: 1, from: 0, until: 4)])
        #expect(machine.handle(.togglePlayback, at: 5.5) == [.stopPlayback(take: 1)])
        #expect(!machine.isListening)
    }

    @Test func playAtTheEndStartsAgainFromTheRangesStart() {
        let (_, effects) = run(paused() + [(5, .seek(to: 99)), (6, .play)])
        #expect(effects.last == [.startPlayback(take: 1, from: 0, until: 4)])
    }

    @Test func seekingClampsToTheKeptRangeAndPlaysOnWhileListening() {
        var (machine, effects) = run(paused() + [(5, .trim(start: 1, end: 3)), (6, .seek(to: 0.2))])
        #expect(effects.last!.isEmpty, "not listening: only the playhead moves")
        #expect(machine.playhead(at: 6) == 1)
        _ = machine.handle(.play, at: 7)
        #expect(machine.handle(.seek(to: 2.5), at: 7.2) == [.startPlayback(take: 1, from: 2.5, until: 3)])
        #expect(near(machine.playhead(at: 7.4), 2.7))
        #expect(machine.handle(.seek(to: .nan), at: 7.5) == [.startPlayback(take: 1, from: 1, until: 3)])
    }

    @Test func thePlayersPositionLeadsThePlayhead() {
        var (machine, _) = run(paused() + [(5, .play)])
        _ = machine.handle(.playbackPosition(0.9), at: 6)  // the player is 0.1 s behind the clock
        #expect(near(machine.playhead(at: 6), 0.9))
        #expect(near(machine.playhead(at: 6.5), 1.4))
    }

    @Test func theClockEndsAListeningWhosePlayerWentQuiet() {
        let (machine, effects) = run(paused() + [(5, .play), (9.2, .tick), (9.25, .tick)])
        #expect(effects[effects.count - 2].isEmpty, "within the grace the player decides")
        #expect(effects.last == [.stopPlayback(take: 1)])
        #expect(!machine.isListening)
        #expect(machine.playhead(at: 10) == 0)
    }

    @Test func listeningIsNewsOnlyWhilePaused() {
        let (_, effects) = run(
            lockedAndRecording + [
                (1, .play), (1, .seek(to: 0.5)), (1, .playbackEnded),
                (1, .trim(start: 0, end: 0.5)),
            ])
        #expect(effects.dropFirst(2).allSatisfy { $0.isEmpty })
    }
}

@Suite("Recorder machine: the kept range (SPEC D.4)")
struct KeptRangeTrimTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let from: KeptRange
        let start: Double?, end: Double?
        let length: Double, shortest: Double
        let expected: KeptRange
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "both ends, as asked", from: .whole(4), start: 0.5, end: 2.5, length: 4, shortest: 0.6,
            expected: KeptRange(start: 0.5, end: 2.5)),
        Case(
            name: "the start handle stops short of the end", from: KeptRange(start: 0, end: 2), start: 1.9, end: nil,
            length: 4, shortest: 0.6, expected: KeptRange(start: 1.4, end: 2)),
        Case(
            name: "the end handle stops short of the start", from: KeptRange(start: 1, end: 3), start: nil, end: 1.2,
            length: 4, shortest: 0.6, expected: KeptRange(start: 1, end: 1.6)),
        Case(
            name: "never before the take", from: .whole(4), start: -3, end: nil, length: 4, shortest: 0.6,
            expected: .whole(4)),
        Case(
            name: "never after the take", from: KeptRange(start: 1, end: 2), start: nil, end: 9, length: 4,
            shortest: 0.6, expected: KeptRange(start: 1, end: 4)),
        Case(
            name: "both too close: the end gives way", from: .whole(4), start: 2, end: 2.1, length: 4, shortest: 0.6,
            expected: KeptRange(start: 2, end: 2.6)),
        Case(
            name: "both too close at the take's end: the start gives way", from: .whole(4), start: 3.9, end: 4,
            length: 4, shortest: 0.6, expected: KeptRange(start: 3.4, end: 4)),
        Case(
            name: "a minimum of 0 still keeps 0.1 s", from: .whole(4), start: 1, end: 1, length: 4, shortest: 0,
            expected: KeptRange(start: 1, end: 1.1)),
        Case(
            name: "a take shorter than the shortest stays whole", from: .whole(0.4), start: 0.2, end: nil,
            length: 0.4, shortest: 0.6, expected: .whole(0.4)),
        Case(
            name: "a non-finite end stays", from: KeptRange(start: 0, end: 3), start: nil, end: .infinity,
            length: 4, shortest: 0.6, expected: KeptRange(start: 0, end: 3)),
    ]

    @Test(arguments: cases)
    func trimmingClampsAsTheSpecSays(_ c: Case) {
        let trimmed = c.from.trimmed(start: c.start, end: c.end, length: c.length, shortest: c.shortest)
        #expect(
            abs(trimmed.start - c.expected.start) < 1e-9 && abs(trimmed.end - c.expected.end) < 1e-9,
            "got \(trimmed)")
    }

    @Test func framesAreTheRangeAtTheSampleRate() {
        #expect(KeptRange(start: 0.5, end: 2.5).frames() == 12_000 ..< 60_000)
        #expect(KeptRange(start: 1, end: 1).frames().isEmpty)
    }

    @Test func theMachineUsesTheMinimumAndKeepsThePlayheadInside() {
        var (machine, _) = run(paused() + [(5, .seek(to: 3.5))], durations: Durations(minimum: 1))
        _ = machine.handle(.trim(start: nil, end: 2), at: 6)
        #expect(machine.playhead(at: 6) == 2)
        _ = machine.handle(.trim(start: 1.8, end: nil), at: 6)
        #expect(machine.keptRange == KeptRange(start: 1, end: 2), "a range never shorter than the minimum")
        #expect(machine.handle(.trim(start: nil, end: nil), at: 6).isEmpty)
    }

    @Test func trimmingWhileListeningPlaysOnToTheNewEnd() {
        var (machine, _) = run(paused() + [(5, .play)])
        #expect(machine.handle(.trim(start: nil, end: 3), at: 6) == [.startPlayback(take: 1, from: 1, until: 3)])
        #expect(machine.handle(.trim(start: 2, end: nil), at: 6.5) == [.startPlayback(take: 1, from: 2, until: 3)])
    }
}

@Suite("Recorder machine: sending and deleting a paused take (SPEC D.5)")
struct RecorderMachinePausedSendTests {
    @Test func sendingTheWholeTakeIsAPlainDelivery() {
        let (machine, effects) = run(paused() + [(5, .send)])
        #expect(effects.last == [.phaseChanged(.idle), .deliver(take: 1, atMaximum: false), .feedback(.light)])
        #expect(machine.phase == .idle)
        #expect(machine.paused == nil)
    }

    @Test func sendingATrimmedTakeDeliversOnlyTheKeptRange() {
        let (_, effects) = run(paused() + [(5, .trim(start: 0.5, end: 2.5)), (6, .play), (6.5, .send)])
        #expect(
            effects.last == [
                .stopPlayback(take: 1), .phaseChanged(.idle),
                .deliverKept(take: 1, kept: KeptRange(start: 0.5, end: 2.5)), .feedback(.light),
            ])
    }

    @Test func deletingAPausedTakeStopsTheListeningFirst() {
        let (machine, effects) = run(paused() + [(5, .play), (5.5, .cancel)])
        #expect(
            effects.last == [
                .stopPlayback(take: 1), .phaseChanged(.idle), .discard(take: 1, reason: .cancelled),
                .feedback(.warning),
            ])
        #expect(machine.elapsed(at: 6) == 0)
    }

    @Test func aPausedTakeTooShortByTheMinimumIsDroppedOnSend() {
        // Started hands-free at 0, paused 0.2 s in and sent at 0.3 s: held and recorded under 0.6 s (A.4).
        let (_, effects) = run([(0, .start), (0.05, .audioStarted(take: 1)), (0.2, .pause), (0.3, .send)])
        #expect(effects.last == [.phaseChanged(.idle), .discard(take: 1, reason: .tooShort)] + holdHint)
    }
}

@Suite("Recorder machine: interruptions with preview on (SPEC D.6)")
struct RecorderMachinePreviewInterruptionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let steps: [(Double, RecorderEvent)]
        let expected: [RecorderEffect]
        let phase: Phase
        var testDescription: String { name }
    }

    static let held: [(Double, RecorderEvent)] = [(0.18, .press(touchedDownAt: 0)), (0.2, .audioStarted(take: 1))]

    static let cases: [Case] = [
        Case(
            name: "a held take is kept, paused", steps: held + [(2, .interrupted(.call))],
            expected: [.phaseChanged(.paused), .stopCapture(take: 1)] + stoppedHint, phase: .paused),
        Case(
            name: "a lost touch keeps a held take too", steps: held + [(2, .touchCancelled)],
            expected: [.phaseChanged(.paused), .stopCapture(take: 1)] + stoppedHint, phase: .paused),
        Case(
            name: "a too-short held take is still dropped as too short", steps: held + [(0.4, .interrupted(.call))],
            expected: [.phaseChanged(.idle), .discard(take: 1, reason: .tooShort)] + holdHint, phase: .idle),
        Case(
            name: "a held take with no audio is too short",
            steps: [
                (0.18, .press(touchedDownAt: 0)),
                (2, .interrupted(.routeLost)),
            ],
            expected: [.phaseChanged(.idle), .discard(take: 1, reason: .tooShort)] + holdHint, phase: .idle),
        Case(
            name: "a hands-free take pauses instead of stopping",
            steps: lockedAndRecording + [(3, .interrupted(.background))],
            expected: [.phaseChanged(.paused), .stopCapture(take: 1)] + stoppedHint, phase: .paused),
        Case(
            name: "a hands-free take with no audio is discarded", steps: [(0, .start), (1, .interrupted(.call))],
            expected: [.phaseChanged(.idle), .discard(take: 1, reason: .interrupted)] + stoppedHint, phase: .idle),
        Case(
            name: "a broken capture pauses", steps: lockedAndRecording + [(3, .audioFailed(take: 1))],
            expected: [.phaseChanged(.paused), .stopCapture(take: 1)] + stoppedHint, phase: .paused),
        Case(
            name: "a full disk pauses", steps: lockedAndRecording + [(3, .writeFailed(take: 1))],
            expected: [.phaseChanged(.paused), .stopCapture(take: 1)] + stoppedHint, phase: .paused),
        Case(
            name: "a resumed take whose capture fails to start keeps what it has",
            steps: paused() + [(5, .resume), (5.5, .audioFailed(take: 1))],
            expected: [.phaseChanged(.paused), .stopCapture(take: 1)] + stoppedHint, phase: .paused),
        Case(
            name: "a paused take is not affected", steps: paused() + [(5, .interrupted(.mediaReset))],
            expected: [], phase: .paused),
        Case(
            name: "a paused take stops listening", steps: paused() + [(5, .play), (5.5, .interrupted(.call))],
            expected: [.stopPlayback(take: 1)], phase: .paused),
        Case(
            name: "disabling deletes a paused take", steps: paused() + [(5, .interrupted(.disabled))],
            expected: [.phaseChanged(.idle), .discard(take: 1, reason: .cancelled), .feedback(.warning)], phase: .idle),
        Case(
            name: "disabling deletes a held take", steps: held + [(2, .interrupted(.disabled))],
            expected: [.phaseChanged(.idle), .discard(take: 1, reason: .cancelled), .feedback(.warning)], phase: .idle),
    ]

    @Test(arguments: cases)
    func interruptions(_ c: Case) {
        let (machine, effects) = run(c.steps)
        #expect(effects.last == c.expected)
        #expect(machine.phase == c.phase)
    }

    @Test func aPausedTakeKeptByAnInterruptionStillSendsWhatItRecorded() {
        let (machine, effects) = run(Self.held + [(2.2, .interrupted(.call)), (3, .send)])
        #expect(effects.last == [.phaseChanged(.idle), .deliver(take: 1, atMaximum: false), .feedback(.light)])
        #expect(machine.phase == .idle)
    }

    @Test func withPreviewOffTheSameInterruptionsDoWhatAOwns() {
        let (_, heldEffects) = run(Self.held + [(2, .interrupted(.call))], preview: false)
        #expect(heldEffects.last == [.phaseChanged(.idle), .discard(take: 1, reason: .interrupted)] + stoppedHint)
        let (machine, _) = run(lockedAndRecording + [(3, .interrupted(.call))], preview: false)
        #expect(machine.phase == .stopped)
    }
}
