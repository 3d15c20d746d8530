import VoiceRecorderCore

/// Named states of the control, built from the core's own models (the drag interpreter's slide, the simulated
/// speech's loudness): the snapshot tests, the the documentation's pictures and the render benchmark draw the same scenes.
public enum SampleScene: String, CaseIterable, Sendable {
    case restWithContent
    case restWithoutContent
    /// The capsule budding out of the mic, joined to it by a neck.
    case budding
    case held
    /// Slid past the cancel reach: the bin is out at the leading end.
    case discardArmed
    /// Hands-free: the send button and the trash.
    case locked
    /// Hands-free with the "Recording stopped" hint out: the busiest frame.
    case lockedWithHint
    case countdown
    case stopped
    case hintHold
    case hintAccessOff
    case hintStopped
    case rightToLeft
    case dark
    case darkLocked
    case textScale140
    case highContrast
    case disabled
    /// Hands-free with preview on: the pause bubble above the send button (SPEC D.1).
    case lockedPreview
    /// Paused (SPEC D.2): the play button, the take's whole waveform, the mic bubble.
    case paused
    /// Paused and listening, the playhead mid-way (the clock shows its position).
    case pausedListening
    /// Paused with both ends trimmed: the handles moved in, the ends dimmed.
    case pausedTrimmed
    case pausedRightToLeft
    case pausedDark
    case pausedHighContrast
    case pausedTextScale140
    /// Paused under Reduce Motion: the send button does not swell, so the mic bubble sits on it unscaled.
    case pausedReduceMotion
    /// Pausing under Reduce Motion, half-way: the dot and bars cross-fade to the play button and the waveform, and
    /// nothing moves (A.18).
    case pausingReduceMotion

    /// Held, 0.08 s after the clock turned 0:08: the last digit rolling up from 0:07, the rest still (A.18).
    case clockRolling
    /// The countdown 0.1 s after it turned 0:09: the digits after `0:` rolling down from 0:10.
    case countdownRolling
    /// Under Reduce Motion, half-way through the clock's change to 0:08: the last digit fading in place (A.15).
    case clockFadingReduceMotion

    /// The scene, in a control `width` points wide.
    public func scene(width: Double = 360) -> ControlScene {
        var input = BandLayoutInput(width: width)
        var phase = Phase.idle
        var hint: HintKind?
        var appearance = Appearance.light
        var highContrast = false
        var isEnabled = true
        let maximum = Durations.defaultMaximum
        var hasContent = true
        var clock: ClockReading?
        var clockChange: DigitTransition.Frame?
        /// The clock's change from `previous` to the scene's own text, `after` seconds in.
        func clockChanged(from previous: String, after seconds: Double) {
            let current = clock?.text ?? ClockReading(elapsed: input.elapsed, maximum: maximum).text
            var digits = DigitTransition(reduceMotion: input.reduceMotion)
            digits.show(previous, at: 0)
            digits.show(current, at: 0)
            clockChange = digits.frame(at: seconds)
        }

        func record(elapsed: Double) {
            phase = .holding
            input.presence.capsule = 1
            input.presence.lane = 1
            input.swell = 1
            input.contentVisibility = 0
            input.dotBreathes = true
            input.elapsed = elapsed
            input.time = elapsed + 0.37
        }
        func lock() {
            phase = .locked
            input.presence.lane = 0
            input.presence.trash = 1
            input.showsSlideToCancel = false
            input.lockShut = 1
        }

        // A 14.2 s take paused with preview on.
        func pause(kept: KeptRange? = nil, playhead: Double = 0, listening: Bool = false) {
            let length = 14.2
            record(elapsed: length)
            lock()
            phase = .paused
            input.dotBreathes = false
            input.presence.pauseBubble = 1
            input.preview = BandLayoutInput.Preview(
                length: length, kept: kept, playhead: playhead, isListening: listening)
            if listening { clock = ClockReading(elapsed: playhead, maximum: maximum) }
        }

        switch self {
        case .restWithContent:
            break
        case .restWithoutContent:
            hasContent = false
        case .budding:
            record(elapsed: 0.2)
            input.presence.capsule = 0.45
            input.presence.lane = 0.3
            input.swell = 0.8
            input.contentVisibility = 0.4
        case .held:
            record(elapsed: 4.26)
        case .discardArmed:
            record(elapsed: 6.83)
            input.presence.lane = 0
            input.presence.bin = 1
            var drag = DragInterpreter(
                width: width, side: input.style.side(input.textScale), scale: input.textScale,
                direction: input.direction)
            _ = drag.update(translation: Point(x: -1.15 * drag.cancelReach, y: 4))
            input.slide = drag.slide
            input.cancelProgress = drag.cancelProgress
        case .locked:
            record(elapsed: 12.4)
            lock()
        case .lockedWithHint:
            record(elapsed: 17.9)
            lock()
            hint = .stopped
            input.presence.hint = 1
        case .countdown:
            record(elapsed: 291.3)
        case .stopped, .hintStopped:
            record(elapsed: 9.72)
            lock()
            phase = .stopped
            input.dotBreathes = false
            if self == .hintStopped {
                hint = .stopped
                input.presence.hint = 1
            }
        case .hintHold:
            hint = .hold
            input.presence.hint = 1
        case .hintAccessOff:
            hint = .accessOff
            input.presence.hint = 1
        case .rightToLeft:
            input.direction = .rightToLeft
            record(elapsed: 4.26)
        case .dark:
            appearance = .dark
            record(elapsed: 4.26)
        case .darkLocked:
            appearance = .dark
            record(elapsed: 12.4)
            lock()
        case .textScale140:
            input.textScale = TextScale(1.4)
            record(elapsed: 4.26)
        case .highContrast:
            highContrast = true
            record(elapsed: 4.26)
        case .disabled:
            isEnabled = false
            record(elapsed: 4.26)
            lock()
        case .lockedPreview:
            record(elapsed: 12.4)
            lock()
            input.presence.pauseBubble = 1
            input.preview = nil
        case .paused:
            pause()
        case .pausedListening:
            pause(playhead: 7.1, listening: true)
        case .pausedTrimmed:
            pause(kept: KeptRange(start: 2.4, end: 11.3), playhead: 2.4)
        case .pausedRightToLeft:
            input.direction = .rightToLeft
            pause(kept: KeptRange(start: 2.4, end: 11.3), playhead: 6)
        case .pausedDark:
            appearance = .dark
            pause(kept: KeptRange(start: 2.4, end: 11.3), playhead: 6)
        case .pausedHighContrast:
            highContrast = true
            pause(kept: KeptRange(start: 2.4, end: 11.3), playhead: 6)
        case .pausedTextScale140:
            input.textScale = TextScale(1.4)
            pause(kept: KeptRange(start: 2.4, end: 11.3), playhead: 6)
        case .pausedReduceMotion:
            input.reduceMotion = true
            pause(kept: KeptRange(start: 2.4, end: 11.3), playhead: 6)
        case .pausingReduceMotion:
            input.reduceMotion = true
            pause()
            input.preview?.paused = 0.5
        case .clockRolling:
            record(elapsed: 8.08)
            clockChanged(from: "0:07", after: 0.08)
        case .countdownRolling:
            record(elapsed: 291.1)
            clockChanged(from: "0:10", after: 0.1)
        case .clockFadingReduceMotion:
            input.reduceMotion = true
            record(elapsed: 8.1)
            clockChanged(from: "0:07", after: DigitTransition.fadeDuration / 2)
        }
        input.hasContent = hasContent
        return ControlScene(
            layout: input, phase: phase, windowLoudnesses: Self.speechWindows(upTo: input.elapsed),
            maximumDuration: maximum, clock: clock, hint: hint, appearance: appearance, highContrast: highContrast,
            isEnabled: isEnabled, contentPlaceholder: hasContent ? "Message" : nil, clockChange: clockChange)
    }

    /// The loudness of every completed 50 ms window of simulated speech up to `elapsed` seconds (each window's peak,
    /// sampled a few times inside it).
    static func speechWindows(upTo elapsed: Double) -> [Double] {
        let window = AudioFormat.windowDuration
        let count = max(0, Int((elapsed / window).rounded(.down)))
        return (0 ..< count).map { index in
            (0 ..< 4).map { SimulatedSpeech.loudness(at: (Double(index) + (Double($0) + 0.5) / 4) * window) }.max() ?? 0
        }
    }
}
