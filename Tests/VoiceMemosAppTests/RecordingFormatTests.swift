import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC G in the app: the main menu's "Recording format" chooses Opus for the next memos, remembered in the settings
/// file across a restart; a memo recorded in Opus is an `.ogg` in the library.
@Suite("voice-memos under Xvfb: the recording format", .serialized)
struct RecordingFormatTests {
    @Test("Opus chosen from the main menu is remembered; the next memo is an .ogg, the one before stays .m4a")
    func chooseOpusFromTheMenu() throws {
        let app = try MemosAppSession()
        defer { app.removeScratch() }
        #expect(app.events("ready").first?["recordingFormat"] as? String == "aac")
        let first = try #require(try app.record(seconds: 1.2)["id"] as? String)

        // F10 opens the main menu; the first arrow key takes the focus into it, and its last item is "Opus (.ogg)".
        let since = app.count
        try app.key("F10")
        // The menu prints no line when it is up, and a key sent before it is lost: the one fixed wait for the UI.
        app.letTimePass(0.5)
        try app.key("Up")
        app.letTimePass(0.3)
        try app.key("End", "Return")
        let chosen = try app.waitFor("recordingFormat", since: since)
        #expect(chosen["format"] as? String == "opus")
        let second = try #require(try app.record(seconds: 1.2)["id"] as? String)
        let memos = app.dataDirectory.appendingPathComponent("memos")
        #expect(FileManager.default.fileExists(atPath: memos.appendingPathComponent("\(first).m4a").path))
        #expect(FileManager.default.fileExists(atPath: memos.appendingPathComponent("\(second).ogg").path))
        let settings = app.scratch.appendingPathComponent("config/voicerecorder/settings.json")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: settings)) as? [String: Any]
        #expect(saved?["recordingFormat"] as? String == "opus")
        app.stop()

        let again = try MemosAppSession(scratch: app.scratch)
        defer { again.stop() }
        #expect(again.events("ready").first?["recordingFormat"] as? String == "opus", "remembered")
        let third = try #require(try again.record(seconds: 1.2)["id"] as? String)
        #expect(FileManager.default.fileExists(atPath: memos.appendingPathComponent("\(third).ogg").path))
    }
}
