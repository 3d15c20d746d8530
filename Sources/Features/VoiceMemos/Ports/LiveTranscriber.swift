/// Hears the take being recorded and tells its words as they are said (SPEC K). The app's is the speech engine's
/// live mode, a child process fed from an `AudioTap` on the session's source; tests use a double.
public protocol LiveTranscriber: AnyObject, Sendable {
    /// Starts hearing the take that has just started. `report` is called on any thread, in order, until `.ended`
    /// or `.unavailable`, or until the transcription is cancelled (after which nothing more comes).
    func start(report: @escaping @Sendable (LiveTranscriptUpdate) -> Void) -> LiveTranscription
}

/// One take's live transcript under way.
public protocol LiveTranscription: AnyObject, Sendable {
    /// The take ended and was kept: settle every word heard, report them, then `.ended`.
    func finish()
    /// The take is gone, or its transcript is no longer wanted: stop at once; nothing more is reported once this
    /// returns. Idempotent, and safe after `finish()`.
    func cancel()
}
