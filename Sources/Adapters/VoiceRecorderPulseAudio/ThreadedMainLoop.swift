import CPulseAudio
import Synchronization

/// Owns one `pa_threaded_mainloop`: the thread on which every PulseAudio callback of a connection runs.
///
/// Lock discipline (libpulse's rule, enforced here):
/// - Every call into a context or stream made from outside the loop thread happens inside `withLock`, which holds
///   `pa_threaded_mainloop_lock` so the loop thread is not touching the same objects at the same time.
/// - Callbacks already run on the loop thread with the lock held, so `withLock` called from there runs the body
///   directly (the lock must not be taken again from the loop thread).
/// - `wait()` may only be called with the lock held from outside the loop thread; callbacks wake it with `signal()`.
/// - `stop()` must be called without the lock and from outside the loop thread; once it returns no callback runs any
///   more, so the objects on this loop may be torn down without locking.
final class ThreadedMainLoop: @unchecked Sendable {
    /// The owned handle. Valid from `init` to `deinit`.
    let handle: OpaquePointer
    /// Whether the loop's thread runs; held across starting it, so two `start()`s cannot both start it.
    private let running = Mutex(false)

    /// Creates the loop (not yet started).
    init() throws(PulseAudioError) {
        guard let loop = pa_threaded_mainloop_new() else {
            throw PulseAudioError.internalFailure("pa_threaded_mainloop_new")
        }
        handle = loop
    }

    /// The vtable contexts are created on.
    var api: UnsafeMutablePointer<pa_mainloop_api> { pa_threaded_mainloop_get_api(handle) }

    /// Whether the caller is the loop's own thread (inside a callback).
    var isCurrentThread: Bool { pa_threaded_mainloop_in_thread(handle) != 0 }

    /// Starts the loop's thread.
    func start() throws(PulseAudioError) {
        try running.withLock { (running) throws(PulseAudioError) in
            guard !running else { return }
            if pa_threaded_mainloop_start(handle) < 0 {
                throw PulseAudioError.internalFailure("pa_threaded_mainloop_start")
            }
            running = true
        }
    }

    /// Runs `body` with the loop locked (or directly, when already on the loop thread).
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if isCurrentThread { return try body() }
        pa_threaded_mainloop_lock(handle)
        defer { pa_threaded_mainloop_unlock(handle) }
        return try body()
    }

    /// Blocks until a callback calls `signal()`. Only with the lock held, from outside the loop thread.
    func wait() { pa_threaded_mainloop_wait(handle) }

    /// Wakes every `wait()`. Called from callbacks.
    func signal() { pa_threaded_mainloop_signal(handle, 0) }

    /// Stops the loop's thread and waits for it to end. Not from the loop thread, not with the lock held.
    func stop() {
        precondition(!isCurrentThread, "ThreadedMainLoop.stop() called from its own thread")
        // Stopping waits for the thread to end, so it happens after the mutex is let go.
        let wasRunning = running.withLock { running in
            defer { running = false }
            return running
        }
        if wasRunning { pa_threaded_mainloop_stop(handle) }
    }

    deinit {
        // Freeing also stops the thread if it still runs; `PulseConnection` always stops it first.
        pa_threaded_mainloop_free(handle)
    }
}
