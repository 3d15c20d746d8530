import Foundation
import Synchronization
import VoiceMemos

/// A transcriber that transcribes nothing: it records each job and what was done to it, and reports what the test
/// tells each job to (`jobs[n].report(...)`).
public final class TestTranscriber: Transcriber, Sendable {
    /// Every job started, in order.
    public var jobs: [TestTranscriptionJob] { started.withLock { $0 } }
    /// The most recent job.
    public var last: TestTranscriptionJob? { jobs.last }
    /// What `unavailableReason` answers (nil: jobs may work).
    public var unavailable: String? {
        get { reason.withLock { $0 } }
        set { reason.withLock { $0 = newValue } }
    }
    public var unavailableReason: String? { unavailable }

    private let log: TestCallLog
    private let started = Mutex<[TestTranscriptionJob]>([])
    private let reason = Mutex<String?>(nil)

    public init(log: TestCallLog = TestCallLog()) { self.log = log }

    public func transcribe(_ url: URL, report: @escaping @Sendable (TranscriptionReport) -> Void) -> TranscriptionJob {
        log.record(.transcribe(url))
        return started.withLock { started in
            let job = TestTranscriptionJob(number: started.count + 1, url: url, report: report, log: log)
            started.append(job)
            return job
        }
    }
}

/// One job of the test transcriber: it reports when the test says, unless it was cancelled.
public final class TestTranscriptionJob: TranscriptionJob, Sendable {
    /// Which job (from 1).
    public let number: Int
    /// The file it was given.
    public let url: URL
    private let reportHandler: @Sendable (TranscriptionReport) -> Void
    private let log: TestCallLog
    private let cancelledNow = Mutex(false)
    private let pausedNow = Mutex(false)

    init(number: Int, url: URL, report: @escaping @Sendable (TranscriptionReport) -> Void, log: TestCallLog) {
        self.number = number
        self.url = url
        self.reportHandler = report
        self.log = log
    }

    /// Whether it was cancelled.
    public var isCancelled: Bool { cancelledNow.withLock { $0 } }
    /// Whether it is paused now.
    public var isPaused: Bool { pausedNow.withLock { $0 } }

    /// Reports `report` as the engine would (nothing once cancelled).
    public func report(_ report: TranscriptionReport) {
        guard !isCancelled else { return }
        reportHandler(report)
    }

    public func pause() {
        log.record(.pauseTranscription(job: number))
        pausedNow.withLock { $0 = true }
    }

    public func resume() {
        log.record(.resumeTranscription(job: number))
        pausedNow.withLock { $0 = false }
    }

    public func cancel() {
        log.record(.cancelTranscription(job: number))
        cancelledNow.withLock { $0 = true }
    }
}
