import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

extension PulseAudioTests {
    /// A source that posts small blocks (a null sink mixing a player and a keep-alive stream, each with 20 ms of
    /// latency, posts a few hundred a second) is read and delivered in transfers of about 20 ms, losing nothing,
    /// and a capture still stops at once.
    @Suite struct PacedCapture {
        @Test func smallBlocksArriveInTransfersWithNothingLost() async throws {
            try await withSoundServer { server in
                try server.keepAwake()
                try server.play(server.speechFile(pause: 0.2, repeats: 12))
                try server.waitForPlayback()
                let capture = PulseAudioCapture(server: server.address)
                let log = CaptureLog()
                capture.start(handler: log.handler)
                defer { capture.stop() }

                #expect(await wait(timeout: 2) { log.startedAt != nil })
                #expect(await wait(timeout: 6) { log.samples.count >= 3 * AudioFormat.sampleRate })
                let stopping = Date()
                capture.stop()
                let stopSeconds = Date().timeIntervalSince(stopping)
                let after = log.count

                // The first transfer comes as soon as there is audio; every later one is a transfer's worth.
                let transfers = log.transfers.dropFirst()
                let frames = transfers.reduce(0) { $0 + $1.frames }
                let average = Double(frames) / Double(max(1, transfers.count))
                let transferFrames = PulseAudioCapture.transferBytes / PulseStream.bytesPerFrame
                print("paced capture: \(transfers.count) transfers of \(Int(average)) frames on average")
                #expect(transfers.allSatisfy { $0.frames >= transferFrames }, "no transfer under 20 ms")
                #expect(average < Double(transferFrames) * 2, "transfers stay near 20 ms: the meter keeps in step")

                // Nothing lost: the frames delivered match the time they span, to within two transfers.
                if let first = transfers.first, let last = transfers.last {
                    let span = last.at.timeIntervalSince(first.at) * Double(AudioFormat.sampleRate)
                    let between = Double(frames - first.frames)
                    #expect(abs(between - span) < Double(3 * transferFrames) + span * 0.02)
                }

                #expect(stopSeconds < 0.1, "a paced loop still stops at once (\(stopSeconds) s)")
                #expect(await server.waitUntilDisconnected(capture.applicationName), "the connection is closed")
                #expect(log.count == after, "nothing arrives after stop() returned")
            }
        }
    }
}
