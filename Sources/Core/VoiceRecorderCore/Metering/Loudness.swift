import Foundation

/// Loudness on the 0…1 scale the control shows (SPEC A.9): a quiet room near 0, speech about ½, a raised voice near 1.
///
/// The curve works from a level in dBFS: `clamp((dB + 52) / 52, 0, 1) ^ 1.5`. The 52 dB range is what a phone
/// microphone in a room can tell apart from its own noise; the 1.5 power keeps speech around the middle of the bar
/// instead of crowding the top.
public enum Loudness {
    /// The quietest level that still shows: at and below it the loudness is 0.
    public static let floorDecibels = -52.0
    /// The exponent that shapes the curve.
    public static let curveExponent = 1.5

    /// The level of a sample peak in dBFS: `20 · log10 |peak|`.
    ///
    /// - Returns: `nil` for silence (a zero peak) and for a peak that is not a number, so "no reading" stays
    ///   distinct from "very quiet".
    public static func decibels(peak: Double) -> Double? {
        let magnitude = abs(peak)
        guard magnitude > 0, magnitude.isFinite else { return nil }
        return 20 * log10(magnitude)
    }

    /// The loudness 0…1 of a level in dBFS; no reading (`nil`, or not a number) is 0.
    public static func level(decibels: Double?) -> Double {
        guard let decibels, !decibels.isNaN else { return 0 }
        let linear = min(max((decibels - floorDecibels) / -floorDecibels, 0), 1)
        return pow(linear, curveExponent)
    }

    /// The sample peak whose loudness is `level`: the inverse of `level(peak:)` on 0 < level ≤ 1
    /// (`10 ^ ((52 · level^(1/1.5) − 52) / 20)`), 0 for a level of 0 or below (and for one that is not a number).
    /// A level of 1 is a full-scale peak of 1.
    public static func peak(forLevel level: Double) -> Double {
        guard level > 0 else { return 0 }
        let linear = pow(min(level, 1), 1 / curveExponent)
        return pow(10, (floorDecibels + linear * -floorDecibels) / 20)
    }

    /// The loudness 0…1 of a sample peak (`peak → dBFS → curve`).
    public static func level(peak: Double) -> Double {
        level(decibels: decibels(peak: peak))
    }

    /// The largest magnitude in a run of PCM samples; 0 for an empty run. Samples that are not numbers are ignored.
    public static func peak(of samples: UnsafeBufferPointer<Float>) -> Float {
        var peak: Float = 0
        for sample in samples {
            let magnitude = abs(sample)
            // `>` is false for NaN, so a corrupt sample can never become the peak.
            if magnitude > peak { peak = magnitude }
        }
        return peak.isFinite ? peak : 0
    }

    /// The largest magnitude in a run of PCM samples; 0 for an empty run.
    public static func peak(of samples: ArraySlice<Float>) -> Float {
        samples.withUnsafeBufferPointer { peak(of: $0) }
    }

    /// The loudness 0…1 of a run of PCM samples, from its peak.
    public static func level(samples: ArraySlice<Float>) -> Double {
        level(peak: Double(peak(of: samples)))
    }

    /// The loudness 0…1 of a whole PCM buffer, from its peak.
    public static func level(samples: [Float]) -> Double {
        level(samples: samples[...])
    }
}
