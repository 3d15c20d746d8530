import Foundation
import VoiceMemos
import VoiceRecorder

/// A recorder the test plays the part of: it records `start`/`send`/`cancel`, and the test says what the session
/// would report, step by step, with `report(_:)`.
/// `@unchecked Sendable`: a test double, used on the test's (the scheduler's) thread only
public final class TestRecorder: MemoRecorder, @unchecked Sendable {
    /// What `elapsed` answers.
    public var elapsed: Double = 0
    private let log: TestCallLog
    private var handler: (@Sendable (RecorderReport) -> Void)?

    public init(log: TestCallLog = TestCallLog()) { self.log = log }

    /// Reports as the session would: synchronously, on the calling (scheduler) thread.
    public func report(_ report: RecorderReport) { handler?(report) }

    public func setReportHandler(_ handler: @escaping @Sendable (RecorderReport) -> Void) { self.handler = handler }
    public func start() { log.record(.recorderStart) }
    public func send() { log.record(.recorderSend) }
    public func cancel() { log.record(.recorderCancel) }
}

/// Access the test decides: `status` is what is known; a request is answered by `answer(_:)`, or at once with
/// `answersAtOnce`.
/// `@unchecked Sendable`: a test double, used on the test's (the scheduler's) thread only
public final class TestAccess: MicrophoneAccess, @unchecked Sendable {
    /// What `status()` answers.
    public var current: AccessStatus
    /// Answers every request at once with this, when set.
    public var answersAtOnce: Bool?
    private let log: TestCallLog
    private var waiting: [@Sendable (Bool) -> Void] = []

    public init(_ status: AccessStatus = .granted, log: TestCallLog = TestCallLog()) {
        current = status
        self.log = log
    }

    public func status() -> AccessStatus { current }

    public func request(_ completion: @escaping @Sendable (Bool) -> Void) {
        log.record(.accessRequested)
        if let answersAtOnce { completion(answersAtOnce) } else { waiting.append(completion) }
    }

    /// The person answers the open question(s); access becomes granted or denied.
    public func answer(_ granted: Bool) {
        current = granted ? .granted : .denied
        let answered = waiting
        waiting = []
        for completion in answered { completion(granted) }
    }
}

/// Settings in memory.
/// `@unchecked Sendable`: a test double, used on the test's (the scheduler's) thread only
public final class TestSettings: MemoSettings, @unchecked Sendable {
    /// The remembered speed.
    public var speed: PlaybackSpeed
    /// Saving throws this text, when set.
    public var failure: String?
    private let log: TestCallLog

    public init(speed: PlaybackSpeed = .normal, log: TestCallLog = TestCallLog()) {
        self.speed = speed
        self.log = log
    }

    public func playbackSpeed() -> PlaybackSpeed { speed }

    public func savePlaybackSpeed(_ speed: PlaybackSpeed) throws {
        log.record(.saveSpeed(speed))
        if let failure { throw TestFailure(failure) }
        self.speed = speed
    }

    /// Whether skip silence is remembered as on.
    public var skips = false

    public func skipsSilence() -> Bool { skips }

    public func saveSkipsSilence(_ skips: Bool) throws {
        log.record(.saveSkipsSilence(skips))
        if let failure { throw TestFailure(failure) }
        self.skips = skips
    }
}
