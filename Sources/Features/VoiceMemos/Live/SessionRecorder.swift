import Foundation
import VoiceRecorder

/// The live recorder: the `Session` behind the hold-to-record control. The person drives the session with the
/// control; the model drives it with the record button; either way the model hears of each take from the
/// session's events.
///
/// The session's `onEvent` may already belong to someone (the GTK widget draws from it). This recorder then
/// either chains itself after the existing handler (`installsEventHandler: true`, the default) or is fed events by
/// whoever owns the handler (`receive(_:)`).
public final class SessionRecorder: MemoRecorder, @unchecked Sendable {
    /// The session recorded with.
    public let session: Session
    private var handler: (@Sendable (RecorderReport) -> Void)?

    /// A recorder over `session`. With `installsEventHandler`, it becomes the session's `onEvent`, calling the
    /// handler that was there first.
    public init(session: Session, installsEventHandler: Bool = true) {
        self.session = session
        guard installsEventHandler else { return }
        let previous = session.onEvent
        session.onEvent = { [weak self] event in
            previous?(event)
            self?.receive(event)
        }
    }

    /// Passes on one of the session's events (on the session's thread). Only the ones that decide what becomes of
    /// a take matter here.
    public func receive(_ event: SessionEvent) {
        guard let report = Self.report(for: event) else { return }
        handler?(report)
    }

    /// What a session event tells the model, if anything.
    public static func report(for event: SessionEvent) -> RecorderReport? {
        switch event {
        case .phase(let phase): .phase(phase)
        case .sent(let recording, _): .sent(recording)
        case .cancelled(let reason): .cancelled(reason)
        case .tooShort: .cancelled(.tooShort)
        case .failure(let message): .failed(message)
        case .hint(.accessOff, _): .accessRefused
        case .hint, .hintHidden, .feedback, .announce, .accessRequested, .missingMicrophoneUsageDeclaration,
            .pressed, .passThrough, .springHome, .listening:
            nil
        }
    }

    public func setReportHandler(_ handler: @escaping @Sendable (RecorderReport) -> Void) { self.handler = handler }
    public func start() { session.start() }
    public func send() { session.send() }
    public func cancel() { session.cancel() }
    public var elapsed: Double { session.elapsed }
}
