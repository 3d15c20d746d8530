import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

extension PulseAudioTests {
    @Suite struct Capture {
        @Test func recordsSpeechWithItsPausesFromTheDefaultSource() async throws {
            try await withSoundServer { server in
                try server.play(server.speechFile())
                try server.waitForPlayback()
                let capture = PulseAudioCapture(server: server.address)
                let log = CaptureLog()
                let startedAt = Date()
                capture.start(handler: log.handler)
                defer { capture.stop() }

                #expect(await wait(timeout: 2) { log.startedAt != nil })
                let latency = log.startedAt.map { $0.timeIntervalSince(startedAt) } ?? .infinity
                print("PulseAudioCapture start latency: \(Int(latency * 1000)) ms")
                #expect(latency < 1)

                // 3 s: at least one whole sentence and one pause.
                #expect(await wait(timeout: 5) { log.samples.count >= 3 * AudioFormat.sampleRate })
                capture.stop()

                let peaks = windowPeaks(log.samples)
                let loud = peaks.filter { $0 > 0.1 }.count
                let quiet = peaks.filter { $0 < 0.005 }.count
                print("50 ms windows: \(peaks.count), loud \(loud), quiet \(quiet)")
                #expect(loud >= 10, "speech should give loud windows")
                #expect(quiet >= 6, "the pauses should give quiet windows")
                #expect(log.startedCount == 1)
                #expect(log.ending == nil)
            }
        }

        @Test func recordsFromANamedSourceOnly() async throws {
            try await withSoundServer { server in
                try server.pactl("load-module", "module-null-sink", "sink_name=vr_other", "rate=24000", "channels=1")
                let speech = try server.speechFile(pause: 0.2, repeats: 3)
                try server.play(speech, device: "vr_other")
                try server.waitForPlayback(sink: "vr_other")

                let names = try PulseAudioSource(server: server.address).listSources().map(\.name)
                #expect(names.contains("vr_other.monitor") && names.contains(server.monitorName))

                let other = PulseAudioCapture(server: server.address, device: "vr_other.monitor")
                let silent = PulseAudioCapture(server: server.address, device: server.monitorName)
                let otherLog = CaptureLog()
                let silentLog = CaptureLog()
                other.start(handler: otherLog.handler)
                silent.start(handler: silentLog.handler)
                defer {
                    other.stop()
                    silent.stop()
                }
                #expect(
                    await wait(timeout: 4) {
                        otherLog.samples.count >= 24_000 * 3 / 2 && silentLog.samples.count >= 24_000 * 3 / 2
                    })
                #expect((windowPeaks(otherLog.samples).max() ?? 0) > 0.1, "the named source carries the speech")
                #expect((windowPeaks(silentLog.samples).max() ?? 1) < 0.001, "the default sink stayed silent")
            }
        }

        @Test func aMissingSourceFailsFast() async throws {
            try await withSoundServer { server in
                let capture = PulseAudioCapture(server: server.address, device: "no_such_source")
                let log = CaptureLog()
                let startedAt = Date()
                capture.start(handler: log.handler)
                defer { capture.stop() }
                #expect(await wait(timeout: 1) { log.ending != nil })
                print("missing source reported after \(Int(Date().timeIntervalSince(startedAt) * 1000)) ms")
                let message = try #require(log.failure)
                #expect(message.contains("no_such_source"))
                #expect(log.startedAt == nil)
            }
        }

        @Test func noServerFailsFast() async throws {
            let capture = PulseAudioCapture(server: "unix:/tmp/vr-no-such-server/native")
            let log = CaptureLog()
            capture.start(handler: log.handler)
            defer { capture.stop() }
            #expect(await wait(timeout: 0.5) { log.ending != nil })
            let message = try #require(log.failure)
            #expect(message.contains("Connection refused"))
        }

        @Test func stopFromInsideTheHandlerEndsEverything() async throws {
            try await withSoundServer { server in
                try server.play(server.speechFile())
                try server.waitForPlayback()
                let capture = PulseAudioCapture(server: server.address)
                let log = CaptureLog()
                let inner = log.handler
                capture.start { [capture] event in
                    inner(event)
                    if case .samples = event { capture.stop() }
                }
                #expect(await wait(timeout: 2) { log.count >= 2 })
                #expect(await server.waitUntilDisconnected(capture.applicationName), "the connection is closed")
                #expect(log.count == 2, "only .started and the first .samples")
                capture.stop()  // again, from outside: nothing happens
            }
        }
    }
}
