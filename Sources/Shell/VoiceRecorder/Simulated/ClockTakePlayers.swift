import Foundation

/// A silent player of paused takes that keeps time on a scheduler's clock (SPEC D.3): it reports its position about
/// 30 times a second and reaches the end when the clock says so. What a session listens with when it was given no
/// player (the simulator, tests, machines without a sound server).
///
/// Not locked: it lives on its scheduler's thread, as the session does.
public final class ClockTakePlayers: TakePlayers, Sendable {
    /// Seconds between position reports.
    public static let positionInterval = 1.0 / 30

    let scheduler: SessionScheduler

    public init(scheduler: SessionScheduler) { self.scheduler = scheduler }

    public func makePlayback(of url: URL, from: Double, until: Double) throws -> TakePlayback {
        ClockTakePlayback(scheduler: scheduler, from: from, until: until)
    }
}

/// One silent playback from `from` to `until` on the clock.
/// `@unchecked Sendable`: used on its scheduler's thread only, like the session that drives it
final class ClockTakePlayback: TakePlayback, @unchecked Sendable {
    private let scheduler: SessionScheduler
    private let from: Double
    private let until: Double
    private var startedAt = 0.0
    private var handler: (@Sendable (TakePlaybackEvent) -> Void)?
    private var pending: ScheduledAction?

    init(scheduler: SessionScheduler, from: Double, until: Double) {
        self.scheduler = scheduler
        self.from = from
        self.until = max(from, until)
    }

    func start(handler: @escaping @Sendable (TakePlaybackEvent) -> Void) {
        self.handler = handler
        startedAt = scheduler.now
        report()
    }

    private func report() {
        guard let handler else { return }
        let position = from + (scheduler.now - startedAt)
        if position >= until - 1e-9 {
            stop()
            return handler(.reachedEnd)
        }
        handler(.position(position))
        let next = min(ClockTakePlayers.positionInterval, until - position)
        pending = scheduler.schedule(after: next) { [weak self] in self?.report() }
    }

    func stop() {
        handler = nil
        pending?.cancel()
        pending = nil
    }
}
