import Foundation
import Testing
import VoiceRecorderFFmpeg
#if canImport(Glibc)
import Glibc
#endif

/// The `voicerec` tool against a real sound server: recording a named source, and playing a file.
extension PulseAudioTests {
    @Suite struct VoicerecOnServer {
        static let voicerec = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("voicerec")

        /// Starts `voicerec arguments` talking to `server`.
        private func launch(_ arguments: [String], server: SoundServer) throws -> (Process, Pipe, Pipe) {
            let process = Process()
            process.executableURL = Self.voicerec
            process.arguments = arguments
            var environment = server.clientEnvironment
            environment["TMPDIR"] = server.directory.path
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = out
            process.standardError = err
            try process.run()
            return (process, out, err)
        }

        @Test func recordsSpeechFromANamedSourceAndPlaysItBack() async throws {
            try await withSoundServer { server in
                try server.play(try server.speechFile(pause: 0.4, repeats: 5))
                try server.waitForPlayback()
                let output = server.directory.appendingPathComponent("message.m4a")
                let (recorder, out, err) = try launch(
                    ["record", "--device", server.monitorName, "--duration", "2", "--output", output.path], server: server)
                let json = out.fileHandleForReading.readDataToEndOfFile()
                let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                recorder.waitUntilExit()
                #expect(recorder.terminationStatus == 0, "\(errors)")
                let result = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
                #expect(result["url"] as? String == output.path)
                #expect(abs((result["duration"] as? Double ?? 0) - 2) <= 0.03)
                let samples = try #require(result["samples"] as? [Double])
                #expect(samples.count == 40)
                #expect(samples.contains { $0 > 0.5 }, "speech was recorded")

                let started = Date()
                let (player, _, playErrors) = try launch(["play", output.path], server: server)
                player.waitUntilExit()
                let took = Date().timeIntervalSince(started)
                let playMessages = String(decoding: playErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(player.terminationStatus == 0, "\(playMessages)")
                #expect(took > 1.8 && took < 4, "played the 2 s file in \(took) s")
            }
        }

        @Test func ctrlCStopsPlaybackPromptly() async throws {
            try await withSoundServer { server in
                let output = server.directory.appendingPathComponent("long.m4a")
                let (recorder, _, _) = try launch(
                    ["record", "--simulated", "--duration", "6", "--output", output.path], server: server)
                recorder.waitUntilExit()
                #expect(recorder.terminationStatus == 0)
                let (player, _, _) = try launch(["play", output.path], server: server)
                try await Task.sleep(for: .milliseconds(800))
                let stoppedAt = Date()
                kill(player.processIdentifier, SIGINT)
                player.waitUntilExit()
                #expect(Date().timeIntervalSince(stoppedAt) < 1)
                #expect(player.terminationStatus == 0)
            }
        }

        @Test func recordingFromAMissingSourceFailsClearly() async throws {
            try await withSoundServer { server in
                let (recorder, out, err) = try launch(["record", "--device", "no_such_source"], server: server)
                let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                _ = out.fileHandleForReading.readDataToEndOfFile()
                recorder.waitUntilExit()
                #expect(recorder.terminationStatus == 1)
                #expect(errors.contains("no_such_source"), "\(errors)")
            }
        }
    }
}
