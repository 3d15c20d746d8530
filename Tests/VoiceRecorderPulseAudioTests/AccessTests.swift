import Foundation
import Testing
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderTestSupport

@testable import VoiceRecorderPulseAudio

extension PulseAudioTests {
    @Suite struct Access {
        @Test func aReachableServerWithASourceGrantsAccess() async throws {
            try await withSoundServer { server in
                let source = PulseAudioSource(server: server.address)
                let info = try source.probe().get()
                #expect(info.name == server.monitorName)
                #expect(info.isMonitor)
                #expect(source.probedAccess() == .granted)
                let answer = await withCheckedContinuation { continuation in
                    source.requestAccess { continuation.resume(returning: $0) }
                }
                #expect(answer)
            }
        }

        @Test func aMissingNamedSourceDeniesAccessAndSaysWhich() async throws {
            try await withSoundServer { server in
                let source = PulseAudioSource(server: server.address, device: "usb_mic")
                guard case .failure(let error) = source.probe() else {
                    Issue.record("probe found a source that does not exist")
                    return
                }
                #expect(error.message.contains("usb_mic"))
                #expect(source.probedAccess() == .denied)
            }
        }

        @Test func noServerDeniesAccessInMilliseconds() throws {
            let source = PulseAudioSource(server: "unix:/tmp/vr-no-such-server/native")
            let startedAt = Date()
            let result = source.probe()
            let elapsed = Date().timeIntervalSince(startedAt)
            print("probe without a server: \(String(format: "%.1f", elapsed * 1000)) ms")
            guard case .failure(let error) = result else {
                Issue.record("probe succeeded without a server")
                return
            }
            #expect(error.message == "Connection refused")
            #expect(error.operation == "pa_context_connect")
            #expect(elapsed < 0.1)
            #expect(source.probedAccess() == .denied)
            #expect(throws: PulseAudioError.self) { try source.listSources() }
        }
    }
}
