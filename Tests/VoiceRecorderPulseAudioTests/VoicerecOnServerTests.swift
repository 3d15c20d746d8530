import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The `voicerec` tool against a real sound server: recording a named source, and playing a file.
extension PulseAudioTests {
    @Suite struct VoicerecOnServer {
        /// Starts `voicerec arguments` talking to `server`, its takes in the server's directory.
        private func launch(_ arguments: [String], server: SoundServer) throws -> ChildProcess {
            try Voicerec.start(
                arguments, temporaryDirectory: server.directory, environment: server.clientEnvironment,
                input: .null)
        }

        @Test func recordsSpeechFromANamedSourceAndPlaysItBack() async throws {
            try await withSoundServer { server in
                try server.play(try server.speechFile(pause: 0.4, repeats: 5))
                try server.waitForPlayback()
                let output = server.directory.appendingPathComponent("message.m4a")
                let recorder = try launch(
                    ["record", "--device", server.monitorName, "--duration", "2", "--output", output.path],
                    server: server)
                let recorded = try recorder.wait()
                let errors = recorded.stderr
                #expect(recorded.status == 0, "\(errors)")
                let json = Data(recorded.stdout.utf8)
                let result = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
                #expect(result["url"] as? String == output.path)
                #expect(abs((result["duration"] as? Double ?? 0) - 2) <= 0.03)
                let samples = try #require(result["samples"] as? [Double])
                #expect(samples.count == 40)
                #expect(samples.contains { $0 > 0.5 }, "speech was recorded")

                let started = Date()
                let played = try launch(["play", output.path], server: server).wait()
                let took = Date().timeIntervalSince(started)
                let playMessages = played.stderr
                #expect(played.status == 0, "\(playMessages)")
                #expect(took > 1.8 && took < 4, "played the 2 s file in \(took) s")
            }
        }

        @Test func ctrlCStopsPlaybackPromptly() async throws {
            try await withSoundServer { server in
                let output = server.directory.appendingPathComponent("long.m4a")
                let recorded = try launch(
                    ["record", "--simulated", "--duration", "6", "--output", output.path], server: server
                ).wait()
                #expect(recorded.status == 0)
                let player = try launch(["play", output.path], server: server)
                // Stopped while it plays: once its stream is in the sound server.
                #expect(await wait(timeout: 10) { (try? server.playingStreams().isEmpty) == false }, "it plays")
                let stoppedAt = Date()
                player.send(SIGINT)
                let played = try player.wait()
                #expect(Date().timeIntervalSince(stoppedAt) < 1)
                #expect(played.status == 0)
            }
        }

        @Test func recordingFromAMissingSourceFailsClearly() async throws {
            try await withSoundServer { server in
                let recorded = try launch(["record", "--device", "no_such_source"], server: server).wait()
                let errors = recorded.stderr
                #expect(recorded.status == 1)
                #expect(errors.contains("no_such_source"), "\(errors)")
            }
        }
    }
}
