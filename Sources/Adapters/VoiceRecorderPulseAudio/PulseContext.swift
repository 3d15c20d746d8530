import CPulseAudio

/// Owns one `pa_context`: the connection to a sound server, living on a `ThreadedMainLoop`.
///
/// Every method must be called on the loop thread or under `loop.withLock` (see `ThreadedMainLoop`). The callbacks
/// set here run on the loop thread with the lock held. Their closures live in a box retained for as long as the C
/// side may call it, and released in `invalidate()` after the C callbacks were cleared.
/// `@unchecked Sendable`: used on the loop thread or under the loop's lock only; freed once the loop stopped
final class PulseContext: @unchecked Sendable {
    /// The owned handle, until `invalidate()`.
    private(set) var handle: OpaquePointer?
    let loop: ThreadedMainLoop
    private let callbacks = ContextCallbacks()
    private var retainedCallbacks: Unmanaged<ContextCallbacks>?
    /// Boxes of operations in flight, kept alive here until their last callback (or teardown, if it never comes).
    private var pendingOperations: [ObjectIdentifier: AnyObject] = [:]

    /// Creates a context named after the application (`application.name`, `application.id`).
    init(loop: ThreadedMainLoop, applicationName: String, applicationID: String) throws(PulseAudioError) {
        self.loop = loop
        guard let properties = pa_proplist_new() else { throw .internalFailure("pa_proplist_new") }
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, vr_pa_prop_application_name(), applicationName)
        pa_proplist_sets(properties, vr_pa_prop_application_id(), applicationID)
        guard let context = pa_context_new_with_proplist(loop.api, applicationName, properties) else {
            throw .internalFailure("pa_context_new_with_proplist")
        }
        handle = context
        let box = Unmanaged.passRetained(callbacks)
        retainedCallbacks = box
        pa_context_set_state_callback(
            context,
            { context, userdata in
                guard let context, let userdata else { return }
                Unmanaged<ContextCallbacks>.fromOpaque(userdata).takeUnretainedValue()
                    .stateChanged(pa_context_get_state(context))
            }, box.toOpaque())
        pa_context_set_subscribe_callback(
            context,
            { _, event, index, userdata in
                guard let userdata else { return }
                Unmanaged<ContextCallbacks>.fromOpaque(userdata).takeUnretainedValue().serverEvent(event, index)
            }, box.toOpaque())
        callbacks.loop = loop
    }

    /// Called on every state change (after waking waiters).
    var onStateChange: ((pa_context_state_t) -> Void)? {
        get { callbacks.onState }
        set { callbacks.onState = newValue }
    }

    /// Called for each subscribed server event: facility, kind (new/change/remove) and object index.
    var onServerEvent:
        ((_ facility: pa_subscription_event_type_t, _ kind: pa_subscription_event_type_t, _ index: UInt32) -> Void)?
    {
        get { callbacks.onEvent }
        set { callbacks.onEvent = newValue }
    }

    /// The context's current state (`PA_CONTEXT_TERMINATED` once invalidated).
    var state: pa_context_state_t {
        guard let handle else { return PA_CONTEXT_TERMINATED }
        return pa_context_get_state(handle)
    }

    /// Whether the context is connected or connecting.
    var isGood: Bool { PA_CONTEXT_IS_GOOD(state) != 0 }

    /// The error the context last recorded.
    func lastError(_ operation: String) -> PulseAudioError {
        guard let handle else { return .internalFailure(operation) }
        return .last(of: handle, operation: operation)
    }

    /// Starts connecting to `server` (nil: libpulse's default, honouring `PULSE_SERVER`). Never autospawns a server:
    /// recording must not start a sound server behind the desktop's back.
    func connect(server: String?) throws(PulseAudioError) {
        guard let handle else { throw .internalFailure("pa_context_connect") }
        try PulseAudioError.check(
            pa_context_connect(handle, server, PA_CONTEXT_NOAUTOSPAWN, nil), context: handle,
            operation: "pa_context_connect")
    }

    /// Asks the server to report events about `mask` (sources, sink inputs, …) through `onServerEvent`.
    func subscribe(_ mask: pa_subscription_mask_t) {
        guard let handle else { return }
        if let operation = pa_context_subscribe(handle, mask, nil, nil) { pa_operation_unref(operation) }
    }

    /// Keeps `box` alive while its operation is in flight.
    func retain(_ box: AnyObject) { pendingOperations[ObjectIdentifier(box)] = box }

    /// Lets go of a finished operation's box.
    func release(_ box: AnyObject) { pendingOperations[ObjectIdentifier(box)] = nil }

    /// Disconnects, clears the C callbacks and frees the handle. Only once the loop is stopped (or on its thread).
    func invalidate() {
        guard let handle else { return }
        self.handle = nil
        pa_context_set_state_callback(handle, nil, nil)
        pa_context_set_subscribe_callback(handle, nil, nil)
        if PA_CONTEXT_IS_GOOD(pa_context_get_state(handle)) != 0 { pa_context_disconnect(handle) }
        pa_context_unref(handle)
        callbacks.onState = nil
        callbacks.onEvent = nil
        retainedCallbacks?.release()
        retainedCallbacks = nil
        pendingOperations.removeAll()
    }

    deinit { invalidate() }
}

/// The closures behind a context's C callbacks. Touched only on the loop thread or under its lock.
/// `@unchecked Sendable`: its closures are set and called on the loop thread or under the loop's lock only
private final class ContextCallbacks: @unchecked Sendable {
    weak var loop: ThreadedMainLoop?
    var onState: ((pa_context_state_t) -> Void)?
    var onEvent: ((pa_subscription_event_type_t, pa_subscription_event_type_t, UInt32) -> Void)?
    /// Wakes anyone waiting for the connection, then tells the owner.
    func stateChanged(_ state: pa_context_state_t) {
        loop?.signal()
        onState?(state)
    }
    func serverEvent(_ event: pa_subscription_event_type_t, _ index: UInt32) {
        onEvent?(vr_pa_event_facility(event), vr_pa_event_kind(event), index)
    }
}
