import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// The paused keys of SPEC D.7 on `voicerecorder-demo --preview` in Xvfb, pressed with xdotool after a take was
/// locked and paused with the mouse: Space plays and pauses listening, Return sends, Escape deletes.
@Suite("voicerecorder-demo under Xvfb: the paused keys", .serialized)
struct DemoPreviewKeysTests {
    private func press(_ demo: DemoSession, _ key: String) throws {
        try demo.xdotool(["key", "--window", demo.windowID, key])
    }

    @Test("paused: Space listens, Space again stops listening, Return sends the take")
    func spaceListensReturnSends() throws {
        let demo = try DemoSession(arguments: ["--preview"], sound: .privateServer)
        defer { demo.stop() }
        let paused = try demo.lockAndPause(recording: 2)
        let length = try #require(paused["length"] as? Double)

        var since = demo.events.count
        try press(demo, "space")
        try demo.waitFor("listening", since: since) { $0["listening"] as? Bool == true }
        #expect(demo.events("phase").last?["phase"] as? String == "paused", "Space does not resume")
        // Listened a while: the playhead moves with the time heard, which is what is checked.
        demo.letTimePass(0.5)
        since = demo.events.count
        try press(demo, "space")
        let stopped = try demo.waitFor("preview", since: since) { $0["listening"] as? Bool == false }
        #expect((stopped["playhead"] as? Double ?? 0) > 0.2, "the playhead moved while listening: \(stopped)")
        #expect(demo.events("sent").isEmpty, "Space never sends")

        try press(demo, "Return")
        let sent = try demo.waitFor("sent")
        let url = URL(fileURLWithPath: try #require(sent["url"] as? String))
        let (_, frames) = try AudioFileReader.decode(url) { _ in }
        let seconds = Double(frames) / 24_000
        // Nothing was trimmed: the whole take, within the flush's settling (the encoder's delay, under 0.13 s).
        #expect(abs(seconds - length) < 0.13, "decoded \(seconds) s of a \(length) s take")
        #expect(demo.events("sent").count == 1)
        #expect(demo.events("cancelled").isEmpty)
    }

    @Test("paused: Escape deletes the take and its file")
    func escapeDeletes() throws {
        let demo = try DemoSession(arguments: ["--preview"], sound: .privateServer)
        defer { demo.stop() }
        try demo.lockAndPause(recording: 1.5)
        #expect(demo.takeFiles.count == 1, "the paused take's file")
        try press(demo, "Escape")
        let cancelled = try demo.waitFor("cancelled")
        #expect(cancelled["reason"] as? String == "cancelled")
        try demo.waitFor("phase") { $0["phase"] as? String == "idle" }
        try demo.sync()
        #expect(demo.events("sent").isEmpty)
        #expect(wait(timeout: 2) { demo.takeFiles.isEmpty }, "no file left: \(demo.takeFiles)")
    }
}
