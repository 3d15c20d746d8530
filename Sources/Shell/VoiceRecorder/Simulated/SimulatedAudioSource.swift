import Foundation
import VoiceRecorderCore

/// The simulated source (SPEC A.10): speech-like levels rendered as a soft voiced tone, needing no microphone and no
/// permission. Its PCM goes through the same meter and file writer as a microphone's, so it sends real files.
public struct SimulatedAudioSource: AudioSource {
    /// The scheduler that paces the audio: real time live, virtual time in scripts and tests.
    public let scheduler: SessionScheduler
    /// How long a capture takes to deliver its first audio (a slow microphone, for tests and demos).
    public var startDelay: Double
    /// Whether captures fail to start (a broken microphone, for tests and demos).
    public var failsToStart: Bool

    public init(scheduler: SessionScheduler, startDelay: Double = 0, failsToStart: Bool = false) {
        self.scheduler = scheduler
        self.startDelay = max(0, startDelay)
        self.failsToStart = failsToStart
    }

    public func accessStatus() -> AccessStatus { .granted }
    public func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) { completion(true) }
    public func makeCapture() throws -> AudioCapture {
        SimulatedCapture(scheduler: scheduler, startDelay: startDelay, failsToStart: failsToStart)
    }
}

extension AudioSource where Self == SimulatedAudioSource {
    /// The simulated source, paced by `scheduler`.
    public static func simulated(_ scheduler: SessionScheduler) -> SimulatedAudioSource {
        SimulatedAudioSource(scheduler: scheduler)
    }
}

/// One take's simulated audio: the tone rendered in 20 ms buffers as the scheduler's clock moves.
/// `@unchecked Sendable`: every `var` is read and written under `lock`; the rest are `let`s
final class SimulatedCapture: AudioCapture, @unchecked Sendable {
    /// Buffers are this long, like a microphone's small capture fragments.
    static let bufferDuration = 0.02

    private let scheduler: SessionScheduler
    private let startDelay: Double
    private let failsToStart: Bool
    // Recursive: a handler may call `stop()` from inside a delivery, which holds the lock.
    private let lock = NSRecursiveLock()
    private var handler: (@Sendable (CaptureEvent) -> Void)?
    private var pending: ScheduledAction?
    private var tone = SimulatedTone()
    private var startedAt = 0.0

    init(scheduler: SessionScheduler, startDelay: Double, failsToStart: Bool) {
        self.scheduler = scheduler
        self.startDelay = startDelay
        self.failsToStart = failsToStart
    }

    /// Nothing to connect: the simulated voice starts when `start` says.
    func prepare() {}

    func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
        lock.withLock {
            guard self.handler == nil else { return }
            self.handler = handler
            pending = scheduler.schedule(after: startDelay) { [weak self] in self?.begin() }
        }
    }

    func stop() {
        lock.withLock {
            handler = nil
            pending?.cancel()
            pending = nil
        }
    }

    private func begin() {
        lock.withLock {
            guard let handler else { return }
            if failsToStart {
                self.handler = nil
                handler(.failed("The simulated microphone failed to start."))
                return
            }
            startedAt = scheduler.now
            handler(.started)
            scheduleNextBuffer()
        }
    }

    private func scheduleNextBuffer() {
        pending = scheduler.schedule(after: Self.bufferDuration) { [weak self] in self?.deliver() }
    }

    /// Renders every frame due by now, so the audio keeps pace with the clock however late the timer fires.
    private func deliver() {
        lock.withLock {
            guard let handler else { return }
            // The small epsilon keeps a frame that is due exactly now from being lost to floating-point rounding.
            let due = Int(((scheduler.now - startedAt) * Double(AudioFormat.sampleRate) + 1e-6).rounded(.down))
            let frames = due - tone.nextFrame
            if frames > 0 { handler(.samples(tone.render(frames: frames))) }
            if self.handler != nil { scheduleNextBuffer() }
        }
    }
}
