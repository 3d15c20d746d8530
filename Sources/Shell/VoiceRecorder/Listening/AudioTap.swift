import Synchronization
import VoiceRecorderCore

/// A second ear on the takes a source records: whoever listens hears every buffer the take gets, as it gets it,
/// on the capture's thread (the live transcript of SPEC K listens here). Nobody listening costs one lock per buffer.
///
/// A listener must return at once (hand the buffer on to a queue of its own): the capture's thread is the take's,
/// and the take never waits for a listener.
public final class AudioTap: Sendable {
    private struct Listener {
        let owner: ObjectIdentifier
        let hear: @Sendable ([Float]) -> Void
    }
    private let listener = Mutex<Listener?>(nil)

    public init() {}

    /// Starts handing every buffer to `hear`, for `owner` (replacing any earlier listener).
    public func listen(for owner: AnyObject, _ hear: @escaping @Sendable ([Float]) -> Void) {
        listener.withLock { $0 = Listener(owner: ObjectIdentifier(owner), hear: hear) }
    }

    /// Stops handing buffers to `owner`'s listener, if it is still the one listening (a later one stays).
    public func stopListening(for owner: AnyObject) {
        listener.withLock { if $0?.owner == ObjectIdentifier(owner) { $0 = nil } }
    }

    /// Hands one buffer to the listener, if there is one.
    func hear(_ samples: [Float]) {
        listener.withLock { $0 }?.hear(samples)
    }
}

/// A source whose captures are also heard by `tap`: the take gets each buffer first, then the tap.
public struct TappedAudioSource: AudioSource {
    public let base: any AudioSource
    public let tap: AudioTap

    public init(_ base: any AudioSource, tap: AudioTap) {
        self.base = base
        self.tap = tap
    }

    public func accessStatus() -> AccessStatus { base.accessStatus() }
    public func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void) { base.checkAccess(completion) }
    public func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { base.requestAccess(completion) }
    public func makeCapture() throws -> AudioCapture { TappedCapture(try base.makeCapture(), tap: tap) }
}

/// One take's capture, heard by a tap.
final class TappedCapture: AudioCapture {
    private let base: AudioCapture
    private let tap: AudioTap

    init(_ base: AudioCapture, tap: AudioTap) {
        self.base = base
        self.tap = tap
    }

    func prepare() { base.prepare() }

    func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
        base.start { [tap] event in
            handler(event)
            if case .samples(let samples) = event { tap.hear(samples) }
        }
    }

    func stop() { base.stop() }
}
