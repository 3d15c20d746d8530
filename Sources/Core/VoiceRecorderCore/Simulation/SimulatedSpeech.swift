import Foundation

/// The loudness of the simulated source (SPEC A.10): deterministic and speech-like, with no microphone.
///
/// A 6.4 s cycle of four phrases with pauses between them. Inside a phrase the loudness is
/// `phrase level × envelope × (0.35 + 0.65 × syllables) × (0.75 + 0.25 × grain)`, floored at 0.03, where
/// - the envelope rises over 0.12 s from the phrase's start and falls over its last 0.15 s (linearly), so a phrase
///   stays inside its stated span;
/// - syllables are `|sin(4.4π τ + 1.2 sin 1.3 τ)|`, a little over four per second with a wandering rhythm;
/// - the grain is a repeatable value 0..<1 per 50 ms window, from a hash of the window's index.
/// Between phrases a hum of 0.02–0.05, also per 50 ms window from a hash.
///
/// Everything uses τ, the time *within the cycle* (and the window index within the cycle), not the absolute time: so
/// the source really is a cycle — `loudness(at: t + 6.4) == loudness(at: t)` — and a preview, a screenshot or a test
/// sees the same sentence whenever it starts. (The cycle is exactly 128 windows long, so windows line up every cycle.)
public enum SimulatedSpeech {
    /// One phrase of the cycle: its span (seconds within the cycle) and its loudness.
    public struct Phrase: Sendable, Equatable {
        /// When the phrase starts, in seconds within the cycle.
        public var start: Double
        /// When the phrase ends, in seconds within the cycle.
        public var end: Double
        /// The phrase's loudness before syllables and grain.
        public var level: Double

        /// Whether `time` (seconds within the cycle) falls inside the phrase.
        public func contains(_ time: Double) -> Bool { time >= start && time < end }
    }

    /// The length of one cycle, in seconds.
    public static let cycleDuration = 6.4
    /// The four phrases of the cycle.
    public static let phrases: [Phrase] = [
        Phrase(start: 0.12, end: 1.6, level: 0.95),
        Phrase(start: 1.95, end: 3.3, level: 0.8),
        Phrase(start: 3.7, end: 4.45, level: 0.7),
        Phrase(start: 4.85, end: 6.05, level: 1.0),
    ]
    /// How long a phrase takes to rise to its level.
    public static let attack = 0.12
    /// How long a phrase takes to fall silent at its end.
    public static let release = 0.15
    /// The lowest loudness inside a phrase.
    public static let phraseFloor = 0.03
    /// The hum between phrases: from `humRange.lowerBound` to `humRange.upperBound`.
    public static let humRange = 0.02 ... 0.05
    /// The length of one grain (one metering window), in seconds.
    public static let grainDuration = AudioFormat.windowDuration

    private static let grainSeed: UInt64 = 0x5EED_0001
    private static let humSeed: UInt64 = 0x5EED_0002

    /// The loudness 0…1 at `time` seconds from the start of the source. Negative times count back from a cycle.
    public static func loudness(at time: Double) -> Double {
        guard time.isFinite else { return 0 }
        let tau = timeInCycle(time)
        let window = windowInCycle(tau)
        guard let phrase = phrases.first(where: { $0.contains(tau) }) else {
            return humRange.lowerBound
                + (humRange.upperBound - humRange.lowerBound) * RepeatableNoise.unit(window, seed: humSeed)
        }
        let syllables = abs(sin(4.4 * .pi * tau + 1.2 * sin(1.3 * tau)))
        let grain = RepeatableNoise.unit(window, seed: grainSeed)
        let value = phrase.level * envelope(phrase, at: tau) * (0.35 + 0.65 * syllables) * (0.75 + 0.25 * grain)
        return max(value, phraseFloor)
    }

    /// The phrase playing at `time` seconds from the start of the source, or `nil` in a pause.
    public static func phrase(at time: Double) -> Phrase? {
        guard time.isFinite else { return nil }
        let tau = timeInCycle(time)
        return phrases.first { $0.contains(tau) }
    }

    /// `time` folded into one cycle: 0 ..< 6.4.
    public static func timeInCycle(_ time: Double) -> Double {
        let folded = time.truncatingRemainder(dividingBy: cycleDuration)
        let positive = folded < 0 ? folded + cycleDuration : folded
        return positive < cycleDuration ? positive : 0
    }

    /// The 50 ms window within the cycle that `tau` (seconds within the cycle) falls in: 0 ..< 128.
    private static func windowInCycle(_ tau: Double) -> Int {
        let windowsPerCycle = Int((cycleDuration / grainDuration).rounded())
        // Snap a value a rounding error short of a boundary onto it (6.4 / 0.05 is 127.99… in binary).
        let position = tau / grainDuration
        let snapped = abs(position - position.rounded()) < 1e-9 ? position.rounded() : position.rounded(.down)
        return min(max(Int(snapped), 0), windowsPerCycle - 1)
    }

    /// The phrase's attack/release envelope 0…1 at `tau` inside it.
    private static func envelope(_ phrase: Phrase, at tau: Double) -> Double {
        let rise = (tau - phrase.start) / attack
        let fall = (phrase.end - tau) / release
        return min(max(min(rise, fall), 0), 1)
    }
}
