/// The live input level (SPEC A.9): a loudness 0…1 smoothed so the mic's glow follows the voice without flicker.
///
/// Each update moves the level toward the latest reading: 60 % of the gap when rising (a voice should show at once),
/// 25 % when falling (so it decays instead of dropping out between syllables). Meant to be updated about 30 times a
/// second, the rate the UI reads it; at rest it is 0.
public struct LevelSmoother: Sendable, Equatable {
    /// The share of the gap closed by one update when the reading is above the level.
    public static let riseFraction = 0.6
    /// The share of the gap closed by one update when the reading is below the level.
    public static let fallFraction = 0.25
    /// How often the level is meant to be updated.
    public static let updatesPerSecond = 30.0
    /// The time between two updates, in seconds.
    public static var updateInterval: Double { 1 / updatesPerSecond }

    /// How close to the reading the level snaps onto it.
    public static let snapDistance = 0.0005

    /// The smoothed level, 0…1.
    public private(set) var level = 0.0

    /// A smoother at rest (level 0).
    public init() {}

    /// Moves the level toward `reading` (clamped to 0…1; a reading that is not a number counts as 0) and returns
    /// the new level.
    @discardableResult
    public mutating func update(toward reading: Double) -> Double {
        let target = reading.isNaN ? 0 : min(max(reading, 0), 1)
        let fraction = target > level ? Self.riseFraction : Self.fallFraction
        level += (target - level) * fraction
        // Snap the last sliver, so a level falling toward silence reaches exactly 0 and the UI can stop redrawing.
        if abs(target - level) < Self.snapDistance { level = target }
        return level
    }

    /// Back to rest: level 0.
    public mutating func reset() { level = 0 }
}
