/// What screen readers get from the control in one phase (SPEC A.14). Holding and dragging is impossible with a
/// screen reader, so the mic is a plain button whose activation depends on the phase, with Record / Send / Delete
/// actions; the capsule is one quiet element; the trash is a "Delete" button while hands-free or stopped.
public struct AccessibilityModel: Sendable, Equatable {
    /// What activating the mic (a double tap, Return, the default action) does.
    public enum Activation: String, Sendable, Equatable {
        /// At rest: start a hands-free take at once.
        case startHandsFree
        /// While held: let go (which sends, or discards a too-short take).
        case release
        /// Hands-free or stopped: send the take.
        case send
    }

    /// A named action offered on the mic.
    public struct Action: Sendable, Equatable {
        /// What the action does.
        public enum Kind: String, Sendable, Equatable {
            /// Start a hands-free take.
            case record
            /// Send the take.
            case send
            /// Discard the take.
            case delete
        }
        /// What the action does.
        public var kind: Kind
        /// The action's name as read out.
        public var name: String
    }

    /// An element read by the screen reader: its label and (optional) value.
    public struct Element: Sendable, Equatable {
        /// What the element is.
        public var label: String
        /// Its current value, if it has one.
        public var value: String?
    }

    /// The mic button's label: "Record voice message" at rest, "Send" otherwise.
    public var micLabel: String
    /// The mic button's hint at rest: the screen-reader hint with one on, else "Hold to record, release to send".
    /// `nil` during a take, where the button simply sends and the rest-time hint would mislead.
    public var micHint: String?
    /// The mic's named actions: Record at rest; Send and Delete during a take.
    public var micActions: [Action]
    /// What activating the mic does.
    public var micActivation: Activation
    /// What the "magic tap" (the two-finger double tap) does: start at rest, send when hands-free or stopped, nothing
    /// while held.
    public var magicTap: Activation?
    /// Whether the escape gesture deletes the take (during any take).
    public var escapeDeletes: Bool
    /// The capsule: label "Recording", value the spoken elapsed time (or "9 seconds left" in the countdown). `nil`
    /// at rest, where it is hidden. Its value changes only when the whole second changes, so it doesn't chatter.
    public var capsule: Element?
    /// The trash button "Delete", present only hands-free, stopped or paused.
    public var trash: Element?

    /// The model for `phase`, whether a screen reader is running, the take's elapsed time and maximum duration.
    public static func make(
        phase: Phase, screenReader: Bool, elapsed: Double, maximum: Double,
        messages: Messages = Messages()
    ) -> AccessibilityModel {
        let atRest = phase == .idle
        let activation: Activation =
            switch phase {
            case .idle: .startHandsFree
            case .holding: .release
            case .locked, .stopped, .paused: .send
            }
        return AccessibilityModel(
            micLabel: atRest ? messages.record : messages.send,
            micHint: atRest ? (screenReader ? messages.voiceOverHint : messages.holdToRecord) : nil,
            micActions: atRest
                ? [Action(kind: .record, name: messages.record)]
                : [Action(kind: .send, name: messages.send), Action(kind: .delete, name: messages.delete)],
            micActivation: activation,
            magicTap: phase == .holding ? nil : activation,
            escapeDeletes: !atRest,
            capsule: atRest
                ? nil
                : Element(
                    label: messages.recording,
                    value: ClockReading(elapsed: elapsed, maximum: maximum, messages: messages).spoken),
            trash: phase == .locked || phase == .stopped || phase == .paused
                ? Element(label: messages.delete, value: nil) : nil)
    }

    /// What is announced when a take starts from the mic's activation: "Recording".
    public static func recordingStartedAnnouncement(messages: Messages = Messages()) -> String {
        messages.recording
    }

    /// The words for an announcement the recorder machine asks for.
    public static func text(for announcement: Announcement, messages: Messages = Messages()) -> String {
        switch announcement {
        case .recordingStarted: recordingStartedAnnouncement(messages: messages)
        case .hint(let kind): hintAnnouncement(kind, messages: messages)
        }
    }

    /// What is announced when a hint buds out; the access-off hint names its action:
    /// "Microphone access is off, Settings".
    public static func hintAnnouncement(_ kind: HintKind, messages: Messages = Messages()) -> String {
        messages.hintAnnouncement(for: kind)
    }
}
