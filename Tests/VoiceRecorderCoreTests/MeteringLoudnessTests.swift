import Foundation
import Testing

@testable import VoiceRecorderCore

@Suite("Loudness (SPEC A.9)")
struct MeteringLoudnessTests {
    @Test(
        "dBFS of a peak is 20·log10|peak|",
        arguments: [
            (1.0, 0.0), (-1.0, 0.0), (0.5, -6.0206), (0.1, -20.0), (0.001, -60.0), (2.0, 6.0206),
        ])
    func decibelsOfPeak(peak: Double, expected: Double) throws {
        let decibels = try #require(Loudness.decibels(peak: peak))
        #expect(abs(decibels - expected) < 1e-4)
    }

    @Test("Silence and non-numbers have no reading", arguments: [0.0, -0.0, Double.nan, Double.infinity])
    func silenceHasNoDecibels(peak: Double) {
        #expect(Loudness.decibels(peak: peak) == nil)
    }

    @Test(
        "Loudness curve clamp((dB + 52)/52, 0, 1)^1.5",
        arguments: [
            (0.0, 1.0), (6.0, 1.0), (-52.0, 0.0), (-80.0, 0.0), (-26.0, 0.353553), (-13.0, 0.649519), (-39.0, 0.125),
        ])
    func curve(decibels: Double, expected: Double) {
        #expect(abs(Loudness.level(decibels: decibels) - expected) < 1e-5)
    }

    @Test("No reading is 0")
    func noReading() {
        #expect(Loudness.level(decibels: nil) == 0)
        #expect(Loudness.level(decibels: .nan) == 0)
        #expect(Loudness.level(peak: 0) == 0)
    }

    @Test(
        "A PCM slice's loudness comes from its peak magnitude",
        arguments: [
            ([Float](), 0.0),
            ([0, 0, 0], 0.0),
            ([0.1, -0.5, 0.25], Loudness.level(peak: 0.5)),
            ([0.05, Float.nan, -0.2], Loudness.level(peak: Double(Float(0.2)))),
            ([1, -1], 1.0),
        ] as [([Float], Double)])
    func sliceLevel(samples: [Float], expected: Double) {
        #expect(abs(Loudness.level(samples: samples) - expected) < 1e-9)
        #expect(abs(Loudness.level(samples: samples[...]) - expected) < 1e-9)
    }

    @Test("The peak ignores NaN and is 0 for an empty run")
    func peak() {
        #expect(Loudness.peak(of: [Float]()[...]) == 0)
        #expect(Loudness.peak(of: [Float.nan][...]) == 0)
        #expect(Loudness.peak(of: [0.3, -0.7, Float.nan, 0.2][...]) == 0.7)
    }

    @Test("peak(forLevel:) inverts the curve", arguments: [0.001, 0.02, 0.05, 0.3, 0.5, 0.8, 0.97, 1.0])
    func inverse(level: Double) {
        #expect(abs(Loudness.level(peak: Loudness.peak(forLevel: level)) - level) < 1e-12)
    }

    @Test("peak(forLevel:) is 0 at and below 0, full scale at and above 1")
    func inverseEnds() {
        #expect(Loudness.peak(forLevel: 0) == 0)
        #expect(Loudness.peak(forLevel: -1) == 0)
        #expect(Loudness.peak(forLevel: .nan) == 0)
        #expect(abs(Loudness.peak(forLevel: 1) - 1) < 1e-12)
        #expect(abs(Loudness.peak(forLevel: 2) - 1) < 1e-12)
    }
}
