/// Why a take ended without being sent.
public enum DiscardReason: String, Sendable, Equatable {
    /// The person discarded it (slide to the bin, Delete, Escape, `cancel()`, disabling the control). The app is told.
    case cancelled
    /// The system ended it (a call, a lost device, a failed start...). The app is told.
    case interrupted
    /// Too short to send: dropped silently, not reported as cancelled, the hold hint teaches the gesture.
    case tooShort

    /// Whether the app hears about it as cancelled.
    public var notifiesApp: Bool { self != .tooShort }
}

/// What the shell must do after a `RecorderMachine` transition. Effects are listed in the order to perform them.
public enum RecorderEffect: Sendable, Equatable {
    /// The phase changed.
    case phaseChanged(Phase)
    /// Ask the person for microphone access; answer with `.accessAnswered`.
    case requestAccess
    /// The app never declared why it wants the microphone: in debug builds, remind the developer to.
    case remindToDeclareMicrophoneUsage
    /// Start capturing and writing take `take`; report `.audioStarted`/`.audioFailed` for it.
    case startCapture(take: Int)
    /// Stop capturing take `take` but keep its file for a later send or delete (the `stopped` phase).
    case stopCapture(take: Int)
    /// Capture take `take` again after a pause, appending to the same file (SPEC D.2); report `.audioStarted` for it.
    case resumeCapture(take: Int)
    /// Play take `take`'s file so far from `from` to `until` seconds (stopping any earlier playback of it first);
    /// report `.playbackPosition` while playing and `.playbackEnded` at the end.
    case startPlayback(take: Int, from: Double, until: Double)
    /// Stop playing take `take`'s file (idempotent).
    case stopPlayback(take: Int)
    /// Stop take `take` if running, finish its file keeping only `kept` (seconds of the take) and hand the recording
    /// to the app (SPEC D.5). Sent from paused when the kept range is not the whole take.
    case deliverKept(take: Int, kept: KeptRange)
    /// Stop take `take` if running, finish its file and hand the recording to the app (the session reports it sent).
    case deliver(take: Int, atMaximum: Bool)
    /// Stop take `take` if running and delete its file; tell the app if `reason.notifiesApp`.
    case discard(take: Int, reason: DiscardReason)
    /// Take `take` was held long enough but no audio ever came from the microphone: say so, naming it (before it
    /// is discarded), rather than calling it too short.
    case noSound(take: Int)
    /// Play this feedback (a haptic on phones, an event on desktops).
    case feedback(Feedback)
    /// Bud this hint out of the mic (it melts home by itself after its time).
    case showHint(HintKind)
    /// Send any hint home at once (a new take started).
    case hideHint
    /// Tell a screen reader this.
    case announce(Announcement)
}

/// Things a screen reader is told as they happen (SPEC A.14). Hints are announced with their own text.
public enum Announcement: Sendable, Equatable {
    /// A hands-free take started from an activation: "Recording".
    case recordingStarted
    /// A hint appeared: its text is read.
    case hint(HintKind)
}
