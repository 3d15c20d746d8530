import Testing

@testable import VoiceRecorderCore

@Suite("MicrophoneWarningRule (SPEC F.2)")
struct MicrophoneWarningRuleTests {
    /// One step of a table: what happened at a time, and the warning it must change to (nil: no change).
    enum Step {
        case start(Double)
        case audio(Double)
        case peak(Double, at: Double)
        case muted(Bool, at: Double)
        case tick(Double)
        case end
    }

    /// Runs `steps`, returning what each one changed the warning to.
    static func run(_ steps: [Step], rule: inout MicrophoneWarningRule) -> [MicrophoneWarning?] {
        steps.map { step in
            switch step {
            case .start(let time): rule.takeStarted(at: time)
            case .audio(let time): rule.audioStarted(at: time)
            case .peak(let peak, let time): rule.peak(peak, at: time)
            case .muted(let muted, let time): rule.muted(muted, at: time)
            case .tick(let time): rule.advance(to: time)
            case .end: rule.takeEnded()
            }
        }
    }

    static func run(_ steps: [Step]) -> [MicrophoneWarning?] {
        var rule = MicrophoneWarningRule()
        return run(steps, rule: &rule)
    }

    @Test("Under −60 dBFS for the take's first 1.5 s: silent at 1.5 s, not a tick before")
    func silent() {
        let quiet = 0.0009  // −61 dBFS
        #expect(
            Self.run([.start(10), .audio(10.2), .peak(quiet, at: 10.5), .tick(11.49), .peak(quiet, at: 11.5)])
                == [nil, nil, nil, nil, .silent])
    }

    @Test("The silence is counted from the hold, audio or not: a microphone slow to start warns at 1.5 s")
    func countedFromTheHold() {
        #expect(Self.run([.start(0), .tick(1.49), .tick(1.5)]) == [nil, nil, .silent], "no buffer at all")
        #expect(
            Self.run([.start(0), .tick(1.49), .audio(1.0), .tick(1.5), .peak(0.2, at: 2.1)])
                == [nil, nil, nil, .silent, MicrophoneWarning.none], "audio late, then sound: the warning clears")
    }

    @Test("Sound clears the silent warning at the first reading that hears it, and it does not come back")
    func clears() {
        #expect(
            Self.run([.start(0), .audio(0), .tick(1.5), .peak(0.001, at: 1.8), .peak(0, at: 2), .tick(5)])
                == [nil, nil, .silent, MicrophoneWarning.none, nil, nil])
    }

    @Test("Sound within the first 1.5 s means no warning, whatever follows")
    func soundInTime() {
        #expect(
            Self.run([.start(0), .audio(0), .peak(0.2, at: 0.4), .peak(0, at: 1.6), .tick(9)]) == [
                nil, nil, nil, nil, nil,
            ])
    }

    @Test("−60 dBFS exactly is sound; a peak that is not a number is not")
    func threshold() {
        #expect(Self.run([.start(0), .audio(0), .peak(-0.001, at: 0.1), .tick(2)]) == [nil, nil, nil, nil])
        #expect(Self.run([.start(0), .audio(0), .peak(.nan, at: 0.1), .tick(2)]) == [nil, nil, nil, .silent])
    }

    @Test("A source muted before the take warns the moment the take starts, before any audio")
    func mutedAtStart() {
        #expect(Self.run([.muted(true, at: 0), .start(3)]) == [nil, .muted])
    }

    @Test("Muted during a take warns at once; unmuted it clears, or turns silent when nothing was heard for 1.5 s")
    func mutedDuring() {
        #expect(
            Self.run([.start(0), .audio(0), .muted(true, at: 0.5), .tick(2), .muted(false, at: 3), .peak(0.5, at: 3.2)])
                == [nil, nil, .muted, nil, .silent, MicrophoneWarning.none])
        #expect(
            Self.run([.start(0), .audio(0), .peak(0.5, at: 0.1), .muted(true, at: 0.5), .muted(false, at: 3)])
                == [nil, nil, nil, .muted, MicrophoneWarning.none])
    }

    @Test("The take's end clears a warning and stops the checks; the mute is remembered for the next take")
    func ends() {
        var rule = MicrophoneWarningRule()
        #expect(
            Self.run([.start(0), .muted(true, at: 1), .end, .tick(5), .muted(false, at: 6)], rule: &rule)
                == [nil, .muted, MicrophoneWarning.none, nil, nil])
        #expect(!rule.isChecking)
        #expect(
            Self.run([.muted(true, at: 7), .start(8), .end, .start(9)], rule: &rule) == [
                nil, .muted, MicrophoneWarning.none, .muted,
            ])
    }

    @Test("Between takes nothing warns: no silence, no mute")
    func idle() {
        #expect(
            Self.run([.audio(0), .peak(0, at: 0), .tick(5), .muted(true, at: 6), .tick(9)]) == [
                nil, nil, nil, nil, nil,
            ])
    }

    @Test("A new take starts its count afresh")
    func afresh() {
        #expect(
            Self.run([.start(0), .audio(0), .tick(1.5), .end, .start(2), .audio(2), .tick(3.4), .tick(3.5)])
                == [nil, nil, .silent, MicrophoneWarning.none, nil, nil, nil, .silent])
    }
}
