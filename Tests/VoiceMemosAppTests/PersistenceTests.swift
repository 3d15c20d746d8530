import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC B.7 and B.8 end to end: what the app keeps is on disk (read back by `voicerec memos` on the same library),
/// survives a restart and a kill mid-recording, and a file damaged behind the app's back costs nothing but an alert.
@Suite("voice-memos under Xvfb: what is kept", .serialized)
struct PersistenceTests {
    @Test("a recorded memo is in the library at once; renamed, then the app restarted, it is there with its title")
    func renameAndRestart() throws {
        let app = try MemosAppSession()
        defer { app.removeScratch() }
        let id = try #require(try app.record(seconds: 1.5)["id"] as? String)
        var stored = try memos(in: app.dataDirectory)
        #expect(stored.map { $0["id"] as? String } == [id], "the memo is in the database as soon as it is shown")
        #expect(FileManager.default.fileExists(atPath: try #require(stored.first?["file"] as? String)))

        let since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "title"))
        try app.type("Groceries")
        try app.key("Return")
        try app.waitFor("renamed", since: since) { $0["title"] as? String == "Groceries" }
        app.stop()

        let again = try MemosAppSession(scratch: app.scratch)
        defer { again.stop() }
        #expect(again.events("ready").first?["memos"] as? Int == 1)
        try again.row(id)
        stored = try memos(in: again.dataDirectory)
        #expect(stored.first?["title"] as? String == "Groceries")
    }

    @Test("killed (SIGKILL) while recording: at the next start the take is a recovered memo, nothing left behind")
    func killedMidRecording() throws {
        let app = try MemosAppSession()
        defer { app.removeScratch() }
        try app.holdMic()
        try app.waitUntilRecorded(1.5)
        app.killApp()
        app.stop(checking: false)
        let takes = app.dataDirectory.appendingPathComponent("takes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: takes.path).count == 1, "the cut-short take")

        let again = try MemosAppSession(scratch: app.scratch)
        defer { again.stop() }
        // The first screen shows what the library held; the take is adopted when the rest is read, just after.
        try again.waitFor("list") { $0["list"] as? String == "memos" && $0["count"] as? Int == 1 }
        let stored = try memos(in: again.dataDirectory)
        let memo = try #require(stored.first)
        #expect(stored.count == 1 && memo["recovered"] as? Bool == true)
        // Killed once the file held 1.5 s: the recovered memo is what the file held (SPEC B.7 loses at most what was
        // recorded after its last whole fragment), give or take a fragment written as the kill came.
        let duration = try #require(memo["duration"] as? Double)
        #expect(duration > 1.5 - 0.05 && duration < 1.5 + 0.6, "\(duration) s")
        try again.row(try #require(memo["id"] as? String))
        #expect(try FileManager.default.contentsOfDirectory(atPath: takes.path).isEmpty)
    }

    @Test("a memo whose file was damaged behind the app's back: \"Voice memo playback failed.\", and the memo stays")
    func damagedFile() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 1)["id"] as? String)
        let file = try #require(try memos(in: app.dataDirectory).first?["file"] as? String)
        try Data(repeating: 0x5A, count: 4_096).write(to: URL(fileURLWithPath: file))

        let since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        let alert = try app.waitFor("alert", since: since)
        #expect(alert["text"] as? String == "Voice memo playback failed.")
        #expect(app.events("memoDeleted", since: since).isEmpty)
        #expect(try memos(in: app.dataDirectory).map { $0["id"] as? String } == [id])
        #expect(FileManager.default.fileExists(atPath: file), "the damaged file is left for the person to deal with")
    }

    /// The memos `voicerec memos list` reads from the library in `directory` (the app may have it open).
    private func memos(in directory: URL) throws -> [[String: Any]] {
        let listed = try Voicerec.run(["memos", "--data-dir", directory.path, "list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        return listed.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}
