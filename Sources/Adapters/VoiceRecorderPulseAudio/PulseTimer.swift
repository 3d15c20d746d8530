import CPulseAudio

/// A repeating timer on a connection's main loop: `body` runs on the loop thread every `interval` seconds.
///
/// Owns its `pa_time_event`; `cancel()` (on the loop thread, under the lock, or after the loop stopped) frees it.
/// `@unchecked Sendable`: `event` is used on the loop thread, under the loop's lock, or once it stopped
final class PulseTimer: @unchecked Sendable {
    private let loop: ThreadedMainLoop
    private let contextHandle: OpaquePointer
    private let interval: pa_usec_t
    private let body: () -> Void
    private var event: OpaquePointer?

    /// Starts the timer. On the loop thread or under its lock.
    init?(context: PulseContext, interval: Double, body: @escaping () -> Void) {
        guard let handle = context.handle else { return nil }
        loop = context.loop
        contextHandle = handle
        self.interval = pa_usec_t(interval * 1_000_000)
        self.body = body
        // Unretained: the connection keeps the timer alive until it cancels it, after which the C side is gone.
        event = pa_context_rttime_new(
            handle, pa_rtclock_now() + self.interval,
            { _, _, _, userdata in
                guard let userdata else { return }
                Unmanaged<PulseTimer>.fromOpaque(userdata).takeUnretainedValue().fire()
            }, Unmanaged.passUnretained(self).toOpaque())
        if event == nil { return nil }
    }

    private func fire() {
        guard let event else { return }
        pa_context_rttime_restart(contextHandle, event, pa_rtclock_now() + interval)
        body()
    }

    /// Stops and frees the timer. Idempotent.
    func cancel() {
        guard let event else { return }
        self.event = nil
        if let free = loop.api.pointee.time_free { free(event) }
    }

    deinit { cancel() }
}
