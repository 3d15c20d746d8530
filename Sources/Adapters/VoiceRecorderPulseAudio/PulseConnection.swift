import CPulseAudio
import Foundation
import Synchronization

/// A connected context on its own threaded main loop: what every PulseAudio object of this package starts from.
///
/// `open` blocks the caller until the server answers, refuses, or `timeout` passes (no server at all fails in about
/// a millisecond: the socket refuses). `close()` may be called from any thread, also from a callback on the loop
/// thread, where the teardown that cannot run on that thread is finished on a background queue.
/// `@unchecked Sendable`: `closed` is a `Mutex`; the lists change on the loop thread or under the loop's lock
final class PulseConnection: @unchecked Sendable {
    let loop: ThreadedMainLoop
    let context: PulseContext
    /// Whether `close()` was called: the first call, and only it, tears down.
    private let closed = Mutex(false)
    /// Streams to tear down with the connection.
    private var streams: [PulseStream] = []
    /// Timers to cancel with the connection.
    private var timers: [PulseTimer] = []

    private init(loop: ThreadedMainLoop, context: PulseContext) {
        self.loop = loop
        self.context = context
    }

    /// Connects to `server` (nil: the default server) and waits until the context is ready.
    static func open(server: String?, applicationName: String, timeout: Double) throws(PulseAudioError)
        -> PulseConnection
    {
        let loop = try ThreadedMainLoop()
        let context = try PulseContext(
            loop: loop, applicationName: applicationName, applicationID: "org.voicerecorder.VoiceRecorder")
        let connection = PulseConnection(loop: loop, context: context)
        do {
            try context.connect(server: server)
            try loop.start()
            try loop.withLock { () throws(PulseAudioError) in
                try connection.waitUntil(timeout: timeout, operation: "pa_context_connect") {
                    let state = context.state
                    return state == PA_CONTEXT_READY || PA_CONTEXT_IS_GOOD(state) == 0
                }
                if context.state != PA_CONTEXT_READY { throw context.lastError("pa_context_connect") }
            }
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// Blocks (lock held, outside the loop thread) until `condition` holds, or throws `timeout` after `seconds`.
    /// Callbacks that change what `condition` reads must call `loop.signal()` (state callbacks do).
    func waitUntil(timeout seconds: Double, operation: String, _ condition: () -> Bool) throws(PulseAudioError) {
        if condition() { return }
        guard let contextHandle = context.handle else { throw .internalFailure(operation) }
        let alarm = Alarm(loop: loop)
        let deadline = pa_rtclock_now() + pa_usec_t(max(0, seconds) * 1_000_000)
        let event = pa_context_rttime_new(
            contextHandle, deadline,
            { _, _, _, userdata in
                guard let userdata else { return }
                let alarm = Unmanaged<Alarm>.fromOpaque(userdata).takeUnretainedValue()
                alarm.rang = true
                alarm.loop.signal()
            }, Unmanaged.passUnretained(alarm).toOpaque())
        defer {
            if let event, let free = loop.api.pointee.time_free { free(event) }
            withExtendedLifetime(alarm) {}
        }
        while !condition() {
            if alarm.rang { throw .timeout(operation) }
            loop.wait()
        }
    }

    /// Keeps `stream` to be torn down by `close()`. On the loop thread or under the lock.
    func adopt(_ stream: PulseStream) {
        streams.append(stream)
    }

    /// Keeps `timer` to be cancelled by `close()`. On the loop thread or under the lock.
    func adopt(_ timer: PulseTimer) {
        timers.append(timer)
    }

    /// Whether `close()` was called.
    var isClosed: Bool { closed.withLock { $0 } }

    /// Disconnects everything and frees the loop. Idempotent; from any thread; never blocks on a callback that is
    /// waiting for the caller, because from the loop thread the blocking part moves to a background queue.
    func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        if wasClosed { return }

        if loop.isCurrentThread {
            // Inside a callback: the lock is held, so the device can be released right now; stopping the loop
            // must wait until this callback has returned, which only another thread can do.
            for stream in streams { stream.disconnect() }
            for timer in timers { timer.cancel() }
            DispatchQueue.global().async { [self] in finishClosing() }
        } else {
            loop.withLock {
                for stream in streams { stream.disconnect() }
                for timer in timers { timer.cancel() }
            }
            finishClosing()
        }
    }

    /// Stops the loop's thread, then frees streams and context without locking (nothing else runs any more).
    private func finishClosing() {
        loop.stop()
        for timer in timers { timer.cancel() }
        timers.removeAll()
        for stream in streams { stream.invalidate() }
        streams.removeAll()
        context.invalidate()
    }

    deinit {
        if !isClosed, !loop.isCurrentThread { finishClosing() }
    }
}

/// The timer behind `waitUntil`'s deadline.
/// `@unchecked Sendable`: `rang` is set by a loop callback and read by `waitUntil`, both holding the lock
private final class Alarm: @unchecked Sendable {
    let loop: ThreadedMainLoop
    var rang = false
    init(loop: ThreadedMainLoop) { self.loop = loop }
}
