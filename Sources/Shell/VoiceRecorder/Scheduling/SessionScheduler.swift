import Dispatch

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
    /// Runs `work` (what may wait on a disk: finishing a take's file) off the session's thread, then `completion`
    /// with its result on the session's thread. Works run one at a time, in the order given.
    func runOffThread<Result: Sendable>(
        _ work: @escaping @Sendable () -> Result, then completion: @escaping @Sendable (Result) -> Void)
}

/// The queue the sessions' disk work runs on: one for all, so takes are finished in the order they ended.
private let offThreadWork = DispatchQueue(label: "voicerecorder.session.disk", qos: .userInitiated)

extension SessionScheduler {
    /// On a queue of its own, then back through `post`: a slow disk never holds up the session's thread.
    public func runOffThread<Result: Sendable>(
        _ work: @escaping @Sendable () -> Result, then completion: @escaping @Sendable (Result) -> Void
    ) {
        offThreadWork.async { [self] in
            let result = work()
            post { completion(result) }
        }
    }

    /// Stops a debug build when called off the session's thread (release builds check nothing), the way an event
    /// loop asserts that it is in its loop: a session's state is only ever touched from its thread, and this makes
    /// the rule checked instead of described.
    public func assertOnSessionThread(_ file: StaticString = #fileID, line: UInt = #line) {
        assert(isOnSessionThread, "a Session was used off its scheduler's thread", file: file, line: line)
    }
}
