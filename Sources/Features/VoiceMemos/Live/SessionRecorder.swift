import Foundation
import VoiceRecorder

/// The live recorder: the `Session` behind the hold-to-record control. The person drives the session with the
/// control; the model drives it with the record button; either way the model hears of each take from the
/// session's events, which this recorder follows (as one observer among others: the control draws from the same
/// stream) once the model has set its report handler.
/// `@unchecked Sendable`: used on the session's thread only, like the `Session` it drives
public final class SessionRecorder: MemoRecorder, @unchecked Sendable {
    /// The session recorded with.
    public let session: Session
    private var observation: EventObservation<SessionEvent>?

    /// A recorder over `session`; it follows the session's events from `setReportHandler(_:)` on.
    public init(session: Session) { self.session = session }

    deinit { observation?.cancel() }

    /// What a session event tells the model, if anything.
    public static func report(for event: SessionEvent) -> RecorderReport? {
        switch event {
        case .phase(let phase): .phase(phase)
        case .sent(let recording, _): .sent(recording)
        case .cancelled(let reason): .cancelled(reason)
        case .tooShort: .cancelled(.tooShort)
        case .failure(let failure): failure.kind == .noSound ? .noSound(failure.message) : .failed(failure.message)
        case .hint(.accessOff, _): .accessRefused
        case .hint, .hintHidden, .feedback, .announce, .accessRequested, .missingMicrophoneUsageDeclaration,
            .pressed, .passThrough, .springHome, .listening, .microphoneWarning, .microphones:
            nil
        }
    }

    /// Starts (or, called again, restarts) following the session's events, handing `handler` the ones that decide
    /// what becomes of a take. Observers hear events in the order they started observing: set it after the
    /// control is made, and the control has drawn each event before the model hears it.
    public func setReportHandler(_ handler: @escaping @Sendable (RecorderReport) -> Void) {
        observation?.cancel()
        observation = session.events.observe { event in
            if let report = Self.report(for: event) { handler(report) }
        }
    }
    public func start() { session.start() }
    public func send() { session.send() }
    public func cancel() { session.cancel() }
    public var elapsed: Double { session.elapsed }
}
