/// One stream of events that any number of observers follow, each hearing every event in order.
///
/// A `Session` publishes everything it does through one (`Session.events`): the control draws from it, an app keeps
/// its sent takes from it, a tool prints it, a model hears what became of each take — each with an observation of
/// its own, none relaying for another. Observers are called synchronously, on the publisher's thread, in the order
/// they started observing, so an observer registered first (the control that draws a take's end) has acted before
/// the next one (the app that saves it) hears of it.
///
/// ```swift
/// let observation = session.events.observe { event in
///     if case .sent(let recording, _) = event { upload(recording.url) }
/// }
/// observation.cancel()   // or keep it for the session's lifetime
/// ```
///
/// Not thread-safe on purpose: like the session, use it from the publisher's thread only.
/// `@unchecked Sendable`: used on the publisher's (the session's) thread only, as said above
public final class EventStream<Event>: @unchecked Sendable {
    private var observers: [EventObservation<Event>] = []

    public init() {}

    /// Calls `handler` with every event published from now on, until the returned observation is cancelled.
    /// Dropping the observation does not end it (an app that never stops listening need not keep it).
    @discardableResult
    public func observe(_ handler: @escaping (Event) -> Void) -> EventObservation<Event> {
        let observation = EventObservation(stream: self, handler: handler)
        observers.append(observation)
        return observation
    }

    /// How many observations are following the stream.
    public var observerCount: Int { observers.count }

    /// Hands `event` to every observer, in the order they started observing. One that is cancelled while an
    /// earlier one handles the event does not hear it; one that starts observing meanwhile hears the next one.
    public func publish(_ event: Event) {
        for observer in observers where !observer.isCancelled { observer.handler(event) }
    }

    fileprivate func remove(_ observation: EventObservation<Event>) {
        observers.removeAll { $0 === observation }
    }
}

/// One observer's following of an `EventStream`; `cancel()` ends it.
/// `@unchecked Sendable`: made, called and cancelled on its stream's publisher thread only
public final class EventObservation<Event>: @unchecked Sendable {
    fileprivate let handler: (Event) -> Void
    private weak var stream: EventStream<Event>?
    /// Whether `cancel()` was called.
    public private(set) var isCancelled = false

    fileprivate init(stream: EventStream<Event>, handler: @escaping (Event) -> Void) {
        self.stream = stream
        self.handler = handler
    }

    /// Stops the handler from hearing any further event. Idempotent.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        stream?.remove(self)
    }
}
