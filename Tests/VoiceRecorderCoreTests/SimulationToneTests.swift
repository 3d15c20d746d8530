import Foundation
import Testing

@testable import VoiceRecorderCore

@Suite("SimulatedTone (SPEC A.10)")
struct SimulationToneTests {
    @Test(
        "Rendering in chunks of any sizes equals rendering at once",
        arguments: [
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

    @Test("The crest constant is the timbre wave's largest value")
    func crest() {
        let largest =
            stride(from: 0.0, to: 2 * .pi, by: 1e-5).map {
                SimulatedTone.fundamentalShare * sin($0) + SimulatedTone.harmonicShare * sin(2 * $0)
            }.max() ?? 0
        #expect(abs(SimulatedTone.crest - largest) < 1e-9)
        #expect(abs(SimulatedTone.crest - 0.8668) < 1e-4)
    }

    @Test("Each window crests at the peak whose loudness is its level, never above 0.9")
    func amplitude() {
        var tone = SimulatedTone()
        let samples = tone.render(frames: 7 * AudioFormat.sampleRate)
        for (frame, sample) in samples.enumerated() where frame % 7 == 0 {
            #expect(abs(Double(sample)) <= SimulatedTone.envelope(atFrame: frame) + 1e-6)
        }
        let peak = Double(samples.map { abs($0) }.max() ?? 0)
        let loudestWindow = (0 ..< 140).map(SimulatedTone.windowPeak).max() ?? 0
        #expect(abs(peak - loudestWindow) < 1e-3 && peak <= SimulatedTone.peakLimit + 1e-6)
        // A level of 1 is capped at 0.9, which reads about 0.97.
        #expect(abs(Loudness.level(peak: SimulatedTone.peakLimit) - 0.974) < 0.001)
    }

    @Test(
        "Between windows the amplitude eases inside the louder one, a quarter window long",
        arguments: [3, 20, 33, 77, 100])
    func easing(window: Int) {
        let start = window * AudioFormat.framesPerWindow
        let ramp = SimulatedTone.easingFrames
        let previous = SimulatedTone.windowPeak(window - 1)
        let current = SimulatedTone.windowPeak(window)
        let next = SimulatedTone.windowPeak(window + 1)
        // The middle half of every window holds its own peak.
        for offset in stride(from: ramp, to: AudioFormat.framesPerWindow - ramp, by: 37) {
            #expect(SimulatedTone.envelope(atFrame: start + offset) == current)
        }
        // Its ends hold its own peak too unless it is the louder neighbour; then it eases (smoothstep) from or to
        // the quieter one: halfway through the ramp, halfway between.
        let rampMiddleIn = SimulatedTone.envelope(atFrame: start + ramp / 2)
        #expect(abs(rampMiddleIn - (previous < current ? (previous + current) / 2 : current)) < 1e-12)
        let rampMiddleOut = SimulatedTone.envelope(atFrame: start + AudioFormat.framesPerWindow - ramp / 2)
        #expect(abs(rampMiddleOut - (next < current ? (current + next) / 2 : current)) < 1e-12)
        // Continuous across the boundary to the next window.
        let last = SimulatedTone.envelope(atFrame: start + AudioFormat.framesPerWindow - 1)
        let first = SimulatedTone.envelope(atFrame: start + AudioFormat.framesPerWindow)
        #expect(abs(last - first) < 0.01 * max(current, next) + 1e-9)
        // Never above the larger of the window's own peak: a window's peak is its own.
        for offset in stride(from: 0, to: AudioFormat.framesPerWindow, by: 11) {
            #expect(SimulatedTone.envelope(atFrame: start + offset) <= current + 1e-12)
        }
    }

    @Test("Metering the tone's PCM reads A.10's levels back, window by window, within 0.03 (two cycles)")
    func meteringReadsTheLevelsBack() {
        var tone = SimulatedTone()
        var meter = WindowPeakMeter()
        // Two cycles, fed in capture-sized buffers.
        for _ in 0 ..< (2 * 6_400 / 20) { meter.append(tone.render(frames: 480)) }
        #expect(meter.windowLoudnesses.count == 256)
        for (index, metered) in meter.windowLoudnesses.enumerated() {
            let level = SimulatedTone.windowLevel(index)
            #expect(abs(metered - level) <= 0.03, "window \(index): metered \(metered), level \(level)")
        }
        // Pauses are quiet: every window of the pause between the first two phrases meters as the hum.
        let pause = (Int(1.65 / 0.05) ..< Int(1.9 / 0.05)).map { meter.windowLoudnesses[$0] }
        #expect(pause.allSatisfy { $0 >= 0.015 && $0 <= 0.055 }, "\(pause)")
    }

    @Test("Metered and compressed, two cycles keep the pattern of phrases and pauses")
    func meteredPattern() {
        var tone = SimulatedTone()
        var meter = WindowPeakMeter()
        for _ in 0 ..< (2 * 6_400 / 20) { meter.append(tone.render(frames: 480)) }
        // The compressed waveform of the two cycles keeps the pattern: its loud and quiet stretches alternate.
        let samples = meter.recordingSamples()
        #expect(samples.count == 160)
        let pauseStretch = Int(1.78 / 12.8 * 160)
        let phraseStretch = Int(1.0 / 12.8 * 160)
        #expect(samples[pauseStretch] < 0.06 && samples[phraseStretch] > 0.4)
    }
}
