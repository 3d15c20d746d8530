import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

extension SoundServer {
    /// The server's recording streams, as `pactl list source-outputs` describes each.
    func recordingStreams() throws -> [String] {
        try pactl("list", "source-outputs").components(separatedBy: "Source Output #").dropFirst().map { $0 }
    }
}

extension PulseAudioTests {
    /// `prepare()` opens the stream corked ahead of `start()` (SPEC A.2, A.11: the capture a session opens at
    /// touch-down), on a real server.
    @Suite struct PreparedCapture {
        @Test func aPreparedStreamIsCorkedUntilStartThenRecords() async throws {
            try await withSoundServer { server in
                try server.play(server.speechFile(pause: 0.2, repeats: 4))
                try server.waitForPlayback()
                let capture = PulseAudioCapture(server: server.address, device: server.monitorName)
                defer { capture.stop() }
                capture.prepare()
                #expect(await wait(timeout: 3) { (try? server.recordingStreams().count) == 1 }, "opened at once")
                let stream = try #require(try server.recordingStreams().first)
                #expect(stream.contains("Corked: yes"), "nothing is recorded before start: \(stream)")

                let log = CaptureLog()
                let startedAt = Date()
                capture.start(handler: log.handler)
                #expect(await wait(timeout: 2) { log.startedAt != nil })
                let latency = log.startedAt.map { $0.timeIntervalSince(startedAt) } ?? .infinity
                print("prepared PulseAudioCapture start latency: \(String(format: "%.1f", latency * 1000)) ms")
                #expect(await wait(timeout: 3) { log.samples.count >= AudioFormat.sampleRate })
                #expect(try server.recordingStreams().first?.contains("Corked: no") == true)
                #expect(log.startedCount == 1 && log.ending == nil)
                capture.stop()
                #expect(await wait(timeout: 3) { (try? server.recordingStreams().isEmpty) == true })
            }
        }

        @Test func aPreparedCaptureThatIsStoppedLeavesNoStream() async throws {
            try await withSoundServer { server in
                let capture = PulseAudioCapture(server: server.address, device: server.monitorName)
                capture.prepare()
                #expect(await wait(timeout: 3) { (try? server.recordingStreams().count) == 1 })
                capture.stop()
                #expect(await wait(timeout: 3) { (try? server.recordingStreams().isEmpty) == true })
                let log = CaptureLog()
                capture.start(handler: log.handler)
                // The prepared connection's end is the capture's last act: after it, nothing can be on its way.
                #expect(await server.waitUntilDisconnected(capture.applicationName), "its connection is closed")
                #expect(log.count == 0, "a stopped capture does not start")
                #expect((try? server.recordingStreams().isEmpty) == true)
            }
        }

        @Test func whatWentWrongWhilePreparedIsReportedByStart() async throws {
            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            let capture = PulseAudioCapture(server: "unix:\(scratch.url.path)/no-server")
            capture.prepare()
            // What went wrong is kept for start(), and nothing says it has: connecting to a socket that is not there
            // fails within milliseconds, and this lets it happen before start() is called.
            await letTimePass(0.2)
            let log = CaptureLog()
            capture.start(handler: log.handler)
            #expect(await wait(timeout: 3) { log.failure != nil })
            #expect(log.failure?.hasPrefix("Cannot reach the sound server") == true, "\(log.failure ?? "")")
            #expect(log.startedCount == 0 && log.count == 1)
        }

        @Test func aTapInASessionLeavesNoStreamAndNoFile() async throws {
            try await withSoundServer { server in
                try server.play(server.speechFile(pause: 0.2, repeats: 4))
                try server.waitForPlayback()
                let live = try LiveSession(server: server, device: server.monitorName)
                #expect(await wait(timeout: 3) { live.on { $0.access } == .granted })
                // Down and up in one go on the session's thread: a pause between them, on a loaded machine, could
                // outlast the 0.18 s after which the press is a hold. A stream that connected late anyway would still
                // show up below.
                let (prepared, stillPrepared) = live.on { session -> (Bool, Bool) in
                    session.handle(.touchDown(.zero, fingers: 1))
                    let prepared = session.isCapturePrepared
                    session.handle(.touchUp(.zero))
                    return (prepared, session.isCapturePrepared)
                }
                #expect(prepared, "the touch-down opened a capture")
                #expect(!stillPrepared, "the tap closed it")
                #expect(await wait(timeout: 3) { (try? server.recordingStreams().isEmpty) == true }, "no stream left")
                // A stream that connected late anyway would be there before the capture's connection closed.
                #expect(
                    await server.waitUntilDisconnected("Voice Recorder"), "the prepared capture's connection is closed")
                #expect(try server.recordingStreams().isEmpty)
                #expect(live.files.isEmpty, "no file")
                #expect(!live.events.contains(.phase(.holding)), "the tap never recorded")
                #expect(live.on { $0.phase } == .idle && live.on { $0.capturesRunning } == 0)
            }
        }

        @Test func aHoldRecordsFromTheStreamOpenedAtTouchDown() async throws {
            try await withSoundServer { server in
                try server.play(server.speechFile(pause: 0.2, repeats: 6))
                try server.waitForPlayback()
                let live = try LiveSession(server: server, device: server.monitorName)
                #expect(await wait(timeout: 3) { live.on { $0.access } == .granted })
                live.on { $0.handle(.touchDown(.zero, fingers: 1)) }
                #expect(await wait(timeout: 2) { live.on { $0.elapsed } > 0 }, "the hold landed and audio started")
                #expect(try server.recordingStreams().count == 1, "one stream: the prepared one")
                #expect(await wait(timeout: 5) { live.on { $0.elapsed } >= 1.5 }, "recorded 1.5 s")
                let elapsedAtSend = live.on { session -> Double in
                    let elapsed = session.elapsed
                    session.handle(.touchUp(.zero))
                    return elapsed
                }
                #expect(await wait(timeout: 5) { live.sent != nil }, "sent once its file is finished")
                let recording = try #require(live.sent)
                let (info, frames) = try AudioFileReader.decode(recording.url) { _ in }
                #expect(info.codecName == "aac" && info.sampleRate == 24_000)
                #expect(abs(Double(frames) / 24_000 - recording.duration) < 0.025, "the file holds what was recorded")
                #expect(abs(recording.duration - elapsedAtSend) < 0.1, "\(recording.duration) s vs \(elapsedAtSend) s")
                #expect(await wait(timeout: 3) { (try? server.recordingStreams().isEmpty) == true })
                #expect(live.files == [recording.url.lastPathComponent])
            }
        }
    }
}
