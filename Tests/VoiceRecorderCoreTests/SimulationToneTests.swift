import Foundation
import Testing
@testable import VoiceRecorderCore

@Suite("SimulatedTone (SPEC A.10)")
struct SimulationToneTests {
    @Test("Rendering in chunks of any sizes equals rendering at once", arguments: [
        [1], [7, 1_199], [480], [1_200, 1], [4_096, 13, 601], [24_000],
    ])
    func chunks(sizes: [Int]) {
        let total = 30_000
        var whole = SimulatedTone()
        let once = whole.render(frames: total)
        var chunked = SimulatedTone()
        var pieces: [Float] = []
        var turn = 0
        while pieces.count < total {
            pieces += chunked.render(frames: min(sizes[turn % sizes.count], total - pieces.count))
            turn += 1
        }
        #expect(pieces == once)
        #expect(chunked == whole)
        #expect(chunked.nextFrame == total)
    }

    @Test("Starting anywhere gives the same frames as getting there", arguments: [0, 1, 599, 600, 12_345, 153_600])
    func anyStart(start: Int) {
        var fromZero = SimulatedTone()
        _ = fromZero.render(frames: start)
        let expected = fromZero.render(frames: 2_000)
        var fromStart = SimulatedTone(startFrame: start)
        #expect(fromStart.render(frames: 2_000) == expected)
        #expect(SimulatedTone.sample(atFrame: start + 17) == expected[17])
    }

    @Test("Frequency 150 Hz ± 14 Hz at 2.7 Hz, and the phase is its integral")
    func frequency() {
        #expect(SimulatedTone.frequency(at: 0) == 150)
        #expect(abs(SimulatedTone.frequency(at: 1 / (4 * 2.7)) - 164) < 1e-9)
        #expect(abs(SimulatedTone.frequency(at: 3 / (4 * 2.7)) - 136) < 1e-9)
        // d(phase)/dt ≈ frequency, checked by finite differences at a few times.
        for time in [0.1, 0.77, 3.3, 250.0] {
            let h = 1e-6
            var delta = SimulatedTone.phase(at: time + h) - SimulatedTone.phase(at: time - h)
            if delta < 0 { delta += 1 }
            #expect(abs(delta / (2 * h) - SimulatedTone.frequency(at: time)) < 0.01)
        }
    }

    @Test("Amplitude is 0.42 × loudness: the wave never exceeds it")
    func amplitude() {
        var tone = SimulatedTone()
        let samples = tone.render(frames: 6 * AudioFormat.sampleRate)
        for (frame, sample) in samples.enumerated() where frame % 7 == 0 {
            #expect(abs(Double(sample)) <= 0.42 * SimulatedTone.easedLoudness(atFrame: frame) + 1e-6)
        }
        let peak = samples.map { abs($0) }.max() ?? 0
        #expect(peak > 0.3 && peak <= 0.42)
    }

    @Test("The loudness is eased between consecutive 50 ms levels", arguments: [3, 20, 77, 100])
    func easing(window: Int) {
        let middle = window * 1_200 + 600
        // At a window's middle, its own level; halfway to the next middle, the average of the two.
        #expect(abs(SimulatedTone.easedLoudness(atFrame: middle) - SimulatedTone.windowLevel(window)) < 1e-12)
        let halfway = SimulatedTone.easedLoudness(atFrame: middle + 600)
        let average = (SimulatedTone.windowLevel(window) + SimulatedTone.windowLevel(window + 1)) / 2
        #expect(abs(halfway - average) < 1e-12)
        // Smoothstep, not linear: a quarter of the way it has moved 15.625 % of the step.
        let quarter = SimulatedTone.easedLoudness(atFrame: middle + 300)
        let expected = SimulatedTone.windowLevel(window)
            + (SimulatedTone.windowLevel(window + 1) - SimulatedTone.windowLevel(window)) * 0.15625
        #expect(abs(quarter - expected) < 1e-12)
    }

    @Test("Metered, the tone's waveform follows the phrases and pauses of SimulatedSpeech")
    func meteredPattern() {
        var tone = SimulatedTone()
        var meter = WindowPeakMeter()
        // Two cycles, fed in capture-sized buffers.
        for _ in 0 ..< (2 * 6_400 / 20) { meter.append(tone.render(frames: 480)) }
        let windows = meter.windowLoudnesses
        #expect(windows.count == 256)
        var loud = 0, quiet = 0
        for (index, loudness) in windows.enumerated() {
            let start = Double(index) * 0.05, end = start + 0.05
            // Judge only windows well inside a phrase (past its attack and before its release) or a pause (beyond the
            // half window the easing reaches into it).
            let phraseMargin = 0.2, pauseMargin = 0.05
            let inPhrase = SimulatedSpeech.phrases.contains { phrase in
                let tau = SimulatedSpeech.timeInCycle(start)
                return tau >= phrase.start + phraseMargin && tau + 0.05 <= phrase.end - phraseMargin
            }
            let inPause = [start - pauseMargin, start, end, end + pauseMargin].allSatisfy {
                $0 >= 0 && SimulatedSpeech.phrase(at: $0) == nil
            }
            if inPhrase { #expect(loudness > 0.4, "window \(index) in a phrase: \(loudness)"); loud += 1 }
            if inPause { #expect(loudness < 0.25, "window \(index) in a pause: \(loudness)"); quiet += 1 }
        }
        #expect(loud > 100 && quiet > 10)
        // The compressed waveform of the two cycles keeps the pattern: its loud and quiet stretches alternate.
        let samples = meter.recordingSamples()
        #expect(samples.count == 160)
        let pauseStretch = Int(1.78 / 12.8 * 160)
        let phraseStretch = Int(1.0 / 12.8 * 160)
        #expect(samples[pauseStretch] < 0.25 && samples[phraseStretch] > 0.4)
    }
}
