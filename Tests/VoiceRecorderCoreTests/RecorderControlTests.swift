import Testing

@testable import VoiceRecorderCore

/// Feeds control inputs and applies the session events to a real machine, as the shell does.
private struct Harness {
    var control = RecorderControl(width: 390, side: 52)
    var machine = RecorderMachine()
    var actions: [RecorderControl.Action] = []
    var effects: [RecorderEffect] = []

    mutating func feed(_ input: RecorderControl.Input, at time: Double) {
        apply(control.handle(input, phase: machine.phase, at: time), at: time)
    }

    mutating func advance(to time: Double) {
        apply(control.advance(to: time, phase: machine.phase), at: time)
    }

    private mutating func apply(_ new: [RecorderControl.Action], at time: Double) {
        actions += new
        for case .session(let event) in new {
            let produced = machine.handle(event, at: time)
            effects += produced
            for effect in produced {
                if case .discard(_, .cancelled) = effect { control.noteDiscard(at: time) }
                if case .phaseChanged(.idle) = effect { control.noteTakeEnded() }
            }
            if case .press = event {
                effects.append(contentsOf: machine.handle(.audioStarted(take: machine.take), at: time))
            }
        }
    }
}

@Suite("Recorder control: touches, keys and activations (SPEC A.2, A.3, A.14, C)")
struct RecorderControlTests {
    @Test func holdThenLiftSends() {
        var h = Harness()
        h.feed(.touchDown(.zero, fingers: 1), at: 0)
        h.advance(to: 0.18)
        #expect(h.machine.phase == .holding)
        h.feed(.touchUp(.zero), at: 1.5)
        #expect(h.effects.contains(.deliver(take: 1, atMaximum: false)))
    }

    @Test func liftingWhileArmedDiscards() {
        var h = Harness()
        h.feed(.touchDown(.zero, fingers: 1), at: 0)
        h.advance(to: 0.18)
        h.feed(.touchMove(Point(x: -120, y: 0)), at: 0.5)
        #expect(h.actions.contains(.feedback(.selection)))
        h.feed(.touchUp(Point(x: -120, y: 0)), at: 0.6)
        #expect(h.effects.contains(.discard(take: 1, reason: .cancelled)))
    }

    @Test func afterADiscardPressesAreIgnoredForSixTenths() {
        var h = Harness()
        h.feed(.touchDown(.zero, fingers: 1), at: 0)
        h.advance(to: 0.18)
        h.feed(.touchMove(Point(x: -200, y: 0)), at: 0.5)  // 1.7 × reach: discarded before the lift
        #expect(h.machine.phase == .idle)
        h.feed(.touchUp(Point(x: -200, y: 0)), at: 0.6)
        h.feed(.touchDown(.zero, fingers: 1), at: 1.0)  // 0.5 s after the discard: ignored
        #expect(h.control.holdDeadline == nil)
        h.feed(.touchUp(.zero), at: 1.05)
        h.feed(.touchDown(.zero, fingers: 1), at: 1.1)  // 0.6 s after: a press
        #expect(h.control.holdDeadline == 1.28)
    }

    @Test func lockingThenLiftingKeepsRecordingAndASendPressSendsOnLift() {
        var h = Harness()
        h.feed(.touchDown(.zero, fingers: 1), at: 0)
        h.advance(to: 0.18)
        h.feed(.touchMove(Point(x: 0, y: -60)), at: 0.5)
        #expect(h.machine.phase == .locked)
        h.feed(.touchUp(Point(x: 0, y: -60)), at: 0.7)
        #expect(h.machine.phase == .locked, "the lift after a lock does not send")
        h.feed(.touchDown(.zero, fingers: 1), at: 2)
        h.feed(.touchUp(.zero), at: 3.5)  // a long hold on send: sends on lift
        #expect(h.machine.phase == .idle)
        #expect(h.effects.contains(.deliver(take: 1, atMaximum: false)))
    }

    @Test func spaceHeldIsAHold() {
        var h = Harness()
        h.feed(.key(.spaceDown), at: 0)
        h.feed(.key(.spaceDown), at: 0.1)  // key repeat
        h.advance(to: 0.18)
        #expect(h.machine.phase == .holding)
        h.feed(.key(.spaceUp), at: 1.2)
        #expect(h.effects.contains(.deliver(take: 1, atMaximum: false)))
    }

    @Test func aCancelledTouchForgetsAHeldSpaceKey() {
        var h = Harness()
        h.feed(.key(.spaceDown), at: 0)
        h.advance(to: 0.18)
        h.feed(.touchCancel, at: 0.5)  // the window went away; Space's release is lost
        #expect(h.machine.phase == .idle)
        h.feed(.key(.spaceDown), at: 2)  // the first Space after it is a new press
        #expect(h.control.holdDeadline == 2.18)
    }

    @Test(arguments: [(RecorderControl.Key.returnKey, true), (.escape, false)])
    func returnSendsAndEscapeDeletesHandsFree(_ input: (key: RecorderControl.Key, sends: Bool)) {
        var h = Harness()
        h.feed(.activate, at: 0)
        h.effects += h.machine.handle(.audioStarted(take: 1), at: 0.1)
        #expect(h.machine.phase == .locked)
        h.feed(.key(input.key), at: 2)
        #expect(h.machine.phase == .idle)
        #expect(h.effects.contains(.deliver(take: 1, atMaximum: false)) == input.sends)
        #expect(h.effects.contains(.discard(take: 1, reason: .cancelled)) == !input.sends)
    }

    @Test func activationStartsSendsAndReleases() {
        var control = RecorderControl(width: 390, side: 52)
        #expect(control.handle(.activate, phase: .idle, at: 0) == [.session(.start)])
        #expect(control.handle(.activate, phase: .holding, at: 0) == [.session(.release)])
        #expect(control.handle(.activate, phase: .locked, at: 0) == [.session(.send)])
        #expect(control.handle(.activate, phase: .stopped, at: 0) == [.session(.send)])
        #expect(control.handle(.magicTap, phase: .idle, at: 0) == [.session(.start)])
        #expect(control.handle(.magicTap, phase: .locked, at: 0) == [.session(.send)])
    }

    @Test func aTapAsksTheSessionForTheHint() {
        var h = Harness()
        h.feed(.touchDown(.zero, fingers: 1), at: 0)
        h.feed(.touchUp(.zero), at: 0.1)
        #expect(h.effects.contains(.showHint(.hold)))
        #expect(h.machine.take == 0)
    }

    @Test func aScrollPassesThrough() {
        var h = Harness()
        h.feed(.touchDown(.zero, fingers: 1), at: 0)
        h.feed(.touchMove(Point(x: 0, y: 30)), at: 0.05)
        #expect(h.actions.contains(.passThrough))
        h.advance(to: 0.5)
        #expect(h.machine.phase == .idle)
    }

    @Test func theSystemTakingTheTouchInterruptsTheHeldTake() {
        var h = Harness()
        h.feed(.touchDown(.zero, fingers: 1), at: 0)
        h.advance(to: 0.18)
        h.feed(.touchCancel, at: 0.5)
        #expect(h.effects.contains(.discard(take: 1, reason: .interrupted)))
    }
}
