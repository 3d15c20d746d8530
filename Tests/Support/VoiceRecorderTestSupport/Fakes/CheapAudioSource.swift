import VoiceRecorder
import VoiceRecorderCore

/// A cheap capture for long random runs on virtual time: starts after a delay (or fails), then delivers a short
/// constant buffer every 0.1 s; it can be told to report an interruption. Tracks how many captures are running.
///
/// Not locked: it lives on the thread of its scheduler (a `VirtualScheduler`), as the session does.
public final class CheapAudioSource: AudioSource, @unchecked Sendable {
    public let scheduler: SessionScheduler
    /// How long a capture takes to start, in the scheduler's seconds.
    public var startDelay = 0.0
    /// Whether captures fail to start.
    public var failsToStart = false
    /// Frames in each 0.1 s buffer: few by default (cheap); 2,400 delivers real time, for takes whose file length
    /// matters (a paused take's length is its file's).
    public var framesPerBuffer = 120
    /// The level of every sample delivered (0: digital silence, as a muted or unplugged microphone gives).
    public var amplitude: Float = 0.25
    /// What `accessStatus()` answers.
    public var access = AccessStatus.granted
    /// How many captures are running now, and the most that ever ran at once.
    public private(set) var running = 0
    public private(set) var maxRunning = 0
    /// Every capture made, oldest first.
    public private(set) var captures: [CheapCapture] = []

    public init(scheduler: SessionScheduler) { self.scheduler = scheduler }

    public func accessStatus() -> AccessStatus { access }
    public func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) {
        scheduler.schedule(after: 0.2) { completion(true) }
    }
    public func makeCapture() throws -> AudioCapture {
        let capture = CheapCapture(source: self)
        captures.append(capture)
        return capture
    }

    fileprivate func changeRunning(by delta: Int) {
        running += delta
        maxRunning = max(maxRunning, running)
    }

    /// One capture of a `CheapAudioSource`.
    public final class CheapCapture: AudioCapture, @unchecked Sendable {
        private unowned let source: CheapAudioSource
        private var handler: (@Sendable (CaptureEvent) -> Void)?
        private var pending: ScheduledAction?

        init(source: CheapAudioSource) { self.source = source }

        public var isRunning: Bool { handler != nil }
        /// Whether `prepare()` was called, whether `start` was, and whether `stop()` was.
        public private(set) var wasPrepared = false
        public private(set) var wasStarted = false
        public private(set) var wasStopped = false
        /// Prepared, and neither started nor stopped: open and waiting for a hold.
        public var isWaitingPrepared: Bool { wasPrepared && !wasStarted && !wasStopped }

        public func prepare() { wasPrepared = true }

        public func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
            wasStarted = true
            self.handler = handler
            source.changeRunning(by: 1)
            pending = source.scheduler.schedule(after: source.startDelay) { [weak self] in
                guard let self, let handler = self.handler else { return }
                if self.source.failsToStart {
                    self.stop()
                    handler(.failed("failed to start"))
                } else {
                    handler(.started)
                    self.pump()
                }
            }
        }

        private func pump() {
            pending = source.scheduler.schedule(after: 0.1) { [weak self] in
                guard let self, let handler = self.handler else { return }
                handler(.samples([Float](repeating: self.source.amplitude, count: self.source.framesPerBuffer)))
                self.pump()
            }
        }

        /// Reports an interruption, as a sound server would.
        public func interrupt(_ interruption: Interruption) {
            guard let handler else { return }
            handler(.interrupted(interruption))
        }

        public func stop() {
            wasStopped = true
            guard handler != nil else { return }
            handler = nil
            pending?.cancel()
            source.changeRunning(by: -1)
        }
    }
}
