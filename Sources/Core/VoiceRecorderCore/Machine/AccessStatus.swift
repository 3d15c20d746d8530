/// The microphone access states (SPEC A.7, C).
public enum AccessStatus: String, Sendable, Equatable, CaseIterable {
    /// Granted: a capture source is reachable and usable.
    case granted
    /// Refused, or no capture source reachable.
    case denied
    /// Never asked: the first press asks.
    case undetermined
    /// The app has not declared why it wants the microphone: never ask, show access-off.
    case undeclared
}
