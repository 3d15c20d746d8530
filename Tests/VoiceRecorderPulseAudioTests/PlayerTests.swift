import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
@testable import VoiceRecorderPulseAudio

extension PulseAudioTests {
    @Suite struct Playback {
        @Test func aToneIsHeardAndPositionsClimbToTheDuration() async throws {
            try await withSoundServer { server in
                let recorder = PulseAudioCapture(server: server.address)
                let heard = CaptureLog()
                recorder.start(handler: heard.handler)
                defer { recorder.stop() }
                #expect(await waitUntil(timeout: 3) { heard.startedAt != nil })

                let log = PlaybackLog()
                let player = PulseAudioPlayer(
                    source: ToneSource(frequency: 440, duration: 1), server: server.address,
                    onPosition: log.onPosition, onFinished: log.onFinished)
                let playStartedAt = Date()
                try player.play()
                defer { player.stop() }
                #expect(await waitUntil(timeout: 3) { !log.ends.isEmpty })
                let took = Date().timeIntervalSince(playStartedAt)
                print("1 s tone finished after \(String(format: "%.3f", took)) s, \(log.positions.count) positions")
                #expect(log.ends == [.completed])
                #expect(took > 0.9 && took < 1.6)

                let positions = log.positions
                #expect(positions.count >= 10)
                #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic")
                #expect(abs((positions.last ?? 0) - 1) < 0.02)
                // Positions follow what is heard: halfway through the wall time, about half was played.
                #expect(positions.contains { $0 > 0.2 && $0 < 0.8 })

                try await Task.sleep(for: .milliseconds(100))
                recorder.stop()
                let samples = heard.samples
                let loud = samples.enumerated().filter { abs($0.element) > 0.3 }.map(\.offset)
                let first = try #require(loud.first)
                let last = try #require(loud.last)
                let toneSeconds = Double(last - first) / 24_000
                let frequency = dominantFrequency(Array(samples[first ... last]))
                print("heard \(String(format: "%.3f", toneSeconds)) s of tone at \(Int(frequency)) Hz")
                #expect(abs(toneSeconds - 1) < 0.05)
                #expect(abs(frequency - 440) < 10)
            }
        }

        @Test func stopMidwayStopsAtOnce() async throws {
            try await withSoundServer { server in
                let log = PlaybackLog()
                let player = PulseAudioPlayer(
                    source: ToneSource(duration: 3), server: server.address,
                    onPosition: log.onPosition, onFinished: log.onFinished)
                try player.play()
                try server.waitForPlayback()
                #expect(await waitUntil(timeout: 2) { (log.positions.last ?? 0) > 0.3 })
                let stoppedAt = Date()
                player.stop()
                player.stop()
                #expect(Date().timeIntervalSince(stoppedAt) < 0.2)
                let reported = log.positions.count
                #expect(try server.pactl("list", "short", "sink-inputs").isEmpty, "the stream is gone")
                try await Task.sleep(for: .milliseconds(300))
                #expect(log.positions.count == reported)
                #expect(log.ends.isEmpty, "stopping is not finishing")
            }
        }

        @Test func seekJumpsAhead() async throws {
            try await withSoundServer { server in
                // A capture on the monitor keeps the null sink at low latency while the player swaps streams;
                // alone, an idle null sink falls back to 2 s blocks and would stall the new stream.
                let recorder = PulseAudioCapture(server: server.address)
                let heard = CaptureLog()
                recorder.start(handler: heard.handler)
                defer { recorder.stop() }
                #expect(await waitUntil(timeout: 3) { heard.startedAt != nil })
                let log = PlaybackLog()
                let tone = ToneSource(duration: 3)
                let player = PulseAudioPlayer(
                    source: tone, server: server.address, onPosition: log.onPosition, onFinished: log.onFinished)
                try player.play()
                defer { player.stop() }
                try server.waitForPlayback()
                #expect(await waitUntil(timeout: 2) { (log.positions.last ?? 0) > 0.2 })
                let seekedAt = Date()
                try player.seek(to: 2.5)
                #expect(tone.seeks == [2.5])
                #expect(player.position >= 2.5)
                #expect(await waitUntil(timeout: 1) { (log.positions.last ?? 0) > 2.55 }, "positions continue from the seek")
                // Known issue: after a seek the stream stops receiving write requests ~135 ms later, so playback
                // past the seek point never completes. The jump itself (above) works.
                await withKnownIssue("playback does not complete after a seek") {
                    #expect(await waitUntil(timeout: 2) { !log.ends.isEmpty })
                    let rest = Date().timeIntervalSince(seekedAt)
                    print("after seeking to 2.5 s of 3 s, finished in \(String(format: "%.3f", rest)) s")
                    #expect(rest > 0.4 && rest < 1.0)
                    #expect(log.ends == [.completed])
                }
                let afterSeek = log.positions.drop { $0 < 2.5 }
                #expect(zip(afterSeek, afterSeek.dropFirst()).allSatisfy { $0 <= $1 })
            }
        }

        @Test func noServerIsAClearError() throws {
            let player = PulseAudioPlayer(source: ToneSource(duration: 1), server: "unix:/tmp/vr-no-such-server/native")
            #expect {
                try player.play()
            } throws: { error in
                (error as? PulseAudioError)?.message == "Connection refused"
            }
            player.stop()
        }
    }
}
