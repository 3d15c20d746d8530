import Dispatch
import Foundation

/// A live scheduler on a Dispatch queue (the main queue for command-line tools) and the system's monotonic clock.
public final class DispatchScheduler: SessionScheduler, Sendable {
    /// `@unchecked Sendable`: immutable after init: a `DispatchWorkItem`, whose `cancel()` is thread-safe
    private final class Item: ScheduledAction, @unchecked Sendable {
        let work: DispatchWorkItem
        init(_ work: DispatchWorkItem) { self.work = work }
        func cancel() { work.cancel() }
    }

    private let queue: DispatchQueue
    /// Marks the queue, so code can tell whether it runs on it.
    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    /// A scheduler whose session thread is `queue`.
    public init(queue: DispatchQueue = .main) {
        self.queue = queue
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(queue))
    }

    /// On the main queue, the main thread (top-level code runs there before the queue is served); on another
    /// queue, a block the queue is running.
    public var isOnSessionThread: Bool {
        if queue === DispatchQueue.main, Thread.isMainThread { return true }
        return DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(queue)
    }

    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let work = DispatchWorkItem(block: action)
        queue.asyncAfter(deadline: .now() + max(0, delay), execute: work)
        return Item(work)
    }

    public func post(_ action: @escaping @Sendable () -> Void) { queue.async(execute: action) }
}
