/// The phases of a session (SPEC A.11).
public enum Phase: String, Sendable, Equatable, CaseIterable {
    /// At rest: no take.
    case idle
    /// Recording while a finger (or `press()`) holds the take.
    case holding
    /// Hands-free: recording without a finger on the control.
    case locked
    /// A hands-free take stopped by an interruption and kept; Send and Delete still work.
    case stopped
    /// With preview on (SPEC D.2): capture stopped, the take kept and open, to listen to, trim, resume or send.
    case paused

    /// Whether a take is being recorded (holding or locked).
    public var isRecording: Bool { self == .holding || self == .locked }
}
