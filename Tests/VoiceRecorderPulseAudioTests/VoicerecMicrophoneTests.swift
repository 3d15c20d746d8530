import Foundation
import Testing
import VoiceRecorderTestSupport

/// `voicerec devices` and `voicerec record --device` against a real sound server's sources (SPEC F.1), and the
/// warning lines of a take from a muted or silent source (SPEC F.2).
extension PulseAudioTests {
    @Suite struct VoicerecMicrophone {
        private func launch(_ arguments: [String], server: SoundServer) throws -> ChildProcess {
            try Voicerec.start(
                arguments, temporaryDirectory: server.directory, environment: server.clientEnvironment,
                input: .null)
        }

        @Test func devicesListsTheSourcesAsTextAndAsJSON() async throws {
            try await withSoundServer { server in
                let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
                try server.setMute(true, source: headset.name)
                try server.setDefaultSource(server.monitorName)
                let text = try launch(["devices"], server: server).wait()
                #expect(text.status == 0)
                #expect(
                    text.stdout.split(separator: "\n").contains("usb_headset\tUSB Headset (muted)"), "\(text.stdout)")
                #expect(
                    text.stdout.split(separator: "\n").contains(
                        "vr_sink.monitor\tMonitor of Null Output (default) (monitor)"))

                let json = try launch(["devices", "--json"], server: server).wait()
                #expect(json.status == 0)
                let objects = try json.stdout.split(separator: "\n").map { line in
                    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                }
                let listed = try #require(objects.first { $0["name"] as? String == "usb_headset" })
                #expect(listed["description"] as? String == "USB Headset")
                #expect(listed["muted"] as? Bool == true && listed["monitor"] as? Bool == false)
                #expect(listed["default"] as? Bool == false)
                #expect(objects.filter { $0["default"] as? Bool == true }.count == 1)
            }
        }

        @Test func recordTakesADescriptionAsTheDevice() async throws {
            try await withSoundServer { server in
                let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
                try server.play(try server.speechFile(pause: 0.3, repeats: 5), device: headset.sinkName)
                try server.waitForPlayback(sink: headset.sinkName)
                try server.setDefaultSource(server.monitorName)  // silent: a take from it would have no speech
                let recorded = try launch(["record", "--device", "USB Headset", "--duration", "2"], server: server)
                    .wait()
                #expect(recorded.status == 0, "\(recorded.stderr)")
                let result = try #require(
                    try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
                let samples = try #require(result["samples"] as? [Double])
                #expect(samples.contains { $0 > 0.5 }, "recorded the headset's speech")
                #expect(!recorded.stderr.contains("warning"), "\(recorded.stderr)")
            }
        }

        @Test func aMutedSourceWarnsOnStderrAndTheTakeIsKept() async throws {
            try await withSoundServer { server in
                let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
                try server.setMute(true, source: headset.name)
                let recorded = try launch(["record", "--device", headset.name, "--duration", "2"], server: server)
                    .wait()
                #expect(recorded.status == 0, "\(recorded.stderr)")
                let lines = recorded.stderr.split(separator: "\n")
                #expect(
                    lines.filter { $0 == "voicerec: warning: USB Headset is muted" }.count == 1, "\(recorded.stderr)")
                let result = try #require(
                    try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
                #expect(abs((result["duration"] as? Double ?? 0) - 2) <= 0.03, "the take is kept whole")
            }
        }

        @Test func aSilentSourceWarnsOnStderrAndTheTakeIsKept() async throws {
            try await withSoundServer { server in
                let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
                let recorded = try launch(["record", "--device", headset.name, "--duration", "2.5"], server: server)
                    .wait()
                #expect(recorded.status == 0, "\(recorded.stderr)")
                let lines = recorded.stderr.split(separator: "\n")
                #expect(
                    lines.filter { $0 == "voicerec: warning: no sound from USB Headset in the first 1.5 s" }.count == 1,
                    "\(recorded.stderr)")
                let result = try #require(
                    try JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
                #expect(abs((result["duration"] as? Double ?? 0) - 2.5) <= 0.03, "the take is kept whole")
            }
        }
    }
}
