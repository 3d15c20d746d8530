import CPulseAudio
import Foundation
import Synchronization
import VoiceRecorder

/// Records one take from a PulseAudio source as mono float32 at 24 kHz, in transfers of about 20 ms.
///
/// Events arrive on the connection's main-loop thread (never the UI thread), one at a time: `.started` when the
/// first audio arrives, then `.samples`, until `stop()` or one terminal event:
/// - `.failed` — no server, no such source, or the stream could not be set up;
/// - `.interrupted(.routeLost)` — the stream failed or its source went away (the stream never follows a move);
/// - `.interrupted(.mediaReset)` — the connection to the server failed or ended (the server died or restarted);
/// - `.interrupted(.call)` — the server asked the stream to cork, the source was suspended, or a stream with a call
///   role (`media.role=phone`) started. The last one is watched for because policy modules such as
///   module-role-cork only ever ask *playback* streams to cork; a recording would otherwise never hear of a call.
///
/// `prepare()` connects and opens the stream corked (the server sends nothing) ahead of `start()`, which then only
/// uncorks it: a session does this at touch-down, so the hold that lands 0.18 s later starts within a transfer.
/// Until `start()` nothing is reported; a terminal problem found meanwhile is kept and reported by `start()`.
///
/// `stop()` is idempotent, safe from any thread including from inside the handler, and once it has returned the
/// handler is not called again. (A handler must not block waiting for a thread that is calling `stop()`.)
/// `@unchecked Sendable`: handler state is under `deliveryGate`, the rest in the `lifecycle` `Mutex` or `let`
public final class PulseAudioCapture: AudioCapture, @unchecked Sendable {
    /// The server address (`unix:/path` or `tcp:host`), or nil for the default (`PULSE_SERVER`, then the user's).
    public let server: String?
    /// The source to record from, or nil for the server's default source.
    public let device: String?
    /// `application.name` shown by sound settings.
    public let applicationName: String
    /// `media.role` of the recording stream; "production" is PulseAudio's role for recording and editing audio.
    public let mediaRole: String
    /// How long connecting may take before `.failed`.
    public let connectTimeout: Double
    /// The roles of other streams that mean a call has started.
    public static let callRoles: Set<String> = ["phone"]
    /// Transfer size: small, so the meter and the file see audio in step with the speaker.
    static let fragmentMilliseconds = 20
    /// The first transfer's size: smaller still, so the first audio is in hand within a few milliseconds of the
    /// start (the source delivers in blocks of what its streams ask for); after it, `fragmentMilliseconds`, which
    /// costs the server and this process fewer wake-ups. From then on the loop is also paced at that interval
    /// (`ThreadedMainLoop.pacing`) and audio is delivered a transfer at a time: a source that posts smaller blocks
    /// (a null sink mixing several players posts hundreds a second) is read and handed on in 20 ms pieces, not
    /// block by block.
    static let firstFragmentMilliseconds = 5
    /// The bytes of one transfer (`fragmentMilliseconds` of mono float at 24 kHz).
    static let transferBytes = PulseStream.bytes(milliseconds: fragmentMilliseconds)

    /// Serialises handler calls with `stop()`. Recursive so `stop()` from inside the handler does not deadlock
    /// (which is why it is not a `Mutex`: those are not recursive).
    private let deliveryGate = NSRecursiveLock()
    private var handler: (@Sendable (CaptureEvent) -> Void)?
    private var hasReportedStart = false
    /// Whether `start()` has handed over its handler: before that, terminal news is kept in `pendingEnd`.
    private var isStarted = false
    /// What ended a prepared capture before `start()` (reported by `start()`).
    private var pendingEnd: CaptureEvent?

    /// Whether `prepare()`, `start()` and `stop()` were called, the connection once it is open, and the stream once
    /// it is made.
    private struct Lifecycle {
        var wasPrepareCalled = false
        var wasStartCalled = false
        var isStopRequested = false
        var connection: PulseConnection?
        var stream: PulseStream?
    }
    private let lifecycle = Mutex(Lifecycle())

    /// A stopped capture of `device` (nil: the default source) on `server` (nil: the default server).
    public init(
        server: String? = nil, device: String? = nil, applicationName: String = "Voice Recorder",
        mediaRole: String = "production", connectTimeout: Double = 3
    ) {
        self.server = server
        self.device = device
        self.applicationName = applicationName
        self.mediaRole = mediaRole
        self.connectTimeout = connectTimeout
    }

    /// Connects and opens the stream corked, on a background queue; returns at once. Only the first call, before
    /// `start()`, has an effect.
    public func prepare() {
        let prepares = lifecycle.withLock { lifecycle in
            guard !lifecycle.wasPrepareCalled, !lifecycle.wasStartCalled, !lifecycle.isStopRequested else {
                return false
            }
            lifecycle.wasPrepareCalled = true
            return true
        }
        if prepares { DispatchQueue.global(qos: .userInitiated).async { self.connect() } }
    }

    /// Starts recording: uncorks a prepared stream, or starts connecting on a background queue, and returns at
    /// once. Only the first call has an effect.
    public func start(handler: @escaping @Sendable (CaptureEvent) -> Void) {
        let starting = lifecycle.withLock { lifecycle -> (wasPrepared: Bool, connection: PulseConnection?)? in
            guard !lifecycle.wasStartCalled, !lifecycle.isStopRequested else { return nil }
            lifecycle.wasStartCalled = true
            return (lifecycle.wasPrepareCalled, lifecycle.connection)
        }
        guard let starting else { return }

        let ended = deliveryGate.withLock { () -> CaptureEvent? in
            self.handler = handler
            isStarted = true
            return pendingEnd
        }
        if let ended {
            // The prepared capture already ended (no server, a failed stream): say so, off the caller's thread.
            DispatchQueue.global(qos: .userInitiated).async { self.deliver(ended, isTerminal: true) }
            return
        }
        guard starting.wasPrepared else {
            DispatchQueue.global(qos: .userInitiated).async { self.connect() }
            return
        }
        // Still connecting: `startStream` sees `wasStartCalled` and connects uncorked, or the ready stream is
        // uncorked when it becomes ready.
        guard let connection = starting.connection else { return }
        connection.loop.withLock { uncorkIfReady() }
    }

    /// Stops recording and releases the source. Idempotent; from any thread.
    public func stop() {
        deliveryGate.withLock { handler = nil }
        let connection = lifecycle.withLock { lifecycle in
            lifecycle.isStopRequested = true
            defer {
                lifecycle.connection = nil
                lifecycle.stream = nil
            }
            return lifecycle.connection
        }
        connection?.close()
    }

    // MARK: Setting up (on a background queue)

    private func connect() {
        let connection: PulseConnection
        do {
            connection = try PulseConnection.open(
                server: server, applicationName: applicationName, timeout: connectTimeout)
        } catch {
            end(with: .failed("Cannot reach the sound server: \(error.message)."))
            return
        }
        let wasStopped = lifecycle.withLock { lifecycle in
            if lifecycle.isStopRequested { return true }
            lifecycle.connection = connection
            return false
        }
        if wasStopped {
            connection.close()
            return
        }

        do {
            try connection.loop.withLock { () throws(PulseAudioError) in try startStream(on: connection) }
        } catch {
            // Close first: with the loop stopped no callback can deliver at the same time as this thread.
            closeConnection()
            end(with: .failed("Cannot record: \(error.message)."))
        }
    }

    /// Uncorks the stream once it is ready, if `start()` was called. Under the loop lock.
    private func uncorkIfReady() {
        let stream = lifecycle.withLock { $0.wasStartCalled ? $0.stream : nil }
        guard let stream, stream.state == PA_STREAM_READY, stream.isCorked else { return }
        stream.cork(false)
    }

    /// Creates and connects the recording stream and watches the server. Under the loop lock.
    private func startStream(on connection: PulseConnection) throws(PulseAudioError) {
        let stream = try PulseStream(context: connection.context, name: "Voice message", role: mediaRole)
        connection.adopt(stream)
        let device = self.device
        var wasReady = false
        // Corked unless `start()` came first; from here on `start()` finds the stream and uncorks it.
        let startsCorked = lifecycle.withLock { lifecycle in
            lifecycle.stream = stream
            return !lifecycle.wasStartCalled
        }

        connection.context.onStateChange = { [weak self] state in
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
                self?.end(with: .interrupted(.mediaReset))
            }
        }
        stream.onStateChange = { [weak self, weak connection] state in
            guard let self else { return }
            switch state {
            case PA_STREAM_READY:
                wasReady = true
                uncorkIfReady()
            case PA_STREAM_FAILED:
                let contextIsGood = connection?.context.isGood ?? false
                if !contextIsGood {
                    end(with: .interrupted(.mediaReset))
                } else if !wasReady {
                    let error = connection?.context.lastError("pa_stream_connect_record")
                    end(with: .failed(Self.startFailureMessage(device: device, error: error)))
                } else {
                    end(with: .interrupted(.routeLost))
                }
            default:
                break
            }
        }
        var isFirstTransfer = true
        stream.onReadable = { [weak self, weak stream, weak connection] bytes in
            guard let self, let stream else { return }
            // After the first audio, smaller blocks wait in libpulse's queue until a transfer's worth is there:
            // one delivery per transfer, not one per block the source posts.
            if !isFirstTransfer, bytes < Self.transferBytes { return }
            do throws(PulseAudioError) {
                let samples = try stream.readAvailable(readableBytes: bytes)
                if !samples.isEmpty, isFirstTransfer {
                    isFirstTransfer = false
                    stream.setRecordFragment(milliseconds: Self.fragmentMilliseconds)
                    connection?.loop.pacing = .milliseconds(Self.fragmentMilliseconds)
                }
                if !samples.isEmpty { deliverSamples(samples) }
            } catch {
                end(with: .failed("Recording broke: \(error.message)."))
            }
        }
        stream.onEvent = { [weak self] name in
            if name == String(cString: vr_pa_stream_event_request_cork()) { self?.end(with: .interrupted(.call)) }
        }
        stream.onSuspended = { [weak self, weak stream] isSuspended in
            // A corked stream does not hold its source awake: a suspend before it records means nothing.
            if isSuspended, stream?.isCorked == false { self?.end(with: .interrupted(.call)) }
        }
        stream.onMoved = { [weak self] in self?.end(with: .interrupted(.routeLost)) }

        connection.context.onServerEvent = { [weak self, weak connection, weak stream] facility, kind, index in
            guard let connection, kind == PA_SUBSCRIPTION_EVENT_NEW else { return }
            let isPlayback = facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT
            guard isPlayback || facility == PA_SUBSCRIPTION_EVENT_SOURCE_OUTPUT else { return }
            if !isPlayback, index == stream?.index { return }  // our own recording
            connection.lookUpRole(ofStreamAt: index, isPlayback: isPlayback) { role in
                if let role, Self.callRoles.contains(role) { self?.end(with: .interrupted(.call)) }
            }
        }
        connection.context.subscribe(
            pa_subscription_mask_t(
                PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue | PA_SUBSCRIPTION_MASK_SOURCE_OUTPUT.rawValue))
        try stream.connectRecord(
            device: device, fragmentMilliseconds: Self.firstFragmentMilliseconds, corked: startsCorked)
    }

    static func startFailureMessage(device: String?, error: PulseAudioError?) -> String {
        if let device, error?.code == Int32(PA_ERR_NOENTITY.rawValue) {
            return "There is no capture source named “\(device)”."
        }
        return "Cannot record: \(error?.message ?? "the stream failed")."
    }

    // MARK: Delivering (on the loop thread, or the setup queue once the loop is gone)

    private func deliverSamples(_ samples: [Float]) {
        deliveryGate.withLock {
            guard let handler else { return }
            if !hasReportedStart {
                hasReportedStart = true
                handler(.started)
                guard self.handler != nil else { return }  // stopped from inside the handler
            }
            handler(.samples(samples))
        }
    }

    /// Reports a terminal event once (kept for `start()` while only prepared), then releases the source.
    private func end(with event: CaptureEvent) {
        let keptForStart = deliveryGate.withLock { () -> Bool in
            guard !isStarted else { return false }
            if pendingEnd == nil { pendingEnd = event }
            return true
        }
        if keptForStart { return closeConnection() }
        guard deliver(event, isTerminal: true) else { return }
        closeConnection()
    }

    /// Calls the handler unless stopped; a terminal event also detaches it. Returns whether it was called.
    @discardableResult
    private func deliver(_ event: CaptureEvent, isTerminal: Bool) -> Bool {
        deliveryGate.withLock {
            guard let handler else { return false }
            if isTerminal { self.handler = nil }
            handler(event)
            return true
        }
    }

    private func closeConnection() {
        let connection = lifecycle.withLock { lifecycle in
            defer {
                lifecycle.connection = nil
                lifecycle.stream = nil
            }
            return lifecycle.connection
        }
        connection?.close()
    }

    deinit { lifecycle.withLock { $0.connection }?.close() }
}
