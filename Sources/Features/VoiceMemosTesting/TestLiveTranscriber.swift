import Synchronization
import VoiceMemos

/// A live transcriber that says what the test tells it to (`say`), for the live transcript it started last.
public final class TestLiveTranscriber: LiveTranscriber, Sendable {
    private let log: TestCallLog
    private let transcriptions = Mutex<[TestLiveTranscription]>([])

    init(log: TestCallLog) { self.log = log }

    public func start(report: @escaping @Sendable (LiveTranscriptUpdate) -> Void) -> LiveTranscription {
        log.record(.liveTranscriptStart)
        return transcriptions.withLock { all in
            let transcription = TestLiveTranscription(number: all.count + 1, report: report, log: log)
            all.append(transcription)
            return transcription
        }
    }

    /// Reports `update` from live transcript number `number` (from 1; the last one started by default), as the
    /// engine would from its thread; nothing when it was cancelled.
    public func say(_ update: LiveTranscriptUpdate, from number: Int? = nil) {
        let transcription = transcriptions.withLock { all in number.map { all[$0 - 1] } ?? all.last }
        transcription?.say(update)
    }
}

/// One live transcript of the double: cancelled, it reports nothing more.
final class TestLiveTranscription: LiveTranscription, Sendable {
    let number: Int
    private let report: @Sendable (LiveTranscriptUpdate) -> Void
    private let log: TestCallLog
    private let isCancelled = Mutex(false)

    init(number: Int, report: @escaping @Sendable (LiveTranscriptUpdate) -> Void, log: TestCallLog) {
        self.number = number
        self.report = report
        self.log = log
    }

    func say(_ update: LiveTranscriptUpdate) {
        if !isCancelled.withLock({ $0 }) { report(update) }
    }

    func finish() {}

    func cancel() {
        let first = isCancelled.withLock { cancelled in
            defer { cancelled = true }
            return !cancelled
        }
        if first { log.record(.liveTranscriptCancel(number)) }
    }
}
