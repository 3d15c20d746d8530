import Synchronization
import VoiceRecorder

/// The source of a `voicerec record --duration S` take: its captures hand on exactly `frames` frames — the buffer
/// that crosses the end is cut inside, as the session cuts a take at its maximum — then report `onComplete` (on the
/// capture's thread) so the take can be sent. Later buffers are dropped, so the file holds exactly S × 24,000
/// frames whenever the send happens.
///
/// Why not the session's maximum: a maximum is at least 1 s and ends a take with the maximum's success feedback,
/// while `--duration` is any length the person asked for, below the minimum too (SPEC A.4 would drop such a take as
/// too short if it ended as a held take does; here it is sent).
struct ExactDurationSource: AudioSource {
    let base: any AudioSource
    let frames: Int
    let onComplete: @Sendable () -> Void

    /// `seconds` of `base`'s audio, to the frame.
    init(_ base: any AudioSource, seconds: Double, onComplete: @escaping @Sendable () -> Void) {
        self.base = base
        frames = Int((seconds * Double(AudioFormat.sampleRate)).rounded())
        self.onComplete = onComplete
    }

    func accessStatus() -> AccessStatus { base.accessStatus() }
    func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void) { base.checkAccess(completion) }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { base.requestAccess(completion) }
    func makeCapture() throws -> AudioCapture {
        ExactDurationCapture(try base.makeCapture(), frames: frames, onComplete: onComplete)
    }
}

/// One take's capture, cut after `frames` frames.
final class ExactDurationCapture: AudioCapture {
    private let base: AudioCapture
    private let frames: Int
    private let onComplete: @Sendable () -> Void
    /// Frames handed on so far.
    private let delivered = Mutex(0)

    init(_ base: AudioCapture, frames: Int, onComplete: @escaping @Sendable () -> Void) {
        self.base = base
        self.frames = frames
        self.onComplete = onComplete
    }

    /// The base's stream is requested now, while the take's file and its encoder are set up (the fast start).
    func prepare() { base.prepare() }

    func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
        base.start { [self] event in
            guard case .samples(let samples) = event else { return handler(event) }
            let (accepted, isComplete) = delivered.withLock { count -> ([Float], Bool) in
                let room = frames - count
                guard room > 0 else { return ([], false) }
                let accepted = samples.count <= room ? samples : Array(samples.prefix(room))
                count += accepted.count
                return (accepted, count == frames)
            }
            if !accepted.isEmpty { handler(.samples(accepted)) }
            if isComplete { onComplete() }
        }
    }

    func stop() { base.stop() }
}
