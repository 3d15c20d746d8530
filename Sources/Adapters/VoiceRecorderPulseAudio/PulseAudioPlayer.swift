import CPulseAudio
import Foundation
import Synchronization
import VoiceRecorder

/// How a playback ended by itself.
public enum PlaybackEnd: Sendable, Equatable {
    /// Everything was played.
    case completed
    /// The server, the stream or the source failed.
    case failed(PulseAudioError)
}

/// Plays mono float PCM at 24 kHz, pulled from a `PCMPullSource`, to a PulseAudio sink.
///
/// `onPosition` reports the position that has actually been *heard* (the stream's timing information, interpolated
/// between server updates), not what was written, at least ten times a second while playing; it never goes backwards
/// except after `seek(to:)`. `onFinished` runs once when the end was played or playback failed, not after `stop()`.
/// Both run on the connection's thread, one at a time, and never after `stop()` has returned.
///
/// Positions, `seek(to:)` and `duration` are in the source's own time. For a `RatePullSource` playing at rate r
/// that is not the time heard: a second of listening moves the position by r (at 2×, by two seconds), and
/// `setRate(_:)` changes r while playing, with the position going on from where it was heard.
/// `@unchecked Sendable`: loop state under the loop's lock or, with no loop, `connecting`; `isStopped` under
/// `deliveryGate`
public final class PulseAudioPlayer: @unchecked Sendable {
    /// The server address, or nil for the default.
    public let server: String?
    /// The sink to play to, or nil for the default sink.
    public let device: String?
    /// `application.name` shown by sound settings.
    public let applicationName: String
    /// Seconds between position reports.
    public let positionInterval: Double
    /// Buffering ahead of what is heard: small, so `stop` and `seek` are heard at once.
    static let latencyMilliseconds = 60

    private let source: PCMPullSource
    private let onPosition: @Sendable (Double) -> Void
    private let onFinished: @Sendable (PlaybackEnd) -> Void

    /// Serialises callbacks with `stop()`; recursive so `stop()` from inside a callback does not deadlock (which
    /// is why it is not a `Mutex`: those are not recursive).
    private let deliveryGate = NSRecursiveLock()
    private var isStopped = false

    /// The connection while playing, and whether `play()` was called (a player plays once).
    private struct Playback {
        var connection: PulseConnection?
        var wasPlayCalled = false
    }
    private let playback = Mutex(Playback())
    /// Held while the connection is set or taken away and its loop closed, and while the state below is touched
    /// with no connection (before `play()`, after `stop()`): so a `seek`, `setRate` or `position` from another
    /// thread never runs beside a loop that is starting or still winding down. Callbacks never take it (a
    /// stopping player delivers nothing more first), so `stop()` holding it while the loop ends cannot deadlock.
    private let connecting = NSLock()

    // Loop-thread state (touched on the loop thread or under its lock).
    private var stream: PulseStream?
    /// The position heard is `positionBase + (stream time − streamTimeAtBase) × rate`: the base moves at every
    /// seek and rate change, so each stretch of stream time is counted at the rate it was played at.
    private var positionBase = 0.0
    private var streamTimeAtBase = 0.0
    private var rate: Double
    private var lastReportedPosition = 0.0
    private var reachedEnd = false
    private var seekGeneration = 0

    /// A player of `source` to `device` on `server`; nothing happens until `play()`.
    public init(
        source: PCMPullSource, server: String? = nil, device: String? = nil,
        applicationName: String = "Voice Recorder", positionInterval: Double = 0.05,
        onPosition: @escaping @Sendable (Double) -> Void = { _ in },
        onFinished: @escaping @Sendable (PlaybackEnd) -> Void = { _ in }
    ) {
        self.source = source
        self.server = server
        self.device = device
        self.applicationName = applicationName
        self.positionInterval = positionInterval
        self.onPosition = onPosition
        self.onFinished = onFinished
        rate = (source as? RatePullSource)?.rate ?? 1
    }

    /// The length of what is played, in seconds.
    public var duration: Double { source.duration }

    /// Connects and starts playing from the current position; returns once the stream is set up (milliseconds).
    /// A player plays once: later calls do nothing.
    public func play() throws(PulseAudioError) {
        let isFirstPlay = playback.withLock { playback in
            defer { playback.wasPlayCalled = true }
            return !playback.wasPlayCalled
        }
        guard isFirstPlay else { return }

        let connection = try PulseConnection.open(server: server, applicationName: applicationName, timeout: 3)
        connecting.withLock { playback.withLock { $0.connection = connection } }
        do {
            try connection.loop.withLock { () throws(PulseAudioError) in
                try startStream(on: connection)
                try connection.waitUntil(timeout: 3, operation: "pa_stream_connect_playback") {
                    guard let state = stream?.state else { return true }
                    return state == PA_STREAM_READY || PA_STREAM_IS_GOOD(state) == 0
                }
                // A source that ends or fails at once can finish the stream in its first write, between READY and
                // this thread waking: the end went to `onFinished`, so play() has done its job. Likewise when
                // stop() came in meanwhile.
                let wasStoppedMeanwhile = stream?.state == PA_STREAM_TERMINATED && deliveryGate.withLock { isStopped }
                if stream?.state != PA_STREAM_READY && !wasStoppedMeanwhile {
                    throw connection.context.lastError("pa_stream_connect_playback")
                }
            }
        } catch {
            stop()
            throw error
        }
    }

    /// Stops at once (what is buffered is dropped) and disconnects. Idempotent; from any thread.
    public func stop() {
        deliveryGate.withLock { isStopped = true }
        connecting.withLock {
            let connection = playback.withLock { playback in
                defer { playback.connection = nil }
                return playback.connection
            }
            connection?.close()
        }
    }

    /// Jumps to `seconds` (clamped to the duration): what was buffered is dropped, and reading continues there, also
    /// when the source had already been read to its end (the end that was pending then does not count). From any
    /// thread, also from `onPosition`.
    public func seek(to seconds: Double) throws {
        let target = min(max(0, seconds), source.duration)
        let connected = try connecting.withLock { () throws -> PulseConnection? in
            guard let connection = playback.withLock({ $0.connection }) else {
                try source.seek(to: target)
                positionBase = target
                lastReportedPosition = target
                return nil
            }
            return connection
        }
        guard let connection = connected else { return }
        try connection.loop.withLock { () throws in
            try source.seek(to: target)
            restartStream(at: target)
        }
    }

    /// The speed positions are counted at: the source's rate (1 for a source that is not a `RatePullSource`).
    public var playbackRate: Double {
        let connected = connecting.withLock { () -> (PulseConnection?, Double) in
            (playback.withLock { $0.connection }, rate)
        }
        guard let connection = connected.0 else { return connected.1 }
        return connection.loop.withLock { rate }
    }

    /// Plays on at `rate` from the position heard now: what was buffered at the old rate is dropped, so the new
    /// speed is heard within the stream's latency (~60 ms), and positions go on from where they were, counted at
    /// the new rate from then on. The source must be a `RatePullSource` (any other plays at 1 only); throws what
    /// the source throws for a rate it cannot play, and the old rate goes on. From any thread, also from
    /// `onPosition`.
    public func setRate(_ rate: Double) throws {
        guard let rateSource = source as? RatePullSource else {
            guard rate == 1 else {
                throw PulseAudioError(
                    code: Int32(PA_ERR_NOTSUPPORTED.rawValue),
                    message: "This audio plays at normal speed only", operation: "setRate")
            }
            return
        }
        let connected = try connecting.withLock { () throws -> PulseConnection? in
            guard let connection = playback.withLock({ $0.connection }) else {
                try rateSource.setRate(rate, from: positionBase)
                self.rate = rate
                return nil
            }
            return connection
        }
        guard let connection = connected else { return }
        try connection.loop.withLock { () throws in
            guard rate != self.rate else { return }
            let position = currentPosition()
            try rateSource.setRate(rate, from: position)
            self.rate = rate
            restartStream(at: position)
        }
    }

    /// The position heard now, in seconds.
    public var position: Double {
        let connected = connecting.withLock { () -> (PulseConnection?, Double) in
            (playback.withLock { $0.connection }, lastReportedPosition)
        }
        guard let connection = connected.0 else { return connected.1 }
        return connection.loop.withLock { currentPosition() }
    }

    // MARK: On the loop thread

    /// Plays on from `position` (own time), the source having just been moved there. On the loop thread or under
    /// its lock.
    private func restartStream(at position: Double) {
        seekGeneration += 1
        reachedEnd = false
        positionBase = position
        lastReportedPosition = position
        guard let stream else { return }
        // The same stream goes on: what is already in the device (a few ms) is still heard, the queue behind it
        // is dropped, so what is heard from now on is the new position. Replacing the stream instead leaves the
        // sink without a low-latency client for a moment, and a sink that then renders one long block ahead
        // (a null sink: 2 s) stops asking the new stream for audio until that block has passed.
        streamTimeAtBase = stream.time() ?? 0
        let generation = seekGeneration
        stream.flush { [weak self] _ in
            guard let self, generation == seekGeneration, let stream = self.stream else { return }
            // The server asks again only for what the flush dropped. Requests that were left unanswered at the
            // end of the source are not repeated, so write what is owed now, or the stream may never be asked
            // again.
            fill(bytes: stream.writableBytes)
        }
    }

    private func startStream(on connection: PulseConnection) throws(PulseAudioError) {
        let stream = try PulseStream(context: connection.context, name: "Voice message playback", role: "music")
        connection.adopt(stream)
        self.stream = stream
        streamTimeAtBase = 0
        stream.onStateChange = { [weak self, weak connection] state in
            guard let self, state == PA_STREAM_FAILED, connection?.context.isGood == true else { return }
            finish(.failed(connection?.context.lastError("pa_stream") ?? .internalFailure("pa_stream")))
        }
        stream.onWritable = { [weak self] bytes in
            self?.fill(bytes: bytes)
        }
        try stream.connectPlayback(device: device, latencyMilliseconds: Self.latencyMilliseconds)
        connection.context.onStateChange = { [weak self, weak connection] state in
            guard state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED else { return }
            let error = connection?.context.lastError("pa_context") ?? .internalFailure("pa_context")
            self?.finish(.failed(error))
        }
        if let timer = PulseTimer(
            context: connection.context, interval: positionInterval,
            body: { [weak self] in
                self?.reportPosition()
            })
        {
            connection.adopt(timer)
        }
    }

    /// Writes up to `bytes` of the source; at its end, waits for the last sample to be heard.
    /// Consecutive empty reads after which a source is taken to be stuck.
    static let maximumEmptyReads = 1_000

    private func fill(bytes: Int) {
        guard let stream, !reachedEnd else { return }
        let wanted = bytes / PulseStream.bytesPerFrame
        var chunk: [Float] = []
        chunk.reserveCapacity(wanted)
        // A decoder may return no frames for a while (a packet that decodes to nothing), but a source that never
        // returns any must not spin this thread forever.
        var emptyReads = 0
        do {
            while chunk.count < wanted {
                guard let frames = try source.read(maxFrames: wanted - chunk.count) else {
                    reachedEnd = true
                    break
                }
                if frames.isEmpty {
                    emptyReads += 1
                    guard emptyReads < Self.maximumEmptyReads else {
                        throw PulseAudioError(
                            code: Int32(PA_ERR_IO.rawValue),
                            message: "The recording stopped producing audio", operation: "read")
                    }
                    continue
                }
                emptyReads = 0
                chunk.append(contentsOf: frames)
            }
            try stream.write(chunk)
        } catch let error as PulseAudioError {
            finish(.failed(error))
            return
        } catch {
            finish(
                .failed(
                    PulseAudioError(
                        code: Int32(PA_ERR_IO.rawValue), message: "Cannot read the recording: \(error)",
                        operation: "read")))
            return
        }
        if reachedEnd {
            let generation = seekGeneration
            stream.drain { [weak self] _ in
                guard let self, generation == seekGeneration else { return }  // a seek came in between
                lastReportedPosition = source.duration
                deliver { onPosition(source.duration) }
                finish(.completed)
            }
        }
    }

    private func currentPosition() -> Double {
        guard stream?.state == PA_STREAM_READY, let now = stream?.time() else { return lastReportedPosition }
        let position = min(max(positionBase + (now - streamTimeAtBase) * rate, 0), source.duration)
        return max(position, lastReportedPosition)  // interpolation may wobble back by a few microseconds
    }

    private func reportPosition() {
        let position = currentPosition()
        lastReportedPosition = position
        deliver { onPosition(position) }
    }

    /// Reports the end and lets go of the connection. On the loop thread, which holds the loop's lock.
    private func finish(_ end: PlaybackEnd) {
        let delivered = deliver {
            isStopped = true
            onFinished(end)
        }
        guard delivered else { return }
        // Not `stop()`: it takes `connecting`, and a `stop()` from another thread holds `connecting` while it waits
        // for the loop's lock, which this thread holds: an app answering the end by stopping the player (on its own
        // thread, as soon as `onFinished` has told it) would hang both threads. Closing from the loop thread never
        // waits, and `deliveryGate` already keeps anything more from being delivered.
        playback.withLock { playback in
            defer { playback.connection = nil }
            return playback.connection
        }?.close()
    }

    /// Runs `body` unless stopped. Returns whether it ran.
    @discardableResult
    private func deliver(_ body: () -> Void) -> Bool {
        deliveryGate.withLock {
            guard !isStopped else { return false }
            body()
            return true
        }
    }

    deinit { playback.withLock { $0.connection }?.close() }
}
