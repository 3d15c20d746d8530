import Foundation
import Synchronization
import VoiceMemos
import VoiceRecorder

/// A player that plays nothing: it records each play and what was done to it, and reports what the test says.
/// With `pacing`, it also reports like a real player on the scheduler's clock — a position every `interval` in
/// memo time (faster at a faster rate), then the end. What it holds is one `Stored` behind a `Mutex`.
public final class TestPlayer: MemoPlayer, Sendable {
    /// How a paced player reports.
    public struct Pacing: Sendable {
        /// The clock it is paced by.
        public var scheduler: SessionScheduler
        /// Seconds between position reports (a real player: 0.05).
        public var interval: Double
        /// How long each file is.
        public var durations: [URL: Double]

        public init(scheduler: SessionScheduler, interval: Double = 0.05, durations: [URL: Double]) {
            self.scheduler = scheduler
            self.interval = interval
            self.durations = durations
        }
    }

    /// Every play started, in order.
    public var playbacks: [TestPlayback] { stored.withLock { $0.started } }
    /// The most recent play.
    public var last: TestPlayback? { playbacks.last }
    /// Plays throw this text, when set (a file that can't be opened).
    public var failure: String? {
        get { stored.withLock { $0.failure } }
        set { stored.withLock { $0.failure = newValue } }
    }
    /// Report like a real player, when set.
    public var pacing: Pacing? {
        get { stored.withLock { $0.pacing } }
        set { stored.withLock { $0.pacing = newValue } }
    }

    private let log: TestCallLog
    /// What the player holds, changed only under its lock.
    private struct Stored {
        var started: [TestPlayback] = []
        var silences: [URL: SilenceSkips?] = [:]
        var failure: String?
        var pacing: Pacing?
    }
    private let stored = Mutex(Stored())

    public init(log: TestCallLog = TestCallLog()) { self.log = log }

    public func play(
        _ url: URL, from position: Double, rate: Double, enhanced: Bool,
        reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        log.record(.play(url, from: position, rate: rate, enhanced: enhanced))
        return try start(url, from: position, rate: rate, reports: reports)
    }

    public func play(
        _ url: URL, keeping kept: [Range<Int>], from position: Double, rate: Double, enhanced: Bool,
        reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        log.record(.playKept(url, kept: kept, from: position, rate: rate, enhanced: enhanced))
        return try start(url, from: position, rate: rate, reports: reports)
    }

    /// The pauses `silenceSkips(of:)` finds, by file (none when not set; it throws for a file set to nil).
    public var silences: [URL: SilenceSkips?] {
        get { stored.withLock { $0.silences } }
        set { stored.withLock { $0.silences = newValue } }
    }

    public func silenceSkips(of url: URL) throws -> SilenceSkips {
        log.record(.findSilences(url))
        guard let found = silences[url] else { return .none }
        guard let found else { throw TestFailure("can't be decoded") }
        return found
    }

    private func start(
        _ url: URL, from position: Double, rate: Double, reports: @escaping @Sendable (PlaybackReport) -> Void
    ) throws -> any MemoPlayback {
        let playback = try stored.withLock { stored in
            if let failure = stored.failure { throw TestFailure(failure) }
            let playback = TestPlayback(
                number: stored.started.count + 1, url: url, from: position, rate: rate,
                reports: reports, log: log, pacing: stored.pacing)
            stored.started.append(playback)
            return playback
        }
        playback.beginPacing()
        return playback
    }
}

/// One play of a `TestPlayer`.
/// `@unchecked Sendable`: every mutable field is read and written under `lock`; the rest are `let`s
public final class TestPlayback: MemoPlayback, @unchecked Sendable {
    /// What `TestPlayback` was told, besides being started.
    public enum Call: Sendable, Equatable {
        case stop
        case seek(Double)
        case setRate(Double)
    }

    /// Its number among the player's plays, from 1.
    public let number: Int
    /// The file played.
    public let url: URL
    /// Where it started.
    public let startPosition: Double
    /// What it was told, in order.
    public var calls: [Call] { lock.withLock { received } }
    /// Whether `stop()` was called.
    public var isStopped: Bool { lock.withLock { stopped } }
    /// The rate it plays at now.
    public var rate: Double { lock.withLock { currentRate } }
    /// The position it reported last, if any.
    public var lastReportedPosition: Double? { lock.withLock { lastPosition } }

    private let reports: @Sendable (PlaybackReport) -> Void
    private let log: TestCallLog
    private let pacing: TestPlayer.Pacing?
    private let lock = NSRecursiveLock()
    private var received: [Call] = []
    private var stopped = false
    private var ended = false
    private var currentRate: Double
    private var positionAtBase: Double
    private var baseTime = 0.0
    private var lastPosition: Double?
    private var gridStart = 0.0
    private var reportsMade = 0
    private var nextReport: ScheduledAction?

    init(
        number: Int, url: URL, from position: Double, rate: Double,
        reports: @escaping @Sendable (PlaybackReport) -> Void, log: TestCallLog, pacing: TestPlayer.Pacing?
    ) {
        self.number = number
        self.url = url
        startPosition = position
        currentRate = rate
        positionAtBase = position
        self.reports = reports
        self.log = log
        self.pacing = pacing
    }

    /// Reports as the player would (from whatever thread calls this); nothing once stopped or ended, as the port
    /// promises.
    public func report(_ report: PlaybackReport) {
        lock.withLock {
            guard !stopped, !ended else { return }
            if case .position(let position) = report {
                lastPosition = position
            } else {
                ended = true
                nextReport?.cancel()
            }
            reports(report)
        }
    }

    public func stop() {
        log.record(.stop(play: number))
        lock.withLock {
            received.append(.stop)
            stopped = true
            nextReport?.cancel()
        }
    }

    public func seek(to position: Double) {
        log.record(.seek(play: number, to: position))
        lock.withLock {
            received.append(.seek(position))
            rebase(at: position)
        }
    }

    public func setRate(_ rate: Double) {
        log.record(.setRate(play: number, rate))
        lock.withLock {
            received.append(.setRate(rate))
            rebase(at: pacedPosition())
            currentRate = rate
        }
    }

    // MARK: - Pacing

    func beginPacing() {
        lock.withLock {
            guard let pacing else { return }
            baseTime = pacing.scheduler.now
            gridStart = baseTime
            scheduleNextReport(pacing)
        }
    }

    private func rebase(at position: Double) {
        positionAtBase = position
        baseTime = pacing?.scheduler.now ?? 0
    }

    private func pacedPosition() -> Double {
        guard let pacing else { return positionAtBase }
        return positionAtBase + currentRate * (pacing.scheduler.now - baseTime)
    }

    /// Reports fall on a grid counted from the start (not one interval after the last), so virtual time does not
    /// drift by a rounding error per report.
    private func scheduleNextReport(_ pacing: TestPlayer.Pacing) {
        reportsMade += 1
        let due = gridStart + Double(reportsMade) * pacing.interval
        nextReport = pacing.scheduler.schedule(after: due - pacing.scheduler.now) { [weak self] in
            self?.paceOnce(pacing)
        }
    }

    private func paceOnce(_ pacing: TestPlayer.Pacing) {
        lock.withLock {
            guard !stopped, !ended else { return }
            let duration = pacing.durations[url] ?? .infinity
            let position = pacedPosition()
            if position >= duration {
                report(.position(duration))
                report(.finished)
            } else {
                report(.position(position))
                scheduleNextReport(pacing)
            }
        }
    }
}
