/// Something that happened to a session, fed to `RecorderMachine.handle(_:at:)`.
///
/// Takes are numbered so that late news about a take that has already ended (a slow microphone start, a failure)
/// can be recognised and dropped.
public enum RecorderEvent: Sendable, Equatable {
    /// A hold began: from the press recognizer after its beat of stillness, from `press()`, or from Space held.
    /// `touchedDownAt` is when the finger (or key) went down; "too short" is judged from there.
    case press(touchedDownAt: Double)
    /// A tap at rest: teaches the gesture, or asks for access.
    case tap
    /// The hold ended without a discard: send, or drop as too short.
    case release
    /// A hands-free take at once (a screen reader's activation, `start()`).
    case start
    /// Held → hands-free.
    case lock
    /// Finish and send, from held, hands-free or stopped.
    case send
    /// Discard and delete, then report it cancelled.
    case cancel
    /// The first audio of take `take` arrived.
    case audioStarted(take: Int)
    /// Take `take`'s audio could not start, or broke.
    case audioFailed(take: Int)
    /// The file of take `take` can take no more audio (a full disk, a size limit); what was written is kept.
    case writeFailed(take: Int)
    /// The system interrupted the current take.
    case interrupted(Interruption)
    /// The system took the touch away while a take was held.
    case touchCancelled
    /// The answer to an access question.
    case accessAnswered(granted: Bool)
    /// What a check found out about access without asking (a sound server reachable or not): the status to use
    /// from now on. Ignored while a question is open (its answer decides).
    case accessChecked(AccessStatus)
    /// Take `take` holds the maximum duration's worth of audio: send it now, exactly at the maximum.
    case reachedMaximum(take: Int)
    /// Time passed: checks the maximum duration (for audio that arrives without frames to count).
    case tick

    // MARK: Preview (SPEC D); ignored unless the machine was made with `preview: true`.

    /// Pause the take: from hands-free (the pause bubble), or from held (`pause()` locks and pauses at once).
    case pause
    /// Paused → recording on into the same take, hands-free.
    case resume
    /// Paused: listen from the playhead to the end of the kept range.
    case play
    /// Paused and listening: stop listening, the playhead stays where it is.
    case pausePlayback
    /// Paused: play if not listening, else pause the listening (Space, the play button).
    case togglePlayback
    /// Paused: move the playhead to `seconds` of the take (inside the kept range); listening goes on from there.
    case seek(to: Double)
    /// Paused: move the kept range's start and/or end (nil keeps that end), in seconds of the take.
    case trim(start: Double?, end: Double?)
    /// The file of the paused take `take` holds `seconds` of audio (more exact than the clock): the kept range
    /// becomes the whole take.
    case measuredLength(take: Int, seconds: Double)
    /// The player heard up to `seconds` of the take (a real position, to follow while listening).
    case playbackPosition(Double)
    /// The player reached the end of what it was asked to play, or could not play.
    case playbackEnded
}
