import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// SPEC I.3 end to end: "Enhance Recording" in a memo's menu switches its Enhance on (the check mark, a
/// `memoEnhanced` line, stored in the library); it then plays through a real sound server to its end, its menu reads
/// as "Memo menu" over AT-SPI, and Export…
/// writes it enhanced (the same length to the frame, not the recording's bytes); switched off again, it is stored so.
@Suite("voice-memos under Xvfb: Enhance (SPEC I.3)", .serialized)
struct EnhanceAppTests {
    @Test func enhanceInTheMenuPlaysAndExportsEnhancedAndIsStored() throws {
        let app = try MemosAppSession(accessibility: true)
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 2)["id"] as? String)
        let file = app.dataDirectory.appendingPathComponent("memos/\(id).m4a")
        // The menu of a memo never edited: Rename, Edit…, (Revert to Original, insensitive, is passed over),
        // Enhance Recording, Show Transcript, Copy Transcript, Export…, Delete.
        var since = app.count
        try EditorTests.choose(3, inMenuOf: id, app)
        #expect(try app.waitFor("memoEnhanced", since: since)["on"] as? Bool == true)

        since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        try app.waitFor("playback", timeout: 8, since: since) { $0["state"] as? String == "ended" }
        #expect(app.events("alert", since: since).isEmpty)

        // As a screen reader meets the menu: named for what it is, its items by their words.
        try app.click(MemosAppSession.point(try app.row(id), "menu"))
        let tree = try app.accessibleTree { nodes in nodes.contains { $0.name == "Enhance Recording" } }
        #expect(tree.contains { $0.role == "menu" && $0.name == "Memo menu" }, "\(tree.map(\.name))")
        #expect(!tree.contains { $0.name == "GtkPopoverMenu" }, "no class name for the menu")
        try app.key("Escape")
        letTimePass(0.3)  // the popover closes (no line says so)

        since = app.count
        try EditorTests.choose(6, inMenuOf: id, app)
        letTimePass(1)  // the save dialog opens with the name field focused (no line says so)
        let exported = app.scratch.appendingPathComponent("tmp/enhanced.m4a")
        try app.key("ctrl+a")
        try app.type(exported.path)
        try app.key("Return")
        let line = try app.waitFor("exported", timeout: 10, since: since)
        #expect(line["enhanced"] as? Bool == true)
        #expect(line["path"] as? String == exported.path)
        let frames = try AudioFileReader.decode(file) { _ in }.frames
        #expect(try AudioFileReader.decode(exported) { _ in }.frames == frames, "exactly as long")
        #expect(try Data(contentsOf: exported) != Data(contentsOf: file), "not the recording's bytes")

        since = app.count
        try EditorTests.choose(3, inMenuOf: id, app)
        #expect(try app.waitFor("memoEnhanced", since: since)["on"] as? Bool == false)
        app.stop()
        let listed = try Voicerec.run(
            ["memos", "--data-dir", app.dataDirectory.path, "list"],
            temporaryDirectory: app.scratch.appendingPathComponent("tmp"))
        let memo = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        #expect(memo["enhanced"] as? Bool == false, "stored as last switched")
    }
}
