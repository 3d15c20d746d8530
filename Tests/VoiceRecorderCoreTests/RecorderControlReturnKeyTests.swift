import Testing
import VoiceRecorderCore

/// Return on the focused mic (SPEC A.14, C): one rule in the control, so the GTK widget (which only forwards the key)
/// and `voicerec simulate`'s `key return` agree.
@Suite("Recorder control: Return on the focused mic")
struct RecorderControlReturnKeyTests {
    @Test(
        "Return: at rest it activates (a hands-free take starts); hands-free or stopped it sends; held, nothing",
        arguments: [
            (Phase.idle, [RecorderControl.Action.session(.start)]),
            (.locked, [.session(.send)]),
            (.stopped, [.session(.send)]),
            (.holding, []),
        ])
    func returnByPhase(phase: Phase, expected: [RecorderControl.Action]) {
        var control = RecorderControl(width: 390, side: 52)
        #expect(control.handle(.key(.returnKey), phase: phase, at: 1) == expected)
    }

    @Test("at rest Return does what the screen reader's activation does", arguments: [Phase.idle, .locked, .stopped])
    func returnIsActivationWhereActivationStartsOrSends(phase: Phase) {
        var byKey = RecorderControl(width: 390, side: 52)
        var byActivation = RecorderControl(width: 390, side: 52)
        #expect(
            byKey.handle(.key(.returnKey), phase: phase, at: 1)
                == byActivation.handle(.activate, phase: phase, at: 1))
    }

    @Test("Return at rest, then Return again: a hands-free take starts and is sent")
    func returnStartsThenSends() {
        var control = RecorderControl(width: 390, side: 52)
        var machine = RecorderMachine()
        func feed(_ input: RecorderControl.Input, at time: Double) -> [RecorderEffect] {
            control.handle(input, phase: machine.phase, at: time).flatMap { action -> [RecorderEffect] in
                guard case .session(let event) = action else { return [] }
                return machine.handle(event, at: time)
            }
        }
        let started = feed(.key(.returnKey), at: 0)
        #expect(started.contains(.startCapture(take: 1)))
        #expect(machine.phase == .locked)
        _ = machine.handle(.audioStarted(take: 1), at: 0.05)
        let sent = feed(.key(.returnKey), at: 2)
        #expect(sent.contains(.deliver(take: 1, atMaximum: false)))
        #expect(machine.phase == .idle)
    }
}
