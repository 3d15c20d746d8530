import VoiceRecorderCore

/// Everything observable a session does, in the order it happens. Front ends draw from these, tools print them,
/// tests assert them.
public enum SessionEvent: Sendable, Equatable {
    /// The phase changed.
    case phase(Phase)
    /// A haptic moment (SPEC A.13).
    case feedback(Feedback)
    /// A hint budded out, with its text.
    case hint(HintKind, text: String)
    /// The hint melted home.
    case hintHidden
    /// A screen reader should say this.
    case announce(String)
    /// Microphone access was asked for.
    case accessRequested
    /// A paused take started (true) or stopped (false) being listened to (SPEC D.3).
    case listening(Bool)
    /// A take was sent. A trimmed take's recording says which frames it kept (`Recording.keptFrames`). It comes once
    /// the file is finished, which happens off the session's thread (`SessionScheduler.runOffThread`): after the
    /// phase has gone idle, possibly after the next hold has landed; each take's outcome comes in the order the takes
    /// ended.
    case sent(Recording, atMaximum: Bool)
    /// A take was discarded (never a too-short one: that is `.tooShort`).
    case cancelled(DiscardReason)
    /// A take was too short: dropped silently, its file deleted.
    case tooShort
    /// Something failed: its kind, and words for people. The take ends as SPEC A.6 and A.11 say.
    case failure(SessionFailure)
    /// The app has not declared why it wants the microphone (shown in debug builds).
    case missingMicrophoneUsageDeclaration
    /// The mic is pressed (sinks) or not.
    case pressed(Bool)
    /// The press was a scroll: the drag belongs to the enclosing view.
    case passThrough
    /// The finger lifted from a drag: spring home with this velocity.
    case springHome(velocity: Point)
    /// The take's microphone warning changed (SPEC F.2): muted, silent, or `.none` when it cleared. `source` is
    /// the source the take records from, when the server has listed it.
    case microphoneWarning(MicrophoneWarning, source: Microphone?)
    /// The sound server's capture sources changed (SPEC F.1): every source, in the server's order.
    case microphones([Microphone])
}
