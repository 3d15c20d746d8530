import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC K in the real app, with the real speech engine and a private sound server playing speech into the
/// microphone: while the mic is held, the words appear above the control and screen readers read them; the take is
/// kept, its own transcript follows, and the live engine is gone.
@Suite("voice-memos under Xvfb: the live transcript while recording", .serialized)
struct LiveTranscriptAppTests {
    /// The app's live engines: its children running the engine's live mode.
    static func liveEngines(of app: MemosAppSession) -> [Int32] {
        TranscriptsTests.engines(of: app).filter { pid in
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: command, as: UTF8.self).contains("--live")
        }
    }

    @Test("words appear above the control as they are said, screen readers read them, the engine leaves")
    func wordsAppearWhileRecording() throws {
        let app = try MemosAppSession(
            accessibility: true, microphone: true,
            environment: ["VOICERECORDER_SPEECH_HOME": TranscriptsTests.speechHome])
        defer {
            app.stop()
            app.removeScratch()
        }
        let server = try #require(app.soundServer)
        try server.play(try server.speechFile("Remember to call the dentist on Monday morning.", pause: 1, repeats: 8))
        try server.waitForPlayback()
        let since = app.count
        try app.holdMic()
        let live = try app.waitFor("liveTranscript", timeout: 40, since: since) {
            ($0["settled"] as? String ?? "").lowercased().contains("dentist")
        }
        #expect(Self.liveEngines(of: app).count == 1, "one live engine while the take records")
        // Read while the mic is still held: the band is a label whose name is the words, described as what it is.
        let tree = try app.accessibleTree {
            $0.contains { $0.description == "Live transcript" && $0.name.lowercased().contains("dentist") }
        }
        let band = tree.first { $0.description == "Live transcript" }
        #expect(band?.role == "label", "\(String(describing: band))")
        #expect(band?.name.lowercased().contains("dentist") == true, "\(String(describing: band))")
        #expect((live["text"] as? String ?? "").hasPrefix(live["settled"] as? String ?? "?"), "settled words first")
        try app.release()
        let added = try app.waitFor("memoAdded", since: since)
        let id = try #require(added["id"] as? String)
        try app.waitFor("transcript", timeout: 60) { $0["id"] as? String == id && $0["state"] as? String == "done" }
        #expect(wait(timeout: 3) { Self.liveEngines(of: app).isEmpty }, "the live engine is gone with the take")
    }
}
