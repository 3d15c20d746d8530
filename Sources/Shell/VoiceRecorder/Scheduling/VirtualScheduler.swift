import Foundation
import Synchronization

/// A scheduler on virtual time: nothing runs until `advance(to:)` moves the clock, and then every due action runs
/// in time order (ties in the order they were scheduled) on the caller's thread.
///
/// Scripted sessions (`voicerec simulate`) and tests run on it, so a minute of recording takes milliseconds and the
/// outcome is the same on every machine.
/// `@unchecked Sendable`: its entries and clock live in a `Mutex`; `owner` is a `let`
public final class VirtualScheduler: SessionScheduler, @unchecked Sendable {
    /// `@unchecked Sendable`: `action` is run and cleared on the owner thread only; the rest are `let`s
    private final class Entry: ScheduledAction, @unchecked Sendable {
        let time: Double
        let order: Int
        var action: (@Sendable () -> Void)?
        init(time: Double, order: Int, action: @escaping @Sendable () -> Void) {
            self.time = time
            self.order = order
            self.action = action
        }
        func cancel() { action = nil }
    }

    /// The pending actions, the order counter and the clock: shared with threads that post.
    private struct State {
        var entries: [Entry] = []
        var counter = 0
        var current: Double
    }
    private let state: Mutex<State>
    /// The thread that made the scheduler: the one that advances it and drives the session.
    private let owner = Thread.current

    /// A virtual clock that starts at `start` seconds, driven from the calling thread.
    public init(start: Double = 0) { state = Mutex(State(current: start)) }

    /// Whether the caller is the thread that made the scheduler (virtual time has no thread of its own: its
    /// actions run on whoever advances it, which must be that thread).
    public var isOnSessionThread: Bool { Thread.current == owner }

    public var now: Double { state.withLock { $0.current } }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        state.withLock { state in
            state.counter += 1
            let entry = Entry(time: state.current + max(0, delay), order: state.counter, action: action)
            state.entries.append(entry)
            return entry
        }
    }

    public func post(_ action: @escaping @Sendable () -> Void) { schedule(after: 0, action) }

    /// At once, in order: on a virtual clock nothing waits for real time, and a scripted session's lines stay exactly
    /// where they were.
    public func runOffThread<Result: Sendable>(
        _ work: @escaping @Sendable () -> Result, then completion: @escaping @Sendable (Result) -> Void
    ) {
        completion(work())
    }

    /// The time of the earliest pending action, if any.
    public var nextDueTime: Double? {
        state.withLock { $0.entries.filter { $0.action != nil }.map(\.time).min() }
    }

    /// Runs every action due up to `time`, in order, moving the clock to each one's time, then to `time`.
    /// Actions scheduled while advancing run too if they fall due by `time`.
    public func advance(to time: Double) {
        while let entry = takeNext(dueBy: time) {
            entry.action?()
        }
        state.withLock { $0.current = max($0.current, time) }
    }

    /// Runs what is due now without moving the clock.
    public func runDue() { advance(to: now) }

    /// The index of the entry due first (ties: the one scheduled first).
    private static func earliest(in entries: [Entry]) -> Int? {
        entries.indices.min { (entries[$0].time, entries[$0].order) < (entries[$1].time, entries[$1].order) }
    }

    private func takeNext(dueBy time: Double) -> Entry? {
        state.withLock { state in
            state.entries.removeAll { $0.action == nil }
            guard let index = Self.earliest(in: state.entries), state.entries[index].time <= time + 1e-12 else {
                return nil
            }
            let entry = state.entries.remove(at: index)
            state.current = max(state.current, entry.time)
            return entry
        }
    }
}
