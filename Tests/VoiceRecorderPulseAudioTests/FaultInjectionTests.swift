import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

/// Something that happens to the sound server in the middle of a take, and the interruption it must cause.
enum ServerFault: String, CaseIterable, CustomTestStringConvertible {
    case sinkUnloaded, serverKilled, phoneCallStarted, sourceSuspended

    var expected: Interruption {
        switch self {
        case .sinkUnloaded: .routeLost
        case .serverKilled: .mediaReset
        case .phoneCallStarted, .sourceSuspended: .call
        }
    }

    var testDescription: String { "\(rawValue) → \(expected.rawValue)" }

    /// The source to record from: the null sink's monitor, except for suspension, which the server refuses for
    /// monitors (they follow their sink): there a null source stands in for a microphone.
    func device(on server: SoundServer) throws -> String {
        guard self == .sourceSuspended else { return server.monitorName }
        try server.pactl("load-module", "module-null-source", "source_name=vr_mic", "rate=24000", "channels=1")
        return "vr_mic"
    }

    func inject(into server: SoundServer, speech: URL) throws {
        switch self {
        case .sinkUnloaded:
            try server.pactl("unload-module", "module-null-sink")
        case .serverKilled:
            server.kill()
        case .phoneCallStarted:
            // module-role-cork corks music for calls; the capture watches for the call stream itself.
            try server.pactl("load-module", "module-role-cork")
            try server.play(speech, role: "phone")
        case .sourceSuspended:
            try server.pactl("suspend-source", "vr_mic", "1")
        }
    }
}

extension PulseAudioTests {
    @Suite struct FaultInjection {
        @Test(arguments: ServerFault.allCases)
        func aFaultMidTakeInterruptsThenStopIsPromptAndFinal(fault: ServerFault) async throws {
            try await withSoundServer { server in
                let speech = try server.speechFile(pause: 0.3, repeats: 4)
                try server.play(speech)
                try server.waitForPlayback()
                let capture = PulseAudioCapture(server: server.address, device: try fault.device(on: server))
                let log = CaptureLog()
                capture.start(handler: log.handler)
                defer { capture.stop() }
                #expect(await wait(timeout: 2) { log.samples.count >= 24_000 / 4 }, "recording before the fault")
                #expect(log.ending == nil)

                let injectedAt = Date()
                try fault.inject(into: server, speech: speech)
                #expect(await wait(timeout: 2) { log.ending != nil })
                print("\(fault.rawValue): reported after \(Int(Date().timeIntervalSince(injectedAt) * 1000)) ms")
                #expect(log.interruption == fault.expected)

                let stopStartedAt = Date()
                capture.stop()
                let stopTook = Date().timeIntervalSince(stopStartedAt)
                #expect(stopTook < 0.2, "stop took \(stopTook) s")
                let eventsAtStop = log.count
                // The connection's end is the capture's last act (a killed server has ended it already).
                if fault != .serverKilled {
                    #expect(await server.waitUntilDisconnected(capture.applicationName), "the connection is closed")
                }
                #expect(log.count == eventsAtStop, "nothing arrives after stop")
            }
        }

        @Test func stopFromManyThreadsAtOnceIsSafe() async throws {
            try await withSoundServer { server in
                try server.play(server.speechFile())
                let capture = PulseAudioCapture(server: server.address)
                let log = CaptureLog()
                capture.start(handler: log.handler)
                #expect(await wait(timeout: 2) { log.samples.count > 0 })
                DispatchQueue.concurrentPerform(iterations: 8) { _ in capture.stop() }
                let eventsAtStop = log.count
                #expect(await server.waitUntilDisconnected(capture.applicationName), "the connection is closed")
                #expect(log.count == eventsAtStop)
            }
        }

        @Test func stopBeforeTheConnectionIsUpReportsNothing() async throws {
            try await withSoundServer { server in
                let capture = PulseAudioCapture(server: server.address)
                let log = CaptureLog()
                capture.start(handler: log.handler)
                capture.stop()
                // The connecting goes on on a queue of its own and, finding the stop, closes at once; nothing marks
                // that it has run (it may never have reached the server), so this gives it the time a local socket
                // needs many times over.
                await letTimePass(0.3)
                #expect(await server.waitUntilDisconnected(capture.applicationName))
                #expect(log.count == 0)
                let sources = try server.pactl("list", "short", "source-outputs")
                #expect(sources.isEmpty, "the source was released")
            }
        }
    }
}
