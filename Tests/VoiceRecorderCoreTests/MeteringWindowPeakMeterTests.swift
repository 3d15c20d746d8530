import Foundation
import Testing

@testable import VoiceRecorderCore

@Suite("WindowPeakMeter (SPEC A.5)")
struct MeteringWindowPeakMeterTests {
    /// A signal whose window `w` peaks at `peaks[w]`, the peak sitting at a different frame in every window.
    static func signal(peaks: [Float], framesPerWindow: Int = AudioFormat.framesPerWindow) -> [Float] {
        var samples = [Float](repeating: 0, count: peaks.count * framesPerWindow)
        for (window, peak) in peaks.enumerated() {
            let base = window * framesPerWindow
            for frame in 0 ..< framesPerWindow { samples[base + frame] = peak * 0.1 * Float(frame % 3) }
            samples[base + (window * 397) % framesPerWindow] = window.isMultiple(of: 2) ? peak : -peak
        }
        return samples
    }

    static let peaks: [Float] = [0.0, 0.5, 0.01, 1.0, 0.2, 0.0, 0.75]

    @Test(
        "Windows are exact whatever the buffer sizes",
        arguments: [
            [AudioFormat.framesPerWindow], [1], [7], [480], [1_199], [1_201], [2_400], [100_000],
            [1, 1_199, 3, 5_000, 17],
        ])
    func buffersOfAnySize(sizes: [Int]) {
        let samples = Self.signal(peaks: Self.peaks)
        var meter = WindowPeakMeter()
        var start = 0
        var turn = 0
        while start < samples.count {
            let end = min(start + sizes[turn % sizes.count], samples.count)
            meter.append(Array(samples[start ..< end]))
            start = end
            turn += 1
        }
        #expect(meter.windowLoudnesses == Self.peaks.map { Loudness.level(peak: Double($0)) })
        #expect(meter.framesSeen == samples.count)
        #expect(meter.partialWindowLoudness == nil)
    }

    @Test("The partial window carries over and counts in the finished take's samples")
    func partialWindow() {
        var meter = WindowPeakMeter()
        meter.append([Float](repeating: 0.1, count: 1_000))
        #expect(meter.windowLoudnesses.isEmpty)
        #expect(meter.partialWindowLoudness == Loudness.level(peak: Double(Float(0.1))))
        meter.append([Float](repeating: 0.5, count: 300))
        #expect(meter.windowLoudnesses == [Loudness.level(peak: Double(Float(0.5)))])
        #expect(meter.partialWindowLoudness == Loudness.level(peak: Double(Float(0.5))))
        meter.append([Float](repeating: 0.2, count: 50))
        #expect(meter.framesSeen == 1_350)
        #expect(
            meter.recordingSamples() == [
                Loudness.level(peak: Double(Float(0.5))), Loudness.level(peak: Double(Float(0.5))),
            ])
    }

    @Test("The latest buffer's loudness is its own peak; empty buffers change nothing")
    func latestBuffer() {
        var meter = WindowPeakMeter()
        #expect(meter.latestBufferLoudness == 0)
        meter.append([0.9, -0.1])
        #expect(meter.latestBufferLoudness == Loudness.level(peak: Double(Float(0.9))))
        meter.append([0.05])
        #expect(meter.latestBufferLoudness == Loudness.level(peak: Double(Float(0.05))))
        meter.append([])
        #expect(meter.latestBufferLoudness == Loudness.level(peak: Double(Float(0.05))))
        #expect(meter.framesSeen == 3)
        meter.reset()
        #expect(meter == WindowPeakMeter())
    }

    @Test("A long take's samples are compressed to 160")
    func longTakeCompresses() {
        var meter = WindowPeakMeter(framesPerWindow: 4)
        meter.append(Self.signal(peaks: (0 ..< 1_000).map { Float($0 % 10) / 10 }, framesPerWindow: 4))
        #expect(meter.windowLoudnesses.count == 1_000)
        #expect(meter.recordingSamples() == WaveformCompression.compress(meter.windowLoudnesses))
        #expect(meter.recordingSamples().count == 160)
    }

    @Test("A five-minute take in 20 ms buffers stays fast")
    func fiveMinutes() {
        let buffer = [Float](repeating: 0.25, count: 480)
        var meter = WindowPeakMeter()
        let feed = { for _ in 0 ..< (300 * 50) { meter.append(buffer) } }
        // ContinuousClock needs macOS 13 / iOS 16; the package declares no minimum, so measure only where it exists.
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            let duration = ContinuousClock().measure(feed)
            // Measured at about 0.4 s in a debug build; a per-append cost that grew with the take would blow it.
            #expect(duration < .seconds(3))
        } else {
            feed()
        }
        #expect(meter.windowLoudnesses.count == 300 * 20)
        #expect(meter.framesSeen == 300 * AudioFormat.sampleRate)
    }
}
