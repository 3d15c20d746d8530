import CPulseAudio
import Glibc
import Synchronization
import VoiceRecorderPOSIX

/// A main loop for libpulse on a thread of its own: the thread on which every PulseAudio callback of a connection
/// runs. It does what `pa_threaded_mainloop` does, over event sources of ours (`PulseEventSources`, which cost no
/// system call per message), and one thing that one cannot: it can be *paced* (`pacing`).
///
/// Lock discipline (libpulse's rule for a loop other threads call into, enforced here):
/// - Every call into a context or stream made from outside the loop thread happens inside `withLock`, which holds
///   the loop's (recursive) mutex so the loop thread is not touching the same objects at the same time. The loop
///   thread holds it too, except while it waits for the server.
/// - Callbacks already run on the loop thread with the lock held, so `withLock` called from there runs the body
///   directly.
/// - `wait()` may only be called with the lock held (once) from outside the loop thread; callbacks wake it with
///   `signal()`.
/// - `stop()` must be called without the lock and from outside the loop thread; once it returns no callback runs any
///   more, so the objects on this loop may be torn down without locking.
///
/// Pacing: a sound server sends a recording stream every block its source posts, at once, however small (a null
/// sink mixing two players posts a few hundred a second). Waking for each costs far more than reading it. With
/// `pacing` set, the loop first handles everything already waiting, then lets at least that long pass between two
/// waits for the server: what arrives meanwhile queues in the socket and is read in one go. A call from another
/// thread (`withLock`, `stop()`) ends the pause at once, and timers fire on time.
/// `@unchecked Sendable`: `thread` is a `Mutex`; `isPolling`, `pacing` under `mutex`; `lastWake` loop-only
final class ThreadedMainLoop: @unchecked Sendable {
    private let sources = PulseEventSources()
    private let mutex = POSIX.RecursiveMutex()
    /// What `wait()` waits on: news from a callback.
    private let news: POSIX.RecursiveMutex.Condition
    /// What a paced loop pauses on: a call from another thread.
    private let caller: POSIX.RecursiveMutex.Condition
    /// What wakes the loop out of its poll when another thread has called in (a pipe).
    private let doorbell: POSIX.Doorbell
    /// The loop's thread, from `start()` until `stop()` has waited for it.
    private let thread = Mutex<POSIX.JoinableThread?>(nil)
    /// Whether the loop waits in `poll` (and has let go of the lock). Under the lock.
    private var isPolling = false
    /// The least time between two waits for the server, in nanoseconds (0: none). Under the lock.
    private var pacingNanoseconds: UInt64 = 0
    /// When the loop last came back from waiting for the server. Loop thread only.
    private var lastWake: UInt64 = 0

    /// Creates the loop (not yet started).
    init() throws(PulseAudioError) {
        do {
            doorbell = try POSIX.Doorbell()
        } catch {
            throw .internalFailure("pipe")
        }
        news = mutex.makeCondition()
        caller = mutex.makeCondition()
    }

    /// The vtable contexts are created on.
    var api: UnsafeMutablePointer<pa_mainloop_api> { sources.api }

    /// Whether the caller is the loop's own thread (inside a callback).
    var isCurrentThread: Bool { thread.withLock { $0?.isCurrent ?? false } }

    /// The least time between two waits for the server (0: wake for every message). Set on the loop thread or
    /// under the lock.
    var pacing: Duration {
        get { .nanoseconds(pacingNanoseconds) }
        set {
            let (seconds, attoseconds) = newValue.components
            pacingNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        }
    }

    /// Starts the loop's thread.
    func start() throws(PulseAudioError) {
        thread.withLock { thread in
            guard thread == nil else { return }
            thread = POSIX.JoinableThread(name: "pulse-loop") { [self] in run() }
        }
    }

    /// Runs `body` with the loop locked (or directly, when already on the loop thread).
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if isCurrentThread { return try body() }
        mutex.lock()
        defer {
            wakeLoop()
            mutex.unlock()
        }
        return try body()
    }

    /// Blocks until a callback calls `signal()`. Only with the lock held, from outside the loop thread.
    func wait() {
        wakeLoop()
        news.wait()
    }

    /// Wakes the loop out of its poll or its pause: what another thread did under the lock (a request queued, a
    /// stream corked, a timer set) is the loop's to act on. Called by that thread before it lets go of the lock.
    private func wakeLoop() {
        if isPolling { doorbell.ring() }
        caller.broadcast()
    }

    /// Wakes every `wait()`. Called from callbacks.
    func signal() { news.broadcast() }

    /// Stops the loop's thread and waits for it to end. Not from the loop thread, not with the lock held.
    func stop() {
        precondition(!isCurrentThread, "ThreadedMainLoop.stop() called from its own thread")
        guard let running = thread.withLock({ $0 }) else { return }
        withLock { sources.requestQuit() }
        running.join()
        thread.withLock { $0 = nil }
    }

    // MARK: The loop thread

    /// The thread's body: polls and dispatches, with the lock held except while waiting, until asked to quit.
    private func run() {
        mutex.lock()
        defer { mutex.unlock() }
        while !sources.quitRequested {
            sources.sweep()
            var (descriptors, watchers) = sources.pollList(
                after: pollfd(fd: doorbell.descriptor, events: Int16(POLLIN), revents: 0))
            // poll fails only without memory or with a bad argument: then there is nothing left to wait on.
            guard let ready = try? poll(&descriptors, timeout: sources.pollTimeout()) else { return }
            if descriptors[0].revents != 0 { doorbell.clear() }
            // Timers and deferred calls run whether or not a descriptor is ready.
            sources.dispatch(polled: ready > 0 ? descriptors.dropFirst() : [], sources: watchers)
        }
    }

    /// Waits up to `timeout` milliseconds (-1: for ever) for `descriptors`, letting go of the lock meanwhile, so
    /// other threads can call in. Paced, it first handles what is already waiting, then waits at least `pacing`
    /// after its last wake-up before it waits for the server again.
    private func poll(_ descriptors: inout [pollfd], timeout: Int32) throws(POSIX.Error) -> Int {
        let ready = try POSIX.poll(&descriptors, timeout: 0)
        if ready != 0 || timeout == 0 { return ready }
        var deadline = timeout < 0 ? UInt64.max : POSIX.monotonicNanoseconds() + UInt64(timeout) * 1_000_000
        if pacingNanoseconds > 0 {
            let pauseEnd = lastWake + pacingNanoseconds
            if POSIX.monotonicNanoseconds() < pauseEnd { caller.wait(until: min(pauseEnd, deadline)) }
            if sources.quitRequested { return 0 }
        }
        let now = POSIX.monotonicNanoseconds()
        if deadline != .max { deadline = max(deadline, now) }
        let remaining = deadline == .max ? -1 : Int32((deadline - now + 999_999) / 1_000_000)
        isPolling = true
        mutex.unlock()
        defer {
            mutex.lock()
            isPolling = false
            lastWake = POSIX.monotonicNanoseconds()
        }
        return try POSIX.poll(&descriptors, timeout: remaining)
    }
}
