import CPulseAudio
import Foundation
import Synchronization
import VoiceRecorder

/// The sound server's capture sources, listed and followed (SPEC F.1, F.2): the port the apps' Microphone menu and a
/// session's warnings use, and what `voicerec devices` prints.
///
/// Following keeps one connection of its own, subscribed to the server's source and server events (a source added,
/// removed, muted, the default changing), and lists the sources again after each burst of them. All of it runs on a
/// queue of its own: a server that answers slowly, or not at all, delays nobody (a take never waits for it). A
/// server that goes away is an empty list, and is connected to again every second until it is back.
public final class PulseAudioMicrophones: MicrophoneSources {
    /// The server address, or nil for the default.
    public let server: String?
    /// `application.name` shown by sound settings.
    public let applicationName: String
    /// How long the server may take to answer one query.
    public let timeout: Double

    /// The sources of `server` (nil: the default server), each query given `timeout` seconds.
    public init(server: String? = nil, applicationName: String = "Voice Recorder", timeout: Double = 1) {
        self.server = server
        self.applicationName = applicationName
        self.timeout = timeout
    }

    /// Every source of the server now, with which is the default, blocking for at most about twice `timeout`.
    public func list() throws(PulseAudioError) -> [Microphone] {
        let connection = try PulseConnection.open(server: server, applicationName: applicationName, timeout: timeout)
        defer { connection.close() }
        return try Self.list(on: connection, timeout: timeout)
    }

    public func follow(_ handler: @escaping @Sendable ([Microphone]) -> Void) -> MicrophoneFollowing {
        let following = SourceFollowing(sources: self, handler: handler)
        following.begin()
        return following
    }

    /// Unmutes `name` on a thread of its own; the server's change notification tells the followers.
    public func unmute(_ name: String) {
        DispatchQueue.global().async { [self] in try? setMute(false, sourceNamed: name) }
    }

    /// Mutes or unmutes `name`, blocking until the server has done it.
    public func setMute(_ muted: Bool, sourceNamed name: String) throws(PulseAudioError) {
        let connection = try PulseConnection.open(server: server, applicationName: applicationName, timeout: timeout)
        defer { connection.close() }
        try connection.setMute(muted, sourceNamed: name, timeout: timeout)
    }

    /// The sources on an open connection, the default marked.
    static func list(on connection: PulseConnection, timeout: Double) throws(PulseAudioError) -> [Microphone] {
        let defaultName = try connection.defaultSourceName(timeout: timeout)
        return try connection.sources(timeout: timeout).map { source in
            Microphone(
                name: source.name, description: source.description, isMonitor: source.isMonitor,
                isMuted: source.isMuted, isDefault: source.name == defaultName)
        }
    }
}

/// One `follow` under way: its connection, its queue, and the last list handed out.
/// `@unchecked Sendable`: its `var`s are used on `queue` only; the two flags are `Mutex`es
private final class SourceFollowing: MicrophoneFollowing, @unchecked Sendable {
    private let sources: PulseAudioMicrophones
    private let handler: @Sendable ([Microphone]) -> Void
    /// Everything below runs here, one thing at a time.
    private let queue = DispatchQueue(label: "voicerecorder.microphones")
    private let stopped = Mutex(false)
    /// Whether a listing is already queued: a burst of server events lists once.
    private let listingQueued = Mutex(false)
    private var connection: PulseConnection?
    private var last: [Microphone]?
    private var retryScheduled = false

    init(sources: PulseAudioMicrophones, handler: @escaping @Sendable ([Microphone]) -> Void) {
        self.sources = sources
        self.handler = handler
    }

    func begin() { queue.async { [self] in connect() } }

    func stop() {
        stopped.withLock { $0 = true }
        queue.async { [self] in
            connection?.close()
            connection = nil
        }
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// On the queue: connects and subscribes, or says "no sources" and tries again in a second.
    private func connect() {
        guard !isStopped else { return }
        do {
            let connection = try PulseConnection.open(
                server: sources.server, applicationName: sources.applicationName, timeout: sources.timeout)
            self.connection = connection
            connection.loop.withLock {
                connection.context.onServerEvent = { [weak self] _, _, _ in self?.queueListing() }
                connection.context.onStateChange = { [weak self] state in
                    guard PA_CONTEXT_IS_GOOD(state) == 0, let self else { return }
                    self.queue.async { [weak self] in self?.lost() }
                }
                connection.context.subscribe(
                    pa_subscription_mask_t(PA_SUBSCRIPTION_MASK_SOURCE.rawValue | PA_SUBSCRIPTION_MASK_SERVER.rawValue))
            }
            listNow()
        } catch {
            lost()
        }
    }

    /// On the queue: the server is gone (or never answered): no sources, and another try in a second.
    private func lost() {
        connection?.close()
        connection = nil
        deliver([])
        guard !isStopped, !retryScheduled else { return }
        retryScheduled = true
        queue.asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self else { return }
            self.retryScheduled = false
            if self.connection == nil { self.connect() }
        }
    }

    /// From the loop thread: lists again soon, once for a burst of events.
    private func queueListing() {
        let alreadyQueued = listingQueued.withLock { queued in
            defer { queued = true }
            return queued
        }
        if !alreadyQueued { queue.async { [weak self] in self?.listNow() } }
    }

    /// On the queue: lists the sources and hands them out when they changed.
    private func listNow() {
        listingQueued.withLock { $0 = false }
        guard !isStopped, let connection else { return }
        do {
            deliver(try PulseAudioMicrophones.list(on: connection, timeout: sources.timeout))
        } catch {
            lost()
        }
    }

    private func deliver(_ list: [Microphone]) {
        guard !isStopped, list != last else { return }
        last = list
        handler(list)
    }
}
