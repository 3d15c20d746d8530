/// The playback speeds (SPEC B.4), pitch kept. The choice is remembered for the app.
public enum PlaybackSpeed: Double, Sendable, Equatable, CaseIterable {
    case normal = 1
    case oneAndAHalf = 1.5
    case double = 2

    /// The rate the player plays at.
    public var rate: Double { rawValue }

    /// How a button shows it: "1×", "1.5×", "2×".
    public var label: String {
        switch self {
        case .normal: "1×"
        case .oneAndAHalf: "1.5×"
        case .double: "2×"
        }
    }

    /// The next speed on a button that cycles through them (2× goes back to 1×).
    public var next: PlaybackSpeed {
        switch self {
        case .normal: .oneAndAHalf
        case .oneAndAHalf: .double
        case .double: .normal
        }
    }

    /// The speed for a saved rate; nil when the rate is not one of the three.
    public init?(rate: Double) { self.init(rawValue: rate) }
}
