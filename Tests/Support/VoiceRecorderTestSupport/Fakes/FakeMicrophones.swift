import VoiceRecorder

/// The sound server's sources as a test sets them (`MicrophoneSources`): `list(_:)` hands a list to every follower
/// at once, on the caller's thread (a `VirtualScheduler`'s, as the session's); `unmute` is recorded. For unit tests of
/// the session's and the apps' rules; the adapter itself is tested on a real server.
public final class FakeMicrophones: MicrophoneSources, @unchecked Sendable {
    private var handlers: [Int: @Sendable ([Microphone]) -> Void] = [:]
    private var nextID = 0
    /// The list handed out last.
    public private(set) var current: [Microphone] = []
    /// The names `unmute` was called with, in order.
    public private(set) var unmuted: [String] = []

    public init() {}

    public func follow(_ handler: @escaping @Sendable ([Microphone]) -> Void) -> MicrophoneFollowing {
        let id = nextID
        nextID += 1
        handlers[id] = handler
        return Following { [weak self] in self?.handlers[id] = nil }
    }

    public func unmute(_ name: String) { unmuted.append(name) }

    /// Hands `list` to every follower now.
    public func list(_ list: [Microphone]) {
        current = list
        for handler in handlers.values { handler(list) }
    }

    /// How many follows are under way.
    public var followers: Int { handlers.count }

    private final class Following: MicrophoneFollowing, @unchecked Sendable {
        private var onStop: (() -> Void)?
        init(_ onStop: @escaping () -> Void) { self.onStop = onStop }
        func stop() {
            onStop?()
            onStop = nil
        }
    }
}
