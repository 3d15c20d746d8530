import Foundation
import VoiceMemos

/// Background work for tests: by default each job runs and delivers at once, inside the call (so a test reads the
/// model's state right after sending an action, as if the disk were instant). `hold()` keeps the jobs waiting, in
/// order, until `release()` runs them — a slow disk, on demand.
/// `@unchecked Sendable`: `isHolding`, `isReleasing` and `waiting` are read and written under `lock`
public final class TestBackgroundWork: BackgroundWork, @unchecked Sendable {
    private let lock = NSLock()
    private var isHolding = false
    private var isReleasing = false
    private var waiting: [() -> Void] = []

    public init() {}

    /// Jobs handed over from now on wait for `release()`.
    public func hold() { lock.withLock { isHolding = true } }

    /// How many jobs are waiting.
    public var waitingCount: Int { lock.withLock { waiting.count } }

    /// Runs the waiting jobs in order, delivering each result, and stops holding. Jobs handed over meanwhile (by
    /// what a delivery led to) run after them, in order.
    public func release() {
        lock.withLock {
            isHolding = false
            isReleasing = true
        }
        while let job = nextWaiting() { job() }
    }

    private func nextWaiting() -> (() -> Void)? {
        lock.withLock {
            guard !waiting.isEmpty else {
                isReleasing = false
                return nil
            }
            return waiting.removeFirst()
        }
    }

    /// Jobs run inside the calls (or wait for `release()`): none is ever running when this is called.
    public func waitUntilDone() {}

    public func run<Result: Sendable>(
        _ job: @escaping @Sendable () -> Result, then deliver: @escaping @Sendable (Result) -> Void
    ) {
        let work = { deliver(job()) }
        let runsNow = lock.withLock { () -> Bool in
            let waits = isHolding || isReleasing
            if waits { waiting.append(work) }
            return !waits
        }
        if runsNow { work() }
    }
}
