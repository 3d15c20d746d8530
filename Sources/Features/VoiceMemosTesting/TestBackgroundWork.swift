import Foundation
import Synchronization
import VoiceMemos

/// Background work for tests: by default each job runs and delivers at once, inside the call (so a test reads the
/// model's state right after sending an action, as if the disk were instant). `hold()` keeps the jobs waiting, in
/// order, until `release()` runs them — a slow disk, on demand.
public final class TestBackgroundWork: BackgroundWork, Sendable {
    private struct Queue {
        var isHolding = false
        var isReleasing = false
        var waiting: [@Sendable () -> Void] = []
    }

    private let queue = Mutex(Queue())

    public init() {}

    /// Jobs handed over from now on wait for `release()`.
    public func hold() { queue.withLock { $0.isHolding = true } }

    /// How many jobs are waiting.
    public var waitingCount: Int { queue.withLock { $0.waiting.count } }

    /// Runs the waiting jobs in order, delivering each result, and stops holding. Jobs handed over meanwhile (by
    /// what a delivery led to) run after them, in order.
    public func release() {
        queue.withLock {
            $0.isHolding = false
            $0.isReleasing = true
        }
        while let job = nextWaiting() { job() }
    }

    private func nextWaiting() -> (@Sendable () -> Void)? {
        queue.withLock { queue in
            guard !queue.waiting.isEmpty else {
                queue.isReleasing = false
                return nil
            }
            return queue.waiting.removeFirst()
        }
    }

    /// Jobs run inside the calls (or wait for `release()`): none is ever running when this is called.
    public func waitUntilDone() {}

    public func run<Result: Sendable>(
        _ job: @escaping @Sendable () -> Result, then deliver: @escaping @Sendable (Result) -> Void
    ) {
        let work: @Sendable () -> Void = { deliver(job()) }
        let runsNow = queue.withLock { queue -> Bool in
            let waits = queue.isHolding || queue.isReleasing
            if waits { queue.waiting.append(work) }
            return !waits
        }
        if runsNow { work() }
    }
}
