import Foundation
import VoiceRecorder

/// What the recorder reports to the memos model: the parts of a `Session`'s events that decide what becomes of a
/// take.
public enum RecorderReport: Sendable, Equatable {
    /// The session's phase changed: `holding`/`locked` when a take starts recording (before its capture starts),
    /// `stopped` when an interruption or a failure stopped a hands-free take and kept it, `idle` when it ended.
    case phase(Phase)
    /// The take was finished and sent: its file is still in the directory the recorder wrote it to.
    case sent(Recording)
    /// The take ended without a recording and its file was deleted (`tooShort` included).
    case cancelled(DiscardReason)
    /// Something went wrong while recording; the text says what, for people. The take ends, stops or is sent as
    /// SPEC A.6 says, and a phase change follows.
    case failed(String)
    /// A take was refused for want of microphone access (the session showed its access-off hint).
    case accessRefused
    /// A take was held but the microphone sent no sound; nothing is kept. The text names the microphone.
    case noSound(String)
}

/// The recorder the memos model records with (SPEC B.2): in the app, the `Session` behind the hold-to-record
/// control (`SessionRecorder`), which the person also drives directly with the control.
///
/// Reports come on the model's scheduler thread, synchronously and in order, as the session makes them: so a
/// `.phase(.holding)` arrives before the take's capture starts, and what the model does there (stop playback)
/// happens first.
public protocol MemoRecorder: AnyObject, Sendable {
    /// Where reports go. The model sets this once, when it starts.
    func setReportHandler(_ handler: @escaping @Sendable (RecorderReport) -> Void)
    /// Starts a hands-free take at once (the record button; the control starts its own).
    func start()
    /// Finishes the take and sends it, from holding, locked or stopped.
    func send()
    /// Discards the take and deletes its file.
    func cancel()
    /// Seconds of audio in the take so far, counted from when audio actually started; frozen while stopped.
    var elapsed: Double { get }
}
