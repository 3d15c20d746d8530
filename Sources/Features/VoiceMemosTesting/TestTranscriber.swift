import Foundation
import VoiceMemos

/// A transcriber that transcribes nothing: it records each job and what was done to it, and reports what the test
/// tells each job to (`jobs[n].report(...)`).
/// `@unchecked Sendable`: `started` and `reason` are read and written under `lock`; `log` is a Sendable `let`
public final class TestTranscriber: Transcriber, @unchecked Sendable {
    /// Every job started, in order.
    public var jobs: [TestTranscriptionJob] { lock.withLock { started } }
    /// The most recent job.
    public var last: TestTranscriptionJob? { jobs.last }
    /// What `unavailableReason` answers (nil: jobs may work).
    public var unavailable: String? {
        get { lock.withLock { reason } }
        set { lock.withLock { reason = newValue } }
    }
    public var unavailableReason: String? { unavailable }

    private let log: TestCallLog
    private let lock = NSLock()
    private var started: [TestTranscriptionJob] = []
    private var reason: String?

    public init(log: TestCallLog = TestCallLog()) { self.log = log }

    public func transcribe(_ url: URL, report: @escaping @Sendable (TranscriptionReport) -> Void) -> TranscriptionJob {
        log.record(.transcribe(url))
        return lock.withLock {
            let job = TestTranscriptionJob(number: started.count + 1, url: url, report: report, log: log)
            started.append(job)
            return job
        }
    }
}

/// One job of the test transcriber: it reports when the test says, unless it was cancelled.
/// `@unchecked Sendable`: `cancelledNow` and `pausedNow` are under `lock`; the rest are `let`s
public final class TestTranscriptionJob: TranscriptionJob, @unchecked Sendable {
    /// Which job (from 1).
    public let number: Int
    /// The file it was given.
    public let url: URL
    private let reportHandler: @Sendable (TranscriptionReport) -> Void
    private let log: TestCallLog
    private let lock = NSLock()
    private var cancelledNow = false
    private var pausedNow = false

    init(number: Int, url: URL, report: @escaping @Sendable (TranscriptionReport) -> Void, log: TestCallLog) {
        self.number = number
        self.url = url
        self.reportHandler = report
        self.log = log
    }

    /// Whether it was cancelled.
    public var isCancelled: Bool { lock.withLock { cancelledNow } }
    /// Whether it is paused now.
    public var isPaused: Bool { lock.withLock { pausedNow } }

    /// Reports `report` as the engine would (nothing once cancelled).
    public func report(_ report: TranscriptionReport) {
        guard !isCancelled else { return }
        reportHandler(report)
    }

    public func pause() {
        log.record(.pauseTranscription(job: number))
        lock.withLock { pausedNow = true }
    }

    public func resume() {
        log.record(.resumeTranscription(job: number))
        lock.withLock { pausedNow = false }
    }

    public func cancel() {
        log.record(.cancelTranscription(job: number))
        lock.withLock { cancelledNow = true }
    }
}
