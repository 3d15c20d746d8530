/// The minimum and maximum length of a take, clamped as SPEC A.4 says.
public struct Durations: Sendable, Equatable {
    /// The longest take, in seconds: at least 1; a non-finite value means 300. At this length the take is sent.
    public let maximum: Double
    /// The shortest take worth sending, in seconds: clamped to [0, maximum]; a non-finite value means 0.6.
    public let minimum: Double

    public static let defaultMinimum = 0.6
    public static let defaultMaximum = 300.0

    public init(minimum: Double = Durations.defaultMinimum, maximum: Double = Durations.defaultMaximum) {
        let maximum = maximum.isFinite ? max(maximum, 1) : Self.defaultMaximum
        let minimum = minimum.isFinite ? minimum : Self.defaultMinimum
        self.maximum = maximum
        self.minimum = min(max(minimum, 0), maximum)
    }
}
