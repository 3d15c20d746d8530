import CPulseAudio

/// Owns one `pa_stream` of mono float32 PCM at 24 kHz, recording or playing, on a `PulseContext`.
///
/// Same rules as `PulseContext`: call it on the loop thread or under `loop.withLock`; callbacks run on the loop
/// thread with the lock held; their closures live in a box retained until `invalidate()`.
/// `@unchecked Sendable`: used on the loop thread or under the loop's lock only; freed once the loop stopped
final class PulseStream: @unchecked Sendable {
    /// The owned handle, until `invalidate()`.
    private(set) var handle: OpaquePointer?
    private let context: PulseContext
    private let callbacks = StreamCallbacks()
    private var retainedCallbacks: Unmanaged<StreamCallbacks>?
    private var pendingCompletions: [ObjectIdentifier: CompletionBox] = [:]

    /// The one sample format of the package (`AudioFormat`), as PulseAudio spells it.
    static let sampleSpec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: 24_000, channels: 1)
    /// Bytes per mono float frame.
    static let bytesPerFrame = MemoryLayout<Float>.size

    /// Creates an unconnected stream named `name`, with `media.role` = `role`.
    init(context: PulseContext, name: String, role: String) throws(PulseAudioError) {
        self.context = context
        guard let contextHandle = context.handle else { throw .internalFailure("pa_stream_new_with_proplist") }
        guard let properties = pa_proplist_new() else { throw .internalFailure("pa_proplist_new") }
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, vr_pa_prop_media_role(), role)
        pa_proplist_sets(properties, vr_pa_prop_media_name(), name)
        var spec = PulseStream.sampleSpec
        var map = pa_channel_map()
        pa_channel_map_init_mono(&map)
        guard let stream = pa_stream_new_with_proplist(contextHandle, name, &spec, &map, properties) else {
            throw context.lastError("pa_stream_new_with_proplist")
        }
        handle = stream
        callbacks.loop = context.loop
        let box = Unmanaged.passRetained(callbacks)
        retainedCallbacks = box
        let userdata = box.toOpaque()
        pa_stream_set_state_callback(
            stream,
            { stream, userdata in
                guard let stream, let userdata else { return }
                StreamCallbacks.from(userdata).stateChanged(pa_stream_get_state(stream))
            }, userdata)
        pa_stream_set_read_callback(
            stream,
            { _, bytes, userdata in
                guard let userdata else { return }
                StreamCallbacks.from(userdata).onReadable?(bytes)
            }, userdata)
        pa_stream_set_write_callback(
            stream,
            { _, bytes, userdata in
                guard let userdata else { return }
                StreamCallbacks.from(userdata).onWritable?(bytes)
            }, userdata)
        pa_stream_set_event_callback(
            stream,
            { _, name, _, userdata in
                guard let userdata, let name else { return }
                StreamCallbacks.from(userdata).onEvent?(String(cString: name))
            }, userdata)
        pa_stream_set_suspended_callback(
            stream,
            { stream, userdata in
                guard let stream, let userdata else { return }
                StreamCallbacks.from(userdata).onSuspended?(pa_stream_is_suspended(stream) > 0)
            }, userdata)
        pa_stream_set_moved_callback(
            stream,
            { _, userdata in
                guard let userdata else { return }
                StreamCallbacks.from(userdata).onMoved?()
            }, userdata)
    }

    // MARK: Callbacks

    /// Every state change (waiters are woken first).
    var onStateChange: ((pa_stream_state_t) -> Void)? {
        get { callbacks.onState }
        set { callbacks.onState = newValue }
    }
    /// Recorded data is ready (this many bytes in all): read it with `readAvailable(readableBytes:)`.
    var onReadable: ((Int) -> Void)? {
        get { callbacks.onReadable }
        set { callbacks.onReadable = newValue }
    }
    /// The server wants this many more bytes to play.
    var onWritable: ((Int) -> Void)? {
        get { callbacks.onWritable }
        set { callbacks.onWritable = newValue }
    }
    /// A named event from the server, such as `"request-cork"`.
    var onEvent: ((String) -> Void)? {
        get { callbacks.onEvent }
        set { callbacks.onEvent = newValue }
    }
    /// The device was suspended (true) or resumed (false).
    var onSuspended: ((Bool) -> Void)? {
        get { callbacks.onSuspended }
        set { callbacks.onSuspended = newValue }
    }
    /// The server moved the stream to another device.
    var onMoved: (() -> Void)? {
        get { callbacks.onMoved }
        set { callbacks.onMoved = newValue }
    }

    // MARK: State

    /// The stream's state (`PA_STREAM_TERMINATED` once invalidated).
    var state: pa_stream_state_t {
        guard let handle else { return PA_STREAM_TERMINATED }
        return pa_stream_get_state(handle)
    }

    /// The server's index of this stream (a source output or sink input), once ready.
    var index: UInt32? {
        guard let handle else { return nil }
        let index = pa_stream_get_index(handle)
        return index == vr_pa_invalid_index() ? nil : index
    }

    /// The name of the device the stream is connected to, once ready.
    var deviceName: String? {
        guard let handle, let name = pa_stream_get_device_name(handle) else { return nil }
        return String(cString: name)
    }

    // MARK: Connecting

    /// The bytes of `milliseconds` of the stream's audio.
    static func bytes(milliseconds: Int) -> Int { Int(sampleSpec.rate) * milliseconds / 1_000 * bytesPerFrame }

    /// Buffer sizes for about `milliseconds` of audio per transfer.
    static func bufferAttributes(milliseconds: Int) -> pa_buffer_attr {
        let bytes = UInt32(bytes(milliseconds: milliseconds))
        let unset = UInt32.max  // (uint32_t)-1: let the server choose
        return pa_buffer_attr(maxlength: unset, tlength: bytes, prebuf: unset, minreq: unset, fragsize: bytes)
    }

    /// Starts recording from `device` (nil: the default source) in transfers of about `fragmentMilliseconds`;
    /// `corked`, the stream is set up but the server sends nothing until `cork(false)`.
    func connectRecord(device: String?, fragmentMilliseconds: Int, corked: Bool = false) throws(PulseAudioError) {
        guard let handle, let contextHandle = context.handle else { throw .internalFailure("pa_stream_connect_record") }
        var attributes = PulseStream.bufferAttributes(milliseconds: fragmentMilliseconds)
        var flags = pa_stream_flags_t(PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_DONT_MOVE.rawValue)
        if corked { flags = pa_stream_flags_t(flags.rawValue | PA_STREAM_START_CORKED.rawValue) }
        try PulseAudioError.check(
            pa_stream_connect_record(handle, device, &attributes, flags), context: contextHandle,
            operation: "pa_stream_connect_record")
    }

    /// Starts playing to `device` (nil: the default sink) with about `latencyMilliseconds` of buffering.
    func connectPlayback(device: String?, latencyMilliseconds: Int) throws(PulseAudioError) {
        guard let handle, let contextHandle = context.handle else {
            throw .internalFailure("pa_stream_connect_playback")
        }
        var attributes = PulseStream.bufferAttributes(milliseconds: latencyMilliseconds)
        attributes.fragsize = UInt32.max
        let flags = pa_stream_flags_t(
            PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_INTERPOLATE_TIMING.rawValue
                | PA_STREAM_AUTO_TIMING_UPDATE.rawValue)
        try PulseAudioError.check(
            pa_stream_connect_playback(handle, device, &attributes, flags, nil, nil), context: contextHandle,
            operation: "pa_stream_connect_playback")
    }

    /// Asks a recording stream for transfers of about `milliseconds` from now on; no answer is awaited.
    func setRecordFragment(milliseconds: Int) {
        guard let handle else { return }
        var attributes = PulseStream.bufferAttributes(milliseconds: milliseconds)
        guard let operation = pa_stream_set_buffer_attr(handle, &attributes, nil, nil) else { return }
        pa_operation_unref(operation)
    }

    /// Whether the stream is corked (paused: a recording stream is sent nothing).
    var isCorked: Bool {
        guard let handle else { return false }
        return pa_stream_is_corked(handle) > 0
    }

    /// Corks or uncorks the stream (ready streams only); the server follows at once, no answer is awaited.
    func cork(_ corked: Bool) {
        guard let handle, let operation = pa_stream_cork(handle, corked ? 1 : 0, nil, nil) else { return }
        pa_operation_unref(operation)
    }

    // MARK: Data

    /// Takes the recorded fragments waiting in the stream, as samples: `readableBytes` of them, what the read
    /// callback was told. Holes (data lost by the server) are skipped.
    ///
    /// Told the size, it asks libpulse nothing more than each fragment and its release: every call into libpulse
    /// checks for a fork with a system call, and a recording makes hundreds of these reads a second.
    func readAvailable(readableBytes: Int) throws(PulseAudioError) -> [Float] {
        guard let handle, let contextHandle = context.handle else { return [] }
        var remaining = readableBytes
        var samples: [Float] = []
        samples.reserveCapacity(max(0, remaining) / PulseStream.bytesPerFrame)
        while remaining > 0 {
            var data: UnsafeRawPointer?
            var bytes = 0
            try PulseAudioError.check(
                pa_stream_peek(handle, &data, &bytes), context: contextHandle, operation: "pa_stream_peek")
            if bytes == 0 { break }  // nothing queued after all
            if let data {
                let count = bytes / PulseStream.bytesPerFrame
                samples.append(
                    contentsOf: UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count))
            }
            pa_stream_drop(handle)
            remaining -= bytes
        }
        return samples
    }

    /// Queues samples for playback (libpulse copies them).
    func write(_ samples: [Float]) throws(PulseAudioError) {
        guard let handle, let contextHandle = context.handle, !samples.isEmpty else { return }
        let result = samples.withUnsafeBytes { bytes in
            pa_stream_write(handle, bytes.baseAddress, bytes.count, nil, 0, PA_SEEK_RELATIVE)
        }
        try PulseAudioError.check(result, context: contextHandle, operation: "pa_stream_write")
    }

    /// The stream's clock in seconds: for playback, how much has actually been heard (interpolated between updates).
    func time() -> Double? {
        guard let handle else { return nil }
        var microseconds: pa_usec_t = 0
        guard pa_stream_get_time(handle, &microseconds) >= 0 else { return nil }
        return Double(microseconds) / 1_000_000
    }

    /// How many bytes the server asked for and has not been given yet: what `write` may queue now.
    var writableBytes: Int {
        guard let handle else { return 0 }
        return max(0, pa_stream_writable_size(handle))  // (size_t)-1, seen here as -1, means an error
    }

    /// Waits (asynchronously) until everything queued was played; `completion` runs on the loop thread.
    func drain(_ completion: @escaping (Bool) -> Void) {
        run(completion) { handle, callback, userdata in pa_stream_drain(handle, callback, userdata) }
    }

    /// Drops everything queued and not yet played: the next write is heard next. `completion` runs on the loop
    /// thread once the server has dropped it.
    func flush(_ completion: @escaping (Bool) -> Void) {
        run(completion) { handle, callback, userdata in pa_stream_flush(handle, callback, userdata) }
    }

    private func run(
        _ completion: @escaping (Bool) -> Void,
        _ start: (OpaquePointer, pa_stream_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        guard let handle else { return }
        let box = CompletionBox(completion)
        box.owner = self
        pendingCompletions[ObjectIdentifier(box)] = box
        let callback: pa_stream_success_cb_t = { _, success, userdata in
            guard let userdata else { return }
            let box = Unmanaged<CompletionBox>.fromOpaque(userdata).takeUnretainedValue()
            box.owner?.pendingCompletions[ObjectIdentifier(box)] = nil
            box.completion(success != 0)
        }
        if let operation = start(handle, callback, Unmanaged.passUnretained(box).toOpaque()) {
            pa_operation_unref(operation)
        } else {
            pendingCompletions[ObjectIdentifier(box)] = nil
        }
    }

    // MARK: Teardown

    /// Stops the stream on the server at once (the device is released); callbacks stay registered.
    func disconnect() {
        guard let handle else { return }
        if PA_STREAM_IS_GOOD(pa_stream_get_state(handle)) != 0 { pa_stream_disconnect(handle) }
    }

    /// Clears the C callbacks, disconnects and frees the handle. Only once the loop is stopped (or on its thread).
    func invalidate() {
        guard let handle else { return }
        disconnect()
        self.handle = nil
        pa_stream_set_state_callback(handle, nil, nil)
        pa_stream_set_read_callback(handle, nil, nil)
        pa_stream_set_write_callback(handle, nil, nil)
        pa_stream_set_event_callback(handle, nil, nil)
        pa_stream_set_suspended_callback(handle, nil, nil)
        pa_stream_set_moved_callback(handle, nil, nil)
        pa_stream_unref(handle)
        callbacks.clear()
        retainedCallbacks?.release()
        retainedCallbacks = nil
        pendingCompletions.removeAll()
    }

    deinit { invalidate() }
}

/// The closures behind a stream's C callbacks. Touched only on the loop thread or under its lock.
/// `@unchecked Sendable`: its closures are set and called on the loop thread or under the loop's lock only
private final class StreamCallbacks: @unchecked Sendable {
    weak var loop: ThreadedMainLoop?
    var onState: ((pa_stream_state_t) -> Void)?
    var onReadable: ((Int) -> Void)?
    var onWritable: ((Int) -> Void)?
    var onEvent: ((String) -> Void)?
    var onSuspended: ((Bool) -> Void)?
    var onMoved: (() -> Void)?

    static func from(_ userdata: UnsafeMutableRawPointer) -> StreamCallbacks {
        Unmanaged<StreamCallbacks>.fromOpaque(userdata).takeUnretainedValue()
    }

    /// Wakes anyone waiting for the stream to connect, then tells the owner.
    func stateChanged(_ state: pa_stream_state_t) {
        loop?.signal()
        onState?(state)
    }

    func clear() {
        onState = nil
        onReadable = nil
        onWritable = nil
        onEvent = nil
        onSuspended = nil
        onMoved = nil
    }
}

/// One drain or flush in flight.
private final class CompletionBox {
    let completion: (Bool) -> Void
    weak var owner: PulseStream?
    init(_ completion: @escaping (Bool) -> Void) { self.completion = completion }
}
