/// Haptic feedback moments (SPEC A.13). On a desktop there are no haptics, so they are published as events an app can
/// observe and tests can assert. Emitted on transitions, never per frame.
public enum Feedback: String, Sendable, Equatable, CaseIterable {
    /// Recording starts.
    case medium
    /// The discard threshold is crossed, either way.
    case selection
    /// The take locked into hands-free.
    case rigid
    /// A take was discarded.
    case warning
    /// A take was sent.
    case light
    /// A hint appears.
    case soft
    /// The maximum duration sent the take.
    case success
}
