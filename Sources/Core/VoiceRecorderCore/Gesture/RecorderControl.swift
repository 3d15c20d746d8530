/// The control's input side: touches, keys and screen-reader activations in, session events and feedback out.
///
/// It joins the press recognizer (A.2), the drag interpreter (A.3) and the keyboard and accessibility rules (A.14,
/// C) into one place, so a GTK widget, a script and a test all drive a session the same way. It never changes the
/// phase itself: it reads the phase it is given and asks for session events, which the caller applies in order.
public struct RecorderControl: Sendable {
    /// New presses on the mic are ignored this long after a discard.
    public static let quietAfterDiscard = 0.6

    /// Keys the control answers to (with the mic focused): Return starts hands-free at rest and sends hands-free or
    /// stopped; Escape deletes a take; Space held is a hold.
    public enum Key: String, Sendable, Equatable, CaseIterable {
        case returnKey = "return"
        case escape
        case spaceDown = "space-down"
        case spaceUp = "space-up"
    }

    /// What came in.
    public enum Input: Sendable, Equatable {
        /// Fingers landed on the mic (or the send button) at a point in the control's coordinates.
        case touchDown(Point, fingers: Int)
        case touchMove(Point)
        case touchUp(Point)
        /// The system took the touch (or the held key) away.
        case touchCancel
        case key(Key)
        /// A screen reader activated the mic (double tap).
        case activate
        /// The screen reader's "magic tap": starts at rest, sends when hands-free.
        case magicTap
    }

    /// What the caller must do.
    public enum Action: Sendable, Equatable {
        /// Apply this event to the session.
        case session(RecorderEvent)
        /// Play this feedback.
        case feedback(Feedback)
        /// The mic is pressed (sinks) or not.
        case pressed(Bool)
        /// The press was a scroll: hand the drag to the enclosing view.
        case passThrough
        /// The finger lifted from a drag: the mic and lane spring home with this velocity (points per second).
        case springHome(velocity: Point)
    }

    private var recognizer = PressRecognizer()
    /// The drag of the current hold, if any.
    public private(set) var drag: DragInterpreter?
    private var geometry: (width: Double, side: Double, scale: TextScale, direction: LayoutDirection)
    private var quietUntil = -Double.infinity
    /// A finger (or Space) is on the send button while hands-free: its lift sends.
    private var sendPressActive = false
    /// The current gesture is over for us (discarded or locked mid-drag): ignore it until the finger lifts.
    private var gestureSpent = false
    private var spaceIsDown = false
    /// Where the paused take's waveform lies (SPEC D.3, D.4); nil while it is not shown.
    public internal(set) var waveformTrack: WaveformTrack?
    /// The preview part being dragged (the waveform or a trim handle), if any.
    public internal(set) var previewDrag: PreviewPart?

    public init(width: Double, side: Double, scale: TextScale = TextScale(1), direction: LayoutDirection = .leftToRight)
    {
        geometry = (width, side, scale, direction)
    }

    /// When the pending hold lands, if a press is pending: the caller must feed `.advance` (via `advance(to:)`) then.
    public var holdDeadline: Double? { recognizer.holdDeadline }

    /// The current leading-ward slide of the mic, rubber-banded (0 when not discarding).
    public var slide: Double { drag?.slide ?? 0 }
    /// The current stretch of the lock lane.
    public var stretch: Double { drag?.stretch ?? 0 }
    /// Whether a release now discards.
    public var isArmed: Bool { drag?.isArmed ?? false }

    /// Updates the control's size, text scale or direction (takes effect from the next press).
    public mutating func resize(width: Double, side: Double, scale: TextScale, direction: LayoutDirection) {
        geometry = (width, side, scale, direction)
    }

    /// Tells the control a take was discarded at `time` (by any means): presses are ignored for a moment, so a
    /// finger still flicking at the bin does not start a new take.
    public mutating func noteDiscard(at time: Double) {
        quietUntil = time + Self.quietAfterDiscard
        drag = nil
    }

    /// Tells the control the take ended (sent, discarded or dropped): its drag state resets.
    public mutating func noteTakeEnded() { drag = nil }

    /// Moves time on: a pending press becomes a hold once its deadline passes.
    public mutating func advance(to time: Double, phase: Phase) -> [Action] {
        translate(recognizer.advance(to: time), phase: phase, time: time)
    }

    /// Handles one input that happened at `time` while the session was in `phase`.
    public mutating func handle(_ input: Input, phase: Phase, at time: Double) -> [Action] {
        switch input {
        case .touchDown(let point, let fingers):
            return pressDown(at: point, fingers: fingers, phase: phase, time: time)
        case .touchMove(let point):
            return translate(recognizer.touchMoved(to: point, time: time), phase: phase, time: time)
        case .touchUp(let point):
            return liftUp(at: point, phase: phase, time: time)
        case .touchCancel:
            // Every press is forgotten, a held Space key's too: its release may never come (the window went away).
            sendPressActive = false
            spaceIsDown = false
            previewDrag = nil
            return translate(recognizer.touchCancelled(), phase: phase, time: time)
        case .key(let key):
            return handleKey(key, phase: phase, time: time)
        case .activate:
            switch phase {
            case .idle: return [.session(.start)]
            case .holding: return [.session(.release)]
            case .locked, .stopped, .paused: return [.session(.send)]
            }
        case .magicTap:
            switch phase {
            case .idle: return [.session(.start)]
            case .locked, .stopped, .paused: return [.session(.send)]
            case .holding: return []
            }
        }
    }

    // MARK: - Touches

    private mutating func pressDown(at point: Point, fingers: Int, phase: Phase, time: Double) -> [Action] {
        switch phase {
        case .idle:
            guard time >= quietUntil, !recognizer.isTracking, !sendPressActive else { return [] }
            gestureSpent = false
            return translate(recognizer.touchDown(at: point, time: time, fingers: fingers), phase: phase, time: time)
        case .locked, .stopped, .paused:
            // The mic is the send button now: a press (even a long one) sends when it lifts.
            guard !sendPressActive, !recognizer.isTracking, fingers == 1 else { return [] }
            sendPressActive = true
            return [.pressed(true)]
        case .holding:
            return []
        }
    }

    private mutating func liftUp(at point: Point, phase: Phase, time: Double) -> [Action] {
        if sendPressActive {
            sendPressActive = false
            let sends = phase == .locked || phase == .stopped || phase == .paused
            return [.pressed(false)] + (sends ? [.session(.send)] : [])
        }
        return translate(recognizer.touchUp(at: point, time: time), phase: phase, time: time)
    }

    private mutating func translate(_ outputs: [PressRecognizer.Output], phase: Phase, time: Double) -> [Action] {
        var actions: [Action] = []
        var phase = phase
        for output in outputs {
            switch output {
            case .touchedDown:
                actions.append(.pressed(true))
            case .holdBegan(let touchedDownAt):
                guard phase == .idle else { continue }
                drag = DragInterpreter(
                    width: geometry.width, side: geometry.side, scale: geometry.scale,
                    direction: geometry.direction)
                actions.append(.session(.press(touchedDownAt: touchedDownAt)))
                // The caller applies the press after this batch; a hold on an idle session becomes holding
                // (or asks for access, in which case the drags below find no take and do nothing).
                phase = .holding
            case .tapped:
                actions.append(.pressed(false))
                if phase == .idle { actions.append(.session(.tap)) }
            case .failed:
                actions += [.pressed(false), .passThrough]
            case .dragged(let translation):
                actions += dragged(to: translation, phase: phase, time: time)
            case .released(_, let velocity):
                actions.append(.pressed(false))
                let wasSpent = gestureSpent
                gestureSpent = false
                guard !wasSpent, phase == .holding, let drag else { continue }
                actions.append(.springHome(velocity: velocity))
                actions.append(.session(drag.isArmed ? .cancel : .release))
            case .cancelled:
                actions.append(.pressed(false))
                gestureSpent = false
                if phase == .holding { actions.append(.session(.touchCancelled)) }
            }
        }
        return actions
    }

    private mutating func dragged(to translation: Point, phase: Phase, time: Double) -> [Action] {
        guard phase == .holding, !gestureSpent, var interpreter = drag else { return [] }
        var actions: [Action] = []
        for output in interpreter.update(translation: translation) {
            switch output {
            case .armed, .disarmed:
                actions.append(.feedback(.selection))
            case .discardNow:
                gestureSpent = true
                actions.append(.session(.cancel))
            case .lockReached:
                gestureSpent = true
                actions.append(.session(.lock))
            }
        }
        drag = interpreter
        return actions
    }

    // MARK: - Keys

    private mutating func handleKey(_ key: Key, phase: Phase, time: Double) -> [Action] {
        switch key {
        case .spaceDown:
            // Holding Space on the focused mic is a hold; key repeats are ignored.
            guard !spaceIsDown else { return [] }
            spaceIsDown = true
            // Paused, Space plays and pauses the listening instead (SPEC D.7).
            if phase == .paused && !sendPressActive { return [.session(.togglePlayback)] }
            return pressDown(at: .zero, fingers: 1, phase: phase, time: time)
        case .spaceUp:
            guard spaceIsDown else { return [] }
            spaceIsDown = false
            return liftUp(at: .zero, phase: phase, time: time)
        case .returnKey:
            // One rule for Return on the focused mic, whoever feeds it (the GTK widget, a script): at rest it is the
            // button's activation, as Return on any focused button of a desktop is, and starts a hands-free take
            // (what the screen reader's activation does); hands-free or stopped it sends (A.14). While held it does
            // nothing: the take ends with the finger or Space that holds it.
            switch phase {
            case .idle: return [.session(.start)]
            case .locked, .stopped, .paused: return [.session(.send)]
            case .holding: return []
            }
        case .escape:
            return phase == .idle ? [] : [.session(.cancel)]
        }
    }
}
