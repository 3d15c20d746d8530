/// A source whose access has been refused, as a person who said no leaves one: it never records. For demos and
/// tests of the access-off paths (`--access denied`): pressing the mic shows the access-off hint and its Settings
/// action, and an app's permission alert.
public struct RefusedAudioSource: AudioSource {
    /// What `makeCapture()` throws.
    public struct Refused: Error, CustomStringConvertible {
        public var description: String { "microphone access is refused" }
    }

    public init() {}

    public func accessStatus() -> AccessStatus { .denied }
    public func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void) { completion(.denied) }
    public func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(false) }
    public func makeCapture() throws -> AudioCapture { throw Refused() }
}
