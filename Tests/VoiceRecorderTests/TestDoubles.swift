import Foundation
import VoiceRecorder
import VoiceRecorderCore

/// A take writer that keeps count in memory of how it was used, for checking the session's bookkeeping.
final class CountingWriter: TakeWriter, @unchecked Sendable {
    let url: URL
    private let lock = NSLock()
    private(set) var frames = 0
    private(set) var finishCount = 0
    private(set) var discardCount = 0
    var failAppendAfterFrames: Int?

    init(url: URL) { self.url = url }

    func append(_ samples: [Float]) throws {
        try lock.withLock {
            if let limit = failAppendAfterFrames, frames + samples.count > limit {
                throw CocoaError(.fileWriteOutOfSpace)
            }
            frames += samples.count
        }
    }
    func finish() throws -> Int { lock.withLock { finishCount += 1; return frames } }
    func discard() { lock.withLock { discardCount += 1 } }
}

/// Makes `CountingWriter`s and remembers them all.
final class CountingWriterFactory: TakeWriterFactory, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var writers: [CountingWriter] = []
    var failAppendAfterFrames: Int?

    func makeWriter() throws -> TakeWriter {
        lock.withLock {
            let writer = CountingWriter(url: takeFileURL(in: URL(fileURLWithPath: "/test")))
            writer.failAppendAfterFrames = failAppendAfterFrames
            writers.append(writer)
            return writer
        }
    }
}

/// A cheap capture for long random runs: starts after a delay (or fails), then delivers a short constant buffer
/// every 0.1 s; it can be told to report an interruption. Tracks how many captures are running.
final class CheapAudioSource: AudioSource, @unchecked Sendable {
    let scheduler: SessionScheduler
    var startDelay = 0.0
    var failsToStart = false
    var access = AccessStatus.granted
    private(set) var running = 0
    private(set) var maxRunning = 0
    private(set) var captures: [CheapCapture] = []

    init(scheduler: SessionScheduler) { self.scheduler = scheduler }

    func accessStatus() -> AccessStatus { access }
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void) {
        scheduler.schedule(after: 0.2) { completion(true) }
    }
    func makeCapture() throws -> AudioCapture {
        let capture = CheapCapture(source: self)
        captures.append(capture)
        return capture
    }

    fileprivate func changeRunning(by delta: Int) {
        running += delta
        maxRunning = max(maxRunning, running)
    }

    final class CheapCapture: AudioCapture, @unchecked Sendable {
        private unowned let source: CheapAudioSource
        private var handler: (@Sendable (CaptureEvent) -> Void)?
        private var pending: ScheduledAction?

        init(source: CheapAudioSource) { self.source = source }

        var isRunning: Bool { handler != nil }

        func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
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
                handler(.samples([Float](repeating: 0.25, count: 120)))
                self.pump()
            }
        }

        /// Reports an interruption, as a sound server would.
        func interrupt(_ interruption: Interruption) {
            guard let handler else { return }
            handler(.interrupted(interruption))
        }

        func stop() {
            guard handler != nil else { return }
            handler = nil
            pending?.cancel()
            source.changeRunning(by: -1)
        }
    }
}
