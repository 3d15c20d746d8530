import VoiceRecorderCore

/// How often a recording session reads its meter: the level, the bars and the clock that a screen draws, and the
/// checks that ride on them (the microphone's warnings, the listening clock of SPEC D.3).
public enum LiveUpdates: Sendable, Equatable {
    /// About 30 times a second (SPEC A.11): something draws the level and the clock.
    case drawn
    /// 5 times a second: nothing draws them (a take recorded by a script, with no terminal to show its live
    /// line). The microphone's warnings still come within their 0.5 s, and the maximum is still cut exactly (the
    /// take's pipeline cuts it, not the meter); the process wakes a sixth as often.
    case unseen

    /// The time between two readings, in seconds.
    public var interval: Double {
        switch self {
        case .drawn: LevelSmoother.updateInterval
        case .unseen: 0.2
        }
    }
}
