import VoiceRecorder

/// Where a memo's transcript stands (SPEC E.2), as shown and as reported.
public enum TranscriptState: Sendable, Equatable {
    /// Waiting its turn in the queue.
    case pending
    /// Being made: how far, 0…1.
    case transcribing(progress: Double)
    /// Made, with words.
    case done
    /// Made, and nothing recognisable was said.
    case none
    /// This machine has no speech engine (or its model is damaged): the reason in words, with how to install it.
    case unavailable(String)
    /// The engine could not transcribe it: why, in words. Tried again at the next start, at most twice.
    case failed(String)

    /// The state's name in reports and JSON lines: `pending`, `transcribing`, `done`, `none`, `unavailable`,
    /// `failed`.
    public var name: String {
        switch self {
        case .pending: "pending"
        case .transcribing: "transcribing"
        case .done: "done"
        case .none: "none"
        case .unavailable: "unavailable"
        case .failed: "failed"
        }
    }

    /// How the app says it, in words: "Transcribing… 40%", "No speech", "Transcripts are not installed".
    public var words: String {
        switch self {
        case .pending: tr("Waiting to transcribe")
        case .transcribing(let progress):
            // Translators: {percent} is a whole number from 0 to 100.
            tr("Transcribing… {percent}%").filling([
                "percent": String(Int((min(max(progress, 0), 1) * 100).rounded(.down)))
            ])
        case .done: tr("Transcribed")
        case .none: tr("No speech")
        case .unavailable: tr("Transcripts are not installed")
        case .failed: tr("Could not transcribe")
        }
    }
}
