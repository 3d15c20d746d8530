import Testing

@testable import VoiceRecorderCore

/// Drives a machine through `steps` (time, event) and returns it with every effect, in order.
private func run(
    _ steps: [(Double, RecorderEvent)], access: AccessStatus = .granted,
    durations: Durations = Durations()
) -> (RecorderMachine, [[RecorderEffect]]) {
    var machine = RecorderMachine(durations: durations, access: access)
    var effects: [[RecorderEffect]] = []
    for (time, event) in steps { effects.append(machine.handle(event, at: time)) }
    return (machine, effects)
}

private let holdHint: [RecorderEffect] = [.showHint(.hold), .feedback(.soft), .announce(.hint(.hold))]
private let stoppedHint: [RecorderEffect] = [.showHint(.stopped), .feedback(.soft), .announce(.hint(.stopped))]
private let accessOffHint: [RecorderEffect] = [.showHint(.accessOff), .feedback(.soft), .announce(.hint(.accessOff))]

@Suite("Recorder machine: phases and transitions (SPEC A.3, A.4, A.11)")
struct RecorderMachineTransitionTests {
    @Test func aPressStartsAHeldTakeWithAMediumHaptic() {
        let (machine, effects) = run([(0.18, .press(touchedDownAt: 0))])
        #expect(machine.phase == .holding)
        #expect(machine.take == 1)
        #expect(effects[0] == [.hideHint, .phaseChanged(.holding), .startCapture(take: 1), .feedback(.medium)])
    }

    @Test func startIsHandsFreeAtOnceAndAnnounced() {
        let (machine, effects) = run([(1, .start)])
        #expect(machine.phase == .locked)
        #expect(
            effects[0] == [
                .hideHint, .phaseChanged(.locked), .startCapture(take: 1), .feedback(.medium),
                .announce(.recordingStarted),
            ])
    }

    @Test func releaseAfterTheMinimumSendsWithALightHaptic() {
        let (machine, effects) = run([(0.18, .press(touchedDownAt: 0)), (0.2, .audioStarted(take: 1)), (1.5, .release)])
        #expect(machine.phase == .idle)
        #expect(effects[2] == [.phaseChanged(.idle), .deliver(take: 1, atMaximum: false), .feedback(.light)])
    }

    @Test func lockIsRigidAndOnlyFromHolding() {
        let (machine, effects) = run([(0, .lock), (0.18, .press(touchedDownAt: 0)), (0.5, .lock), (0.6, .lock)])
        #expect(machine.phase == .locked)
        #expect(effects[0].isEmpty)
        #expect(effects[2] == [.phaseChanged(.locked), .feedback(.rigid)])
        #expect(effects[3].isEmpty)
    }

    @Test func cancelDeletesWithAWarningAndTellsTheApp() {
        let (machine, effects) = run([(0, .start), (0.1, .audioStarted(take: 1)), (2, .cancel)])
        #expect(machine.phase == .idle)
        #expect(effects[2] == [.phaseChanged(.idle), .discard(take: 1, reason: .cancelled), .feedback(.warning)])
    }

    @Test(arguments: [
        RecorderEvent.release, .lock, .send, .cancel, .tick, .touchCancelled, .audioStarted(take: 1),
        .audioFailed(take: 1), .writeFailed(take: 1), .interrupted(.call), .accessAnswered(granted: true),
    ])
    func callsThatMakeNoSenseAtRestAreIgnored(_ event: RecorderEvent) {
        let (machine, effects) = run([(1, event)])
        #expect(machine.phase == .idle)
        #expect(effects[0].isEmpty)
    }

    @Test func takesAreNumberedAndElapsedCountsFromAudioStart() {
        var machine = RecorderMachine()
        _ = machine.handle(.press(touchedDownAt: 0), at: 0.18)
        #expect(machine.elapsed(at: 0.5) == 0, "no audio yet")
        _ = machine.handle(.audioStarted(take: 1), at: 0.3)
        #expect(abs(machine.elapsed(at: 1.3) - 1.0) < 1e-9)
        _ = machine.handle(.release, at: 1.3)
        _ = machine.handle(.start, at: 2)
        #expect(machine.take == 2)
        #expect(machine.elapsed(at: 2.5) == 0)
    }

    @Test func aLateStartForAnEndedTakeIsIgnored() {
        var machine = RecorderMachine()
        _ = machine.handle(.press(touchedDownAt: 0), at: 0.18)
        _ = machine.handle(.release, at: 0.3)  // too short: take 1 ended
        _ = machine.handle(.start, at: 1)  // take 2
        #expect(machine.handle(.audioStarted(take: 1), at: 1.1).isEmpty)
        #expect(!machine.isAudioStarted, "take 1's start must not start take 2's clock")
        #expect(machine.handle(.audioFailed(take: 1), at: 1.2).isEmpty)
        #expect(machine.phase == .locked)
    }
}

@Suite("Recorder machine: too short and the maximum (SPEC A.4)")
struct RecorderMachineDurationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let touchedDown: Double, pressAt: Double, audioAt: Double?, releaseAt: Double
        let minimum: Double
        let tooShort: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "audio never started, held 0.5 s", touchedDown: 0, pressAt: 0.18, audioAt: nil, releaseAt: 0.5,
            minimum: 0.6, tooShort: true),
        Case(
            name: "held 0.5 s, recorded 0.3 s", touchedDown: 0, pressAt: 0.18, audioAt: 0.2, releaseAt: 0.5,
            minimum: 0.6, tooShort: true),
        Case(
            name: "held 0.6 s exactly", touchedDown: 0, pressAt: 0.18, audioAt: 0.2, releaseAt: 0.6, minimum: 0.6,
            tooShort: false),
        Case(
            name: "slow mic: held 1.2 s, recorded 0.2 s", touchedDown: 0, pressAt: 0.18, audioAt: 1.0, releaseAt: 1.2,
            minimum: 0.6, tooShort: false),
        Case(
            name: "minimum 0 sends anything with audio", touchedDown: 0, pressAt: 0.18, audioAt: 0.18, releaseAt: 0.19,
            minimum: 0, tooShort: false),
        Case(
            name: "minimum 2: held 1.5 s", touchedDown: 0, pressAt: 0.18, audioAt: 0.2, releaseAt: 1.5, minimum: 2,
            tooShort: true),
    ]

    @Test(arguments: cases)
    func tooShortIsJudgedByTheHold(_ c: Case) {
        var steps: [(Double, RecorderEvent)] = [(c.pressAt, .press(touchedDownAt: c.touchedDown))]
        if let audioAt = c.audioAt { steps.append((audioAt, .audioStarted(take: 1))) }
        steps.append((c.releaseAt, .release))
        let (_, effects) = run(steps, durations: Durations(minimum: c.minimum))
        if c.tooShort {
            #expect(effects.last == [.phaseChanged(.idle), .discard(take: 1, reason: .tooShort)] + holdHint)
        } else {
            #expect(effects.last == [.phaseChanged(.idle), .deliver(take: 1, atMaximum: false), .feedback(.light)])
        }
    }

    /// The capsule's clock runs from the hold's own time (house issue, point 8): while a slow microphone sends
    /// nothing, and on past its first audio, never behind the audio's own elapsed time.
    @Test func theClockRunsFromTheHoldWhileAMicrophoneIsSlowToStart() {
        var machine = RecorderMachine()
        _ = machine.handle(.press(touchedDownAt: 0), at: 0.18)
        #expect(machine.elapsed(at: 1.18) == 0, "no audio yet")
        #expect(abs(machine.clock(at: 1.18) - 1) < 1e-9, "the clock runs")
        _ = machine.handle(.audioStarted(take: 1), at: 2.18)
        #expect(abs(machine.elapsed(at: 3.18) - 1) < 1e-9)
        #expect(abs(machine.clock(at: 3.18) - 3) < 1e-9, "on from the hold, not back to 0")
        _ = machine.handle(.release, at: 3.18)
        #expect(machine.clock(at: 4) == 0, "at rest")
    }

    /// A hold long enough that got no audio at all (a microphone slow to start, or dead) is not "too short": the
    /// session is told to say no sound came, and the take is dropped as interrupted, with the stopped hint.
    @Test(arguments: [
        (releaseAt: 0.6, handsFree: false), (releaseAt: 5, handsFree: false), (releaseAt: 3, handsFree: true),
    ])
    func aHoldWithNoAudioIsNoSoundNotTooShort(_ c: (releaseAt: Double, handsFree: Bool)) {
        var steps: [(Double, RecorderEvent)] = [(0.18, .press(touchedDownAt: 0))]
        if c.handsFree { steps.append((0.4, .lock)) }
        steps.append((c.releaseAt, c.handsFree ? .send : .release))
        let (_, effects) = run(steps, durations: Durations(minimum: 0.6))
        #expect(
            effects.last
                == [.noSound(take: 1), .phaseChanged(.idle), .discard(take: 1, reason: .interrupted)]
                + [.showHint(.stopped), .feedback(.soft), .announce(.hint(.stopped))])
    }

    @Test(arguments: [Phase.holding, .locked])
    func theMaximumSendsWithSuccess(_ phase: Phase) {
        var steps: [(Double, RecorderEvent)] = [(0.18, .press(touchedDownAt: 0)), (0.2, .audioStarted(take: 1))]
        if phase == .locked { steps.append((0.5, .lock)) }
        // The frame count normally ends the take at exactly the maximum; the clock alone ends it only when the audio
        // stopped arriving, a grace of 0.25 s later.
        steps += [(10.19, .tick), (10.2, .tick), (10.449, .tick), (10.45, .tick), (10.5, .tick)]
        let (machine, effects) = run(steps, durations: Durations(maximum: 10))
        #expect(effects[effects.count - 5].isEmpty, "not yet at 9.99 s")
        #expect(effects[effects.count - 4].isEmpty, "at the maximum the frames decide")
        #expect(effects[effects.count - 3].isEmpty, "within the grace")
        #expect(
            effects[effects.count - 2] == [
                .phaseChanged(.idle), .deliver(take: 1, atMaximum: true), .feedback(.success),
            ])
        #expect(effects.last!.isEmpty)
        #expect(machine.phase == .idle)
    }

    @Test func reachingTheMaximumsWorthOfAudioSendsAtOnce() {
        let (_, effects) = run(
            [
                (0, .start), (0.4, .audioStarted(take: 1)), (10.39, .reachedMaximum(take: 2)),
                (10.39, .reachedMaximum(take: 1)),
            ], durations: Durations(maximum: 10))
        #expect(effects[2].isEmpty, "another take's news is ignored")
        #expect(effects[3] == [.phaseChanged(.idle), .deliver(take: 1, atMaximum: true), .feedback(.success)])
    }

    @Test(arguments: [
        (0.6, 300.0, 0.6, 300.0), (-1.0, 300.0, 0.0, 300.0), (500.0, 300.0, 300.0, 300.0),
        (Double.nan, Double.infinity, 0.6, 300.0), (0.6, 0.2, 0.6, 1.0), (2.0, 1.5, 1.5, 1.5),
    ])
    func durationsAreClamped(_ input: (Double, Double, Double, Double)) {
        let durations = Durations(minimum: input.0, maximum: input.1)
        #expect(durations.minimum == input.2)
        #expect(durations.maximum == input.3)
    }
}

@Suite("Recorder machine: interruptions (SPEC A.6)")
struct RecorderMachineInterruptionTests {
    @Test(arguments: [Interruption.call, .routeLost, .mediaReset, .background, .gone])
    func aHeldTakeIsDiscardedWithTheStoppedHint(_ interruption: Interruption) {
        let (machine, effects) = run([
            (0.18, .press(touchedDownAt: 0)), (0.2, .audioStarted(take: 1)), (2, .interrupted(interruption)),
        ])
        #expect(machine.phase == .idle)
        #expect(effects[2] == [.phaseChanged(.idle), .discard(take: 1, reason: .interrupted)] + stoppedHint)
    }

    @Test(arguments: [Interruption.call, .routeLost, .mediaReset, .background, .gone])
    func aRecordingHandsFreeTakeStopsAndIsKept(_ interruption: Interruption) {
        var machine = RecorderMachine()
        _ = machine.handle(.start, at: 0)
        _ = machine.handle(.audioStarted(take: 1), at: 0.1)
        let effects = machine.handle(.interrupted(interruption), at: 3.1)
        #expect(machine.phase == .stopped)
        #expect(effects == [.phaseChanged(.stopped), .stopCapture(take: 1)] + stoppedHint)
        #expect(abs(machine.elapsed(at: 10) - 3.0) < 1e-9, "the time freezes")
        #expect(
            machine.handle(.send, at: 11) == [
                .phaseChanged(.idle), .deliver(take: 1, atMaximum: false), .feedback(.light),
            ])
    }

    @Test func aStoppedTakeCanBeDeleted() {
        let (machine, effects) = run([
            (0, .start), (0.1, .audioStarted(take: 1)), (2, .interrupted(.call)), (3, .cancel),
        ])
        #expect(machine.phase == .idle)
        #expect(effects[3] == [.phaseChanged(.idle), .discard(take: 1, reason: .cancelled), .feedback(.warning)])
    }

    @Test func aHandsFreeTakeWhoseAudioNeverStartedIsDiscarded() {
        let (machine, effects) = run([(0, .start), (0.5, .interrupted(.call))])
        #expect(machine.phase == .idle)
        #expect(effects[1] == [.phaseChanged(.idle), .discard(take: 1, reason: .interrupted)] + stoppedHint)
    }

    @Test(arguments: [Phase.holding, .locked, .stopped])
    func disablingCancelsAsDelete(_ phase: Phase) {
        var steps: [(Double, RecorderEvent)] = [(0, .start), (0.1, .audioStarted(take: 1))]
        if phase == .holding { steps = [(0.18, .press(touchedDownAt: 0)), (0.2, .audioStarted(take: 1))] }
        if phase == .stopped { steps.append((1, .interrupted(.call))) }
        steps.append((2, .interrupted(.disabled)))
        let (machine, effects) = run(steps)
        #expect(machine.phase == .idle)
        #expect(effects.last == [.phaseChanged(.idle), .discard(take: 1, reason: .cancelled), .feedback(.warning)])
    }

    @Test func theSystemTakingTheTouchInterruptsAHeldTake() {
        let (_, effects) = run([(0.18, .press(touchedDownAt: 0)), (0.5, .touchCancelled)])
        #expect(effects[1] == [.phaseChanged(.idle), .discard(take: 1, reason: .interrupted)] + stoppedHint)
    }

    @Test func aFailedStartDiscardsWithTheStoppedHint() {
        let (_, effects) = run([(0, .start), (0.3, .audioFailed(take: 1))])
        #expect(effects[1] == [.phaseChanged(.idle), .discard(take: 1, reason: .interrupted)] + stoppedHint)
    }

    @Test func aCaptureBreakingMidTakeIsALostRoute() {
        let (machine, effects) = run([(0, .start), (0.1, .audioStarted(take: 1)), (2, .audioFailed(take: 1))])
        #expect(machine.phase == .stopped)
        #expect(effects[2].contains(.stopCapture(take: 1)))
    }

    @Test(arguments: [Phase.holding, .locked])
    func aFullDiskStopsAndKeepsWhatWasRecorded(_ phase: Phase) {
        var steps: [(Double, RecorderEvent)] = [(0.18, .press(touchedDownAt: 0)), (0.2, .audioStarted(take: 1))]
        if phase == .locked { steps.append((0.5, .lock)) }
        steps.append((3, .writeFailed(take: 1)))
        let (machine, effects) = run(steps)
        #expect(machine.phase == .stopped)
        #expect(effects.last == [.phaseChanged(.stopped), .stopCapture(take: 1)] + stoppedHint)
    }
}

@Suite("Recorder machine: microphone access (SPEC A.7)")
struct RecorderMachineAccessTests {
    @Test func theFirstPressAsksAndRecordsNothing() {
        let (machine, effects) = run(
            [(0.18, .press(touchedDownAt: 0)), (0.5, .press(touchedDownAt: 0.4)), (0.6, .tap)],
            access: .undetermined)
        #expect(effects[0] == [.requestAccess])
        #expect(effects[1].isEmpty, "a second press while asking does nothing")
        #expect(effects[2].isEmpty)
        #expect(machine.phase == .idle)
        #expect(machine.isAskingForAccess)
    }

    @Test func grantedShowsTheHoldHintAndThenRecords() {
        var machine = RecorderMachine(access: .undetermined)
        #expect(machine.handle(.tap, at: 0) == [.requestAccess])
        #expect(machine.handle(.accessAnswered(granted: true), at: 1) == holdHint)
        #expect(machine.access == .granted)
        #expect(machine.handle(.press(touchedDownAt: 2), at: 2.18).contains(.startCapture(take: 1)))
    }

    @Test func refusedShowsAccessOffFromThenOn() {
        var machine = RecorderMachine(access: .undetermined)
        _ = machine.handle(.press(touchedDownAt: 0), at: 0.18)
        #expect(machine.handle(.accessAnswered(granted: false), at: 1) == accessOffHint)
        #expect(machine.handle(.press(touchedDownAt: 2), at: 2.18) == accessOffHint)
        #expect(machine.phase == .idle)
    }

    @Test func undeclaredNeverAsks() {
        let (_, effects) = run([(0.18, .press(touchedDownAt: 0)), (1, .tap), (2, .start)], access: .undeclared)
        for step in effects { #expect(step == accessOffHint + [.remindToDeclareMicrophoneUsage]) }
    }

    @Test func aTapAtRestTeachesTheGesture() {
        #expect(run([(0.1, .tap)]).1[0] == holdHint)
    }

    @Test func aCheckChangesAccessQuietlyAndNeverOverridesAnOpenQuestion() {
        var machine = RecorderMachine(access: .granted)
        #expect(machine.handle(.accessChecked(.denied), at: 0).isEmpty, "a check shows nothing by itself")
        #expect(machine.access == .denied)
        #expect(machine.handle(.press(touchedDownAt: 1), at: 1.18) == accessOffHint)

        var asking = RecorderMachine(access: .undetermined)
        _ = asking.handle(.tap, at: 0)
        #expect(asking.handle(.accessChecked(.denied), at: 0.5).isEmpty)
        #expect(asking.access == .undetermined, "the open question's answer decides")
        #expect(asking.handle(.accessAnswered(granted: true), at: 1) == holdHint)
        #expect(asking.access == .granted)
    }
}
