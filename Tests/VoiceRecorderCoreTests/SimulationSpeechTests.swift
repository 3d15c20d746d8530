import Foundation
import Testing

@testable import VoiceRecorderCore

@Suite("SimulatedSpeech (SPEC A.10)")
struct SimulationSpeechTests {
    @Test(
        "Four phrases at their levels, in a 6.4 s cycle",
        arguments: [
            (0.5, 0.95), (1.5, 0.95), (2.5, 0.8), (4.0, 0.7), (5.5, 1.0),
        ])
    func phrases(time: Double, level: Double) throws {
        let phrase = try #require(SimulatedSpeech.phrase(at: time))
        #expect(phrase.level == level)
        #expect(SimulatedSpeech.phrase(at: time + 6.4)?.level == level)
        #expect(SimulatedSpeech.phrase(at: time + 64)?.level == level)
    }

    @Test("Pauses hum between 0.02 and 0.05", arguments: [0.0, 0.05, 1.7, 1.9, 3.5, 4.6, 6.2, 6.35, 8.1])
    func hum(time: Double) {
        #expect(SimulatedSpeech.phrase(at: time) == nil)
        let loudness = SimulatedSpeech.loudness(at: time)
        #expect((0.02 ... 0.05).contains(loudness))
    }

    @Test("The hum and the grain vary from window to window, repeatably")
    func grainVaries() {
        let hums = Set((0 ..< 3).map { SimulatedSpeech.loudness(at: 0.01 + Double($0) * 0.05) })
        #expect(hums.count == 3)
        #expect(SimulatedSpeech.loudness(at: 0.07) == SimulatedSpeech.loudness(at: 0.07))
    }

    /// The loudness inside a phrase, recomputed from the spec's formula, with the grain taken as an unknown in 0…1.
    static func bounds(at tau: Double, phrase: SimulatedSpeech.Phrase) -> ClosedRange<Double> {
        let envelope = min(max(min((tau - phrase.start) / 0.12, (phrase.end - tau) / 0.15), 0), 1)
        let syllables = abs(sin(4.4 * .pi * tau + 1.2 * sin(1.3 * tau)))
        let base = phrase.level * envelope * (0.35 + 0.65 * syllables)
        return max(base * 0.75, 0.03) ... max(base, 0.03)
    }

    @Test("Inside phrases: level × envelope × syllables × grain, floored at 0.03")
    func formula() throws {
        for step in 0 ..< 640 {
            let tau = Double(step) * 0.01 + 0.003
            guard let phrase = SimulatedSpeech.phrase(at: tau) else { continue }
            let loudness = SimulatedSpeech.loudness(at: tau)
            let range = Self.bounds(at: tau, phrase: phrase)
            #expect(
                loudness >= range.lowerBound - 1e-12 && loudness <= range.upperBound + 1e-12,
                "at \(tau): \(loudness) not in \(range)")
        }
    }

    @Test(
        "Attack and release: quiet at the phrase's edges, full inside",
        arguments: [
            // (time, at most)
            (0.121, 0.03), (1.599, 0.03), (1.951, 0.03), (6.049, 0.03),
        ])
    func edges(time: Double, atMost: Double) {
        #expect(SimulatedSpeech.loudness(at: time) <= atMost + 1e-9)
    }

    @Test("Syllables use the time within the cycle: the whole source repeats every 6.4 s")
    func cycle() {
        for step in 0 ..< 200 {
            let t = Double(step) * 0.0317
            #expect(abs(SimulatedSpeech.loudness(at: t) - SimulatedSpeech.loudness(at: t + 6.4 * 3)) < 1e-9)
        }
    }

    @Test("It peaks near each phrase's level and stays in 0…1")
    func range() {
        let loudnesses = (0 ..< 6_400).map { SimulatedSpeech.loudness(at: Double($0) / 1_000) }
        #expect(loudnesses.allSatisfy { (0 ... 1).contains($0) })
        for phrase in SimulatedSpeech.phrases {
            let inside = (0 ..< 6_400).map { Double($0) / 1_000 }.filter(phrase.contains)
            let loudest = inside.map(SimulatedSpeech.loudness(at:)).max() ?? 0
            #expect(loudest > phrase.level * 0.8 && loudest <= phrase.level)
        }
    }

    @Test(
        "Time folds into the cycle",
        arguments: [
            (0.0, 0.0), (6.4, 0.0), (7.0, 0.6), (-0.4, 6.0), (12.9, 0.1),
        ])
    func folding(time: Double, tau: Double) {
        #expect(abs(SimulatedSpeech.timeInCycle(time) - tau) < 1e-9)
    }

    @Test("Repeatable noise is spread over 0..<1 and differs by seed")
    func noise() {
        let values = (0 ..< 1_000).map { RepeatableNoise.unit($0, seed: 1) }
        #expect(values.allSatisfy { (0 ..< 1).contains($0) })
        let mean = values.reduce(0, +) / 1_000
        #expect(abs(mean - 0.5) < 0.05)
        #expect(RepeatableNoise.unit(5, seed: 1) != RepeatableNoise.unit(5, seed: 2))
        #expect(RepeatableNoise.unit(5, seed: 1) == RepeatableNoise.unit(5, seed: 1))
    }
}
