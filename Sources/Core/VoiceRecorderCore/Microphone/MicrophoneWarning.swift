/// What a take's microphone is doing wrong, if anything (SPEC F.2). The take records on whatever it says.
public enum MicrophoneWarning: String, Sendable, Equatable, CaseIterable {
    /// Nothing to warn about (or a warning that cleared).
    case none
    /// The source is muted on the sound server: everything it records is silence.
    case muted
    /// The level stayed under −60 dBFS for the first 1.5 s of the take.
    case silent
}
