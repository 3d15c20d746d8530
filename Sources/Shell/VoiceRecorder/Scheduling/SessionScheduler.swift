/// A pending scheduled action that can be called off.
public protocol ScheduledAction: AnyObject, Sendable {
    /// Calls the action off if it has not run yet. Idempotent.
    func cancel()
}

/// The session's thread and clock: everything a `Session` does runs through one scheduler, so its state is only
/// ever touched from one place, and time is whatever the scheduler says (real time live, virtual time in scripts
/// and tests).
public protocol SessionScheduler: AnyObject, Sendable {
    /// Seconds on a monotonic clock.
    var now: Double { get }
    /// Runs `action` on the session's thread at `now + delay` (or as soon after as the thread allows).
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ScheduledAction
    /// Runs `action` on the session's thread soon; callable from any thread (capture threads post through this).
    func post(_ action: @escaping @Sendable () -> Void)
    /// Whether the caller is on the session's thread.
    var isOnSessionThread: Bool { get }
}

extension SessionScheduler {
    /// Stops a debug build when called off the session's thread (release builds check nothing), the way an event
    /// loop asserts that it is in its loop: a session's state is only ever touched from its thread, and this makes
    /// the rule checked instead of described.
    public func assertOnSessionThread(_ file: StaticString = #fileID, line: UInt = #line) {
        assert(isOnSessionThread, "a Session was used off its scheduler's thread", file: file, line: line)
    }
}
