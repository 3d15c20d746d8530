import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC F in the demo, on a private sound server: the Microphone list in `ready` and as sources come, the
/// remembered source's fallback, and a muted source's warning and banner while a take records on.
@Suite("voicerecorder-demo under Xvfb: the microphone", .serialized)
struct DemoMicrophoneTests {
    @Test func theListFallbackAndAMutedTake() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("demo-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let settings = home.appendingPathComponent("voicerecorder/demo.json")
        try FileManager.default.createDirectory(
            at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"microphone": "gone_mic", "microphoneDescription": "Gone Mic"}"#.utf8).write(to: settings)

        let demo = try DemoSession(sound: .privateServer, microphone: true, configuration: home)
        defer { demo.stop() }
        let server = try #require(demo.soundServer)
        let toast = try demo.waitFor("toast")
        #expect(toast["text"] as? String == "Gone Mic is not connected. Using Monitor of Null Output.")
        let listed = try demo.waitFor("microphones")
        #expect((listed["sources"] as? [[String: Any]])?.first?["name"] as? String == server.monitorName)
        #expect((listed["sources"] as? [[String: Any]])?.first?["selected"] as? Bool == true)
        #expect(demo.events("ready").first?["microphones"] is [Any])

        let since = demo.count
        let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
        try server.play(try server.speechFile(pause: 0.3, repeats: 8), device: headset.sinkName)
        try server.waitForPlayback(sink: headset.sinkName)
        try server.setDefaultSource(headset.name)
        try server.setMute(true, source: headset.name)
        try demo.waitFor("microphones", since: since) {
            ($0["sources"] as? [[String: Any]])?.first { $0["selected"] as? Bool == true }?["name"] as? String
                == "usb_headset"
        }
        let take = demo.count
        try demo.holdMic()
        let warning = try demo.waitFor("microphoneWarning", since: take)
        #expect(warning["kind"] as? String == "muted" && warning["source"] as? String == "usb_headset")
        let banner = try demo.waitFor("banner", since: take)
        #expect(banner["text"] as? String == "USB Headset is muted")
        // A picture for a person to look at, once the banner has slid in (it says nothing when it has).
        demo.letTimePass(0.4)
        try demo.savePicture(
            to: FileManager.default.temporaryDirectory.appendingPathComponent("voicerecorder-microphone-demo.png").path)
        try demo.waitUntilRecorded(0.8)
        try demo.release()
        try demo.waitFor("sent", since: take)
        try demo.waitFor("microphoneWarning", since: take) { $0["kind"] as? String == "none" }
    }
}
