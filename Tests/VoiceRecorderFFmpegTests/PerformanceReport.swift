import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    /// Figures, printed rather than asserted: timing depends on the machine. The assertions only check the takes.
    @Suite struct PerformanceReport {
        @Test(arguments: [10, 60, 300])
        func encodingSpeedAndFinishTime(seconds: Int) throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-\(seconds)s.m4a"))
            let clock = ContinuousClock()
            // One second of tone, reused: the capture delivers 20 ms buffers, as PulseAudio does here.
            let second = Tone.samples(frames: 24_000)
            let buffers = stride(from: 0, to: 24_000, by: 480).map { Array(second[$0 ..< $0 + 480]) }
            let encoding = try clock.measure {
                for _ in 0 ..< seconds { for buffer in buffers { try writer.append(buffer) } }
            }
            var frames = 0
            let finishing = try clock.measure { frames = try writer.finish() }
            #expect(frames == seconds * 24_000)

            let size = try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int ?? 0
            let encodeSeconds = Double(encoding.components.attoseconds) / 1e18 + Double(encoding.components.seconds)
            print(
                String(
                    format: "[measure] %3d s take: encoding %.0f ms (%.0f× real time), finish() %.2f ms, file %d bytes",
                    seconds, encodeSeconds * 1_000, Double(seconds) / encodeSeconds,
                    Double(finishing.components.attoseconds) / 1e15 + Double(finishing.components.seconds) * 1_000,
                    size))
        }

        /// Sending a trimmed take (SPEC D.5) copies the kept packets into a new file: how long that takes when a
        /// second is cut from each end.
        @Test(arguments: [10, 60, 300])
        func cutTime(seconds: Int) throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-\(seconds)s-cut.m4a"))
            let second = Tone.samples(frames: 24_000)
            let buffers = stride(from: 0, to: 24_000, by: 480).map { Array(second[$0 ..< $0 + 480]) }
            for _ in 0 ..< seconds { for buffer in buffers { try writer.append(buffer) } }
            let kept = 24_000 ..< (seconds - 1) * 24_000
            var played = 0 ..< 0
            let cutting = try ContinuousClock().measure { played = try writer.finish(keeping: kept) }
            #expect(played.upperBound == kept.upperBound && played.count > kept.count - 1_024)
            print(
                String(
                    format: "[measure] %3d s take: finish(keeping: 1 s…%d s) %.2f ms", seconds, seconds - 1,
                    Double(cutting.components.attoseconds) / 1e15 + Double(cutting.components.seconds) * 1_000))
        }
    }
}
