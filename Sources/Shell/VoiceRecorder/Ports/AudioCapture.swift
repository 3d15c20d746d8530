import VoiceRecorderCore

/// What a running capture reports. Delivered on the capture's own thread, never the UI thread.
public enum CaptureEvent: Sendable {
    /// The first audio arrived: `elapsed` counts from here (SPEC A.11).
    case started
    /// Mono float PCM at `AudioFormat.sampleRate`, in capture order.
    case samples([Float])
    /// The capture could not start, or broke for a reason that is not an interruption. The text is for people.
    case failed(String)
    /// The system took the audio away (SPEC A.6, C).
    case interrupted(Interruption)
}

/// One capture of one take. Created stopped; `start` begins asynchronously and reports through `handler`.
///
/// Implementations must call `handler` serially (never two calls at once) and never after `stop()` has returned.
public protocol AudioCapture: AnyObject, Sendable {
    /// Gets ready to start without capturing anything (a session calls it at touch-down, 0.18 s before a hold can
    /// land): a microphone connects and opens its stream paused, so that `start` only has to unpause it. Nothing is
    /// recorded and nothing is reported until `start`; a problem found meanwhile is reported by `start`. A prepared
    /// capture that is never started must still be stopped. A capture with nothing to get ready does nothing; one that
    /// wraps another must forward it (there is no default, so a wrapper cannot lose the fast start by forgetting).
    func prepare()
    /// Starts capturing. The handler receives `.started` once, then `.samples`, until `stop()` or a terminal event
    /// (`.failed`, `.interrupted`).
    func start(handler: @escaping @Sendable (CaptureEvent) -> Void)
    /// Stops capturing and releases the device. Idempotent; safe from any thread.
    func stop()
}

/// Where takes come from: the microphone, or the simulated source.
public protocol AudioSource: Sendable {
    /// Whether the app may record, as far as is known without asking anyone: it must not block (a session reads it
    /// on the UI thread when it is made). What takes a while to find out belongs in `checkAccess`.
    func accessStatus() -> AccessStatus
    /// Finds out whether the app may record, which may take a while (a sound server's answer), without asking the
    /// person. Calls `completion` once, on any thread. A session checks once when it is made, off its thread.
    func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void)
    /// Asks for access (the first press does this; SPEC A.7). Calls `completion` once, on any thread.
    func requestAccess(_ completion: @escaping @Sendable (Bool) -> Void)
    /// A new, stopped capture for one take.
    func makeCapture() throws -> AudioCapture
}

extension AudioSource {
    /// For sources that know at once: `accessStatus()`.
    public func checkAccess(_ completion: @escaping @Sendable (AccessStatus) -> Void) { completion(accessStatus()) }
}
