import Foundation
import Testing
import VoiceMemos
import VoiceMemosAudio
import VoiceRecorder
import VoiceRecorderPulseAudio
import VoiceRecorderTestSupport

/// What comes out of the speaker, recorded from the null sink's monitor: the speed changes the length, not the pitch.
extension PulseAudioMemoPlayerTests {
    @Suite struct Heard {
        /// Also a memo in Ogg Opus (SPEC G), decoded by libopus.
        @Test(arguments: [(2.0, false), (1.5, false), (1.5, true)])
        func aMemoAtASpeedIsHeardShorterAtItsOwnPitch(_ input: (rate: Double, opus: Bool)) async throws {
            let rate = input.rate
            let memo = try MemoFile(seconds: 2, frequency: 440, opus: input.opus)
            try await withAwakeSoundServer { server in
                let heard = HeardSamples()
                let capture = PulseAudioCapture(server: server.address, device: "\(server.sinkName).monitor")
                capture.start(handler: heard.handler)
                defer { capture.stop() }
                #expect(await wait(timeout: 3, interval: 0.005) { heard.count > 0 })

                let log = ReportLog()
                let playback = try PulseAudioMemoPlayer(server: server.address)
                    .play(memo.url, from: 0, rate: rate, reports: log.reports)
                defer { playback.stop() }
                #expect(await wait(timeout: 4, interval: 0.005) { !log.endings.isEmpty })
                // The capture hears the memo's last samples a moment after the player has played them.
                let heardAtTheEnd = heard.count
                #expect(
                    await wait(timeout: 3, interval: 0.005) { heard.count >= heardAtTheEnd + 3_600 },
                    "0.15 s more heard")
                capture.stop()

                let samples = heard.samples
                let loud = samples.indices.filter { abs(samples[$0]) > 0.25 }
                let first = try #require(loud.first)
                let last = try #require(loud.last)
                let seconds = Double(last - first) / 24_000
                let steady = Array(samples[first + 2_400 ..< last - 2_400])
                let frequency = risingCrossingsFrequency(steady)
                print(
                    """
                    2 s of 440 Hz at \(rate)×, heard: \(String(format: "%.3f", seconds)) s \
                    (\(String(format: "%.3f", 2 / rate)) expected) at \(String(format: "%.1f", frequency)) Hz
                    """)
                #expect(abs(seconds - 2 / rate) < 0.06)
                #expect(abs(frequency - 440) < 8.8, "pitch kept within 2 %")
            }
        }
    }
}

/// Samples a capture delivered, from its thread.
private final class HeardSamples: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [Float] = []

    var handler: @Sendable (CaptureEvent) -> Void {
        { [self] event in
            if case .samples(let samples) = event { lock.withLock { all += samples } }
        }
    }

    var samples: [Float] { lock.withLock { all } }
    var count: Int { lock.withLock { all.count } }
}

/// The frequency of a steady tone from its rising zero crossings, over whole periods.
private func risingCrossingsFrequency(_ samples: [Float]) -> Double {
    var crossings: [Int] = []
    for index in 1 ..< samples.count where samples[index - 1] < 0 && samples[index] >= 0 { crossings.append(index) }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
    return Double(crossings.count - 1) / (Double(last - first) / 24_000)
}
