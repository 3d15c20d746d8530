import VoiceRecorder

/// Whether the app may record, and asking the person (SPEC B.2, A.7).
public protocol MicrophoneAccess: AnyObject, Sendable {
    /// What is known now, without asking anyone. Must not block: the model reads it before each take.
    func status() -> AccessStatus
    /// Asks the person. Calls `completion` once, on any thread, with the answer.
    func request(_ completion: @escaping @Sendable (Bool) -> Void)
}
