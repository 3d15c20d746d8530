import VoiceRecorder

/// The live microphone access: the same audio source the recorder's session records from, so the model and the
/// control agree on what access is.
public final class SourceMicrophoneAccess: MicrophoneAccess, Sendable {
    private let source: AudioSource

    public init(_ source: AudioSource) { self.source = source }

    public func status() -> AccessStatus { source.accessStatus() }
    public func request(_ completion: @escaping @Sendable (Bool) -> Void) { source.requestAccess(completion) }
}
