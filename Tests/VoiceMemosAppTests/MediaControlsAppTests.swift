import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC J.2: a memo playing in the app is on the desktop's media controls (MPRIS), driven by `playerctl` as the
/// media keys and GNOME's controls drive it, and the app's own controls agree.
@Suite("voice-memos under Xvfb: the desktop's media controls", .serialized)
struct MediaControlsAppTests {
    @Test("playerctl lists it while a memo plays, reads its title and status, pauses, moves and plays it")
    func playerctl() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        let first = try TranscriptsTests.library(
            in: scratch, saying: "The first memo says one two three four five six seven eight nine ten.")
        let app = try MemosAppSession(accessibility: true, scratch: scratch)
        defer {
            app.stop()
            app.removeScratch()
        }
        let bus = try #require(app.busAddress)
        func playerctl(_ arguments: String...) throws -> String {
            try ChildProcess.output(
                of: "/usr/bin/playerctl", ["--player=VoiceMemos"] + arguments,
                environment: .inherited.adding(["DBUS_SESSION_BUS_ADDRESS": bus])
            ).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let listed = { () throws -> String in
            try ChildProcess.run(
                "/usr/bin/playerctl", ["--list-all"], environment: .inherited.adding(["DBUS_SESSION_BUS_ADDRESS": bus])
            ).stdout
        }
        #expect(!(try listed()).contains("VoiceMemos"), "no player before a memo plays")

        let row = try app.waitFor("row") { $0["id"] as? String == first }
        try app.click(MemosAppSession.point(row, "play"))
        _ = try app.waitFor("playback") { $0["state"] as? String == "playing" }
        #expect(wait(timeout: 5) { (try? listed())?.contains("VoiceMemos") == true })
        #expect(try playerctl("status") == "Playing")
        #expect(try playerctl("metadata", "xesam:title") == "New Recording 1")
        let length = try #require(Double(try playerctl("metadata", "mpris:length")))
        #expect(length > 3_000_000, "the length in microseconds: \(length)")

        var since = app.count
        try playerctl("pause")
        _ = try app.waitFor("playback", since: since) { $0["state"] as? String == "stopped" }
        #expect(try playerctl("status") == "Paused")

        since = app.count
        try playerctl("position", "2")
        try playerctl("play")
        let playing = try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        let position = try #require(playing["position"] as? Double)
        #expect(abs(position - 2) < 0.3, "played on from 2 s: \(position)")
        let reported = try #require(Double(try playerctl("position")))
        #expect(reported >= 2 && reported < 4, "playerctl reads the position: \(reported)")

        // The app's own button and the desktop's controls agree.
        since = app.count
        try app.click(MemosAppSession.point(row, "play"))
        _ = try app.waitFor("playback", since: since) { $0["state"] as? String == "stopped" }
        #expect(wait(timeout: 3) { (try? playerctl("status")) == "Paused" })
    }
}
