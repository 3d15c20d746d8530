/// The hint bubbles that bud out of the mic (SPEC A.12).
public enum HintKind: String, Sendable, Equatable, CaseIterable {
    /// "Hold to record, release to send": after a tap, a too-short take, or access granted.
    case hold
    /// "Microphone access is off" with a Settings action.
    case accessOff
    /// "Recording stopped": a take ended by an interruption or a failed start.
    case stopped
    /// "Microphone is muted": the take's source is muted on the sound server (SPEC F.2); the take records on.
    case microphoneMuted

    /// How long the hint stays out before it melts home, in seconds.
    public var visibleDuration: Double { self == .accessOff ? 4.0 : 2.2 }
}
