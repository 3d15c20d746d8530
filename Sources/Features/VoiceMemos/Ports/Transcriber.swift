import Foundation

/// The speech engine behind transcripts (SPEC E): it makes a memo's transcript from its audio file, on the machine,
/// off the caller's thread. The app's engine is a separate process started when there is work and gone when there
/// is none; the test double answers when a test tells it to.
public protocol Transcriber: AnyObject, Sendable {
    /// Starts transcribing the audio file at `url`. `report` is called on any thread, in order: `.progress` any
    /// number of times, then exactly one of `.done`, `.failed` or `.unavailable` — unless the job is cancelled
    /// first, after which nothing more is reported.
    func transcribe(_ url: URL, report: @escaping @Sendable (TranscriptionReport) -> Void) -> TranscriptionJob

    /// Why nothing can be transcribed here, when that is known without starting a job (no engine installed): the
    /// app then says so from the start instead of trying. Nil when a job may work (the default).
    var unavailableReason: String? { get }
}

extension Transcriber {
    public var unavailableReason: String? { nil }
}

/// What a transcription reports.
public enum TranscriptionReport: Sendable, Equatable {
    /// How far it is, 0…1.
    case progress(Double)
    /// The transcript (with no words when nothing recognisable was said).
    case done(Transcript)
    /// This memo could not be transcribed (its file can't be decoded; the engine crashed, hung or answered nonsense
    /// on it): why, in words. The next memo's job runs.
    case failed(String)
    /// Nothing can be transcribed on this machine: no engine installed, or its model damaged. One line saying which
    /// script installs it.
    case unavailable(String)
}

/// One transcription under way.
public protocol TranscriptionJob: AnyObject, Sendable {
    /// Holds the work (a take is being recorded: SPEC E.1, never slowed by a transcript); nothing is lost.
    func pause()
    /// Goes on after `pause()`.
    func resume()
    /// Stops it for good; no report follows once this returns. Idempotent.
    func cancel()
}
