import CPulseAudio

/// A capture source as the server describes it.
public struct SourceInfo: Sendable, Equatable, CustomStringConvertible {
    /// The name to pass as a device (`--device`), e.g. `alsa_input.usb-…` or `sink.monitor`.
    public let name: String
    /// The human description, e.g. "Built-in Audio Analog Stereo".
    public let description: String
    /// Whether this source only mirrors what a sink plays (a "monitor"), rather than a microphone.
    public let isMonitor: Bool
    /// Whether the source is muted on the server (it then records silence).
    public let isMuted: Bool

    /// A source description.
    public init(name: String, description: String, isMonitor: Bool, isMuted: Bool = false) {
        self.name = name
        self.description = description
        self.isMonitor = isMonitor
        self.isMuted = isMuted
    }
}

/// Queries answered by the server. The blocking ones wait (lock held) with a deadline; call them outside the loop.
extension PulseConnection {
    /// The default source's name, as the server reports it.
    func defaultSourceName(timeout: Double) throws(PulseAudioError) -> String? {
        let box = QueryBox<String?>()
        try query(box, timeout: timeout, operation: "pa_context_get_server_info") { context, userdata in
            pa_context_get_server_info(
                context,
                { _, info, userdata in
                    guard let userdata else { return }
                    let box = Unmanaged<QueryBox<String?>>.fromOpaque(userdata).takeUnretainedValue()
                    box.items.append(info?.pointee.default_source_name.map { String(cString: $0) })
                    box.finish()
                }, userdata)
        }
        return box.items.first ?? nil
    }

    /// The source called `name`, or nil when the server has none by that name.
    func source(named name: String, timeout: Double) throws(PulseAudioError) -> SourceInfo? {
        let box = QueryBox<SourceInfo>()
        try query(box, timeout: timeout, operation: "pa_context_get_source_info_by_name") { context, userdata in
            pa_context_get_source_info_by_name(context, name, sourceInfoCallback, userdata)
        }
        return box.items.first
    }

    /// Every source of the server, in the server's order.
    func sources(timeout: Double) throws(PulseAudioError) -> [SourceInfo] {
        let box = QueryBox<SourceInfo>()
        try query(box, timeout: timeout, operation: "pa_context_get_source_info_list") { context, userdata in
            pa_context_get_source_info_list(context, sourceInfoCallback, userdata)
        }
        return box.items
    }

    /// Mutes or unmutes the source called `name`, and waits for the server to say it did.
    func setMute(_ muted: Bool, sourceNamed name: String, timeout: Double) throws(PulseAudioError) {
        let box = QueryBox<Bool>()
        try query(box, timeout: timeout, operation: "pa_context_set_source_mute_by_name") { context, userdata in
            pa_context_set_source_mute_by_name(
                context, name, muted ? 1 : 0,
                { _, success, userdata in
                    guard let userdata else { return }
                    let box = Unmanaged<QueryBox<Bool>>.fromOpaque(userdata).takeUnretainedValue()
                    box.items.append(success != 0)
                    box.finish()
                }, userdata)
        }
        if box.items.first != true {
            throw .noEntity(
                "There is no capture source named “\(name)”.", operation: "pa_context_set_source_mute_by_name")
        }
    }

    /// Starts an operation whose callback fills `box`, and waits for it to finish.
    private func query<T>(
        _ box: QueryBox<T>, timeout: Double, operation: String,
        _ start: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?
    ) throws(PulseAudioError) {
        box.loop = loop
        try loop.withLock { () throws(PulseAudioError) in
            guard let handle = context.handle else { throw .internalFailure(operation) }
            context.retain(box)
            defer { context.release(box) }
            guard let pending = start(handle, Unmanaged.passUnretained(box).toOpaque()) else {
                throw context.lastError(operation)
            }
            defer { pa_operation_unref(pending) }
            try waitUntil(timeout: timeout, operation: operation) { box.done || !context.isGood }
            if !box.done {
                pa_operation_cancel(pending)
                throw context.lastError(operation)
            }
        }
    }

    /// Asks (without waiting) for the `media.role` of a playback (sink input) or recording (source output) stream;
    /// `completion` runs once on the loop thread, with nil when the stream is gone or has no role.
    /// Call on the loop thread or under the lock.
    func lookUpRole(ofStreamAt index: UInt32, isPlayback: Bool, completion: @escaping (String?) -> Void) {
        guard let handle = context.handle else { return }
        let box = RoleLookup(context: context, completion: completion)
        context.retain(box)
        let userdata = Unmanaged.passUnretained(box).toOpaque()
        let pending: OpaquePointer?
        if isPlayback {
            pending = pa_context_get_sink_input_info(
                handle, index,
                { _, info, eol, userdata in
                    guard let userdata else { return }
                    Unmanaged<RoleLookup>.fromOpaque(userdata).takeUnretainedValue()
                        .answer(eol != 0 ? nil : info.flatMap { roleProperty($0.pointee.proplist) }, isLast: eol != 0)
                }, userdata)
        } else {
            pending = pa_context_get_source_output_info(
                handle, index,
                { _, info, eol, userdata in
                    guard let userdata else { return }
                    Unmanaged<RoleLookup>.fromOpaque(userdata).takeUnretainedValue()
                        .answer(eol != 0 ? nil : info.flatMap { roleProperty($0.pointee.proplist) }, isLast: eol != 0)
                }, userdata)
        }
        if let pending { pa_operation_unref(pending) } else { context.release(box) }
    }
}

/// Fills a `QueryBox<SourceInfo>` from a source-info callback (by name or the whole list).
private let sourceInfoCallback: pa_source_info_cb_t = { _, info, eol, userdata in
    guard let userdata else { return }
    let box = Unmanaged<QueryBox<SourceInfo>>.fromOpaque(userdata).takeUnretainedValue()
    if eol != 0 {  // > 0: end of list; < 0: no such source (or another error)
        box.finish()
        return
    }
    guard let info = info?.pointee, let name = info.name else { return }
    box.items.append(
        SourceInfo(
            name: String(cString: name),
            description: info.description.map { String(cString: $0) } ?? String(cString: name),
            isMonitor: info.monitor_of_sink != vr_pa_invalid_index(), isMuted: info.mute != 0))
}

/// `media.role` from a stream's property list.
private func roleProperty(_ properties: OpaquePointer?) -> String? {
    guard let properties, let role = pa_proplist_gets(properties, vr_pa_prop_media_role()) else { return nil }
    return String(cString: role)
}

/// What a blocking query collected. Touched only on the loop thread or under its lock.
/// `@unchecked Sendable`: filled by loop callbacks and read by the waiting caller, both under the loop's lock
private final class QueryBox<T>: @unchecked Sendable {
    var items: [T] = []
    var done = false
    var loop: ThreadedMainLoop?
    func finish() {
        done = true
        loop?.signal()
    }
}

/// One non-blocking role lookup; answers once, then lets the context release it.
/// `@unchecked Sendable`: made under the loop's lock, then answered by a callback on the loop thread only
private final class RoleLookup: @unchecked Sendable {
    private weak var context: PulseContext?
    private var completion: ((String?) -> Void)?
    init(context: PulseContext, completion: @escaping (String?) -> Void) {
        self.context = context
        self.completion = completion
    }
    func answer(_ role: String?, isLast: Bool) {
        if let completion {
            self.completion = nil
            completion(role)
        }
        if isLast { context?.release(self) }
    }
}
