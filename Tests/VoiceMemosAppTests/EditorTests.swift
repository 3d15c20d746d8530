import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// SPEC I.1 end to end, with a mouse and keys at two window sizes and in both directions: Edit… in a memo's menu
/// opens the editor; its handles are dragged and moved with the arrows; Trim and Save write the memo, exactly as
/// long as the selection, with the toast "Memo trimmed"; Ctrl+Z puts it back; Revert to Original in the menu
/// brings back the recording. Over AT-SPI the handles say where they are ("Start of selection, 0:00.0").
@Suite("voice-memos under Xvfb: the editor (SPEC I.1)", .serialized)
struct EditorTests {
    /// Opens memo `id`'s menu and chooses its `item`-th entry (1: Rename, 2: Edit…, 3: Revert to Original).
    static func choose(_ item: Int, inMenuOf id: String, _ app: MemosAppSession) throws {
        try app.click(MemosAppSession.point(try app.row(id), "menu"))
        letTimePass(0.4)  // the popover opens and takes the keys (no line says so)
        for _ in 1 ..< item { try app.key("Down") }
        try app.key("Return")
    }

    /// The point `name` of the latest `editorLayout` line.
    static func point(_ app: MemosAppSession, _ name: String, since: Int) throws -> AppSession.Point {
        let layout = try app.waitFor("editorLayout", since: since) { $0[name] is [String: Any] }
        return try MemosAppSession.point(layout, name)
    }

    @Test(arguments: [(800, 720, false), (480, 800, true)])
    func trimWithTheMouseAndKeysSaveThenUndo(width: Int, height: Int, rightToLeft: Bool) throws {
        let app = try MemosAppSession(
            arguments: rightToLeft ? ["--rtl"] : [], accessibility: true, width: width, height: height)
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 3)["id"] as? String)
        var since = app.count
        try Self.choose(2, inMenuOf: id, app)
        let opened = try app.waitFor("editor", since: since) { $0["state"] as? String == "opened" }
        let duration = try #require(opened["duration"] as? Double)
        let layout = try app.waitFor("editorLayout", since: since)
        let wave = try #require(layout["waveform"] as? [String: Double])
        let waveWidth = try #require(wave["width"])
        #expect(waveWidth > 300, "the waveform takes the window's width")
        let tree = try app.accessibleTree { nodes in nodes.contains { $0.name.hasPrefix("Start of selection") } }
        #expect(tree.contains { $0.name == "Start of selection, 0:00.0" && $0.role == "slider" }, "\(tree.map(\.name))")
        #expect(tree.contains { $0.name.hasPrefix("End of selection, 0:0") })

        // The start handle dragged a quarter of the way in (toward the leading edge's opposite side, mirrored
        // right to left), then moved on by a tenth with the arrow key that points later in time.
        since = app.count
        let start = try Self.point(app, "startHandle", since: 0)
        try app.press(at: start)
        try app.drag(dx: Int((rightToLeft ? -1 : 1) * waveWidth / 4), dy: 0)
        try app.release()
        try app.waitFor("editor", since: since) {
            abs(($0["start"] as? Double ?? 0) - duration / 4) < duration * 0.04
        }
        letTimePass(0.3)  // the drag's last moves arrive
        let startAfterDrag = try #require(app.events("editor", since: since).last?["start"] as? Double)
        since = app.count
        try app.key(rightToLeft ? "Left" : "Right")
        let nudged = try app.waitFor("editor", since: since) { $0["state"] as? String == "selection" }
        #expect(abs((nudged["start"] as? Double ?? 0) - (startAfterDrag + 0.1)) < 1e-6)

        // The end handle: a press near it takes it (the nearer handle) to where the press was.
        since = app.count
        let end = try Self.point(app, "endHandle", since: 0)
        try app.click((end.x + (rightToLeft ? 1 : -1) * waveWidth / 4, end.y))
        let moved = try app.waitFor("editor", since: since) {
            ($0["end"] as? Double ?? duration) < duration * 0.8
        }
        let kept = (moved["end"] as? Double ?? 0) - (nudged["start"] as? Double ?? 0)

        since = app.count
        try app.click(try Self.point(app, "trim", since: 0))
        let trimmed = try app.waitFor("editor", since: since) { $0["changed"] as? Bool == true }
        #expect(abs((trimmed["duration"] as? Double ?? 0) - kept) < 1e-3)
        try app.savePicture(to: "/tmp/voicerecorder-editor-\(width)-\(rightToLeft ? "rtl" : "ltr").png")
        since = app.count
        try app.click(try Self.point(app, "save", since: 0))
        let edited = try app.waitFor("memoEdited", since: since)
        #expect(edited["id"] as? String == id)
        #expect(edited["edited"] as? Bool == true)
        let savedDuration = try #require(edited["duration"] as? Double)
        #expect(abs(savedDuration - kept) < 1e-3)
        #expect(try app.waitFor("toast", since: since)["text"] as? String == "Memo trimmed")
        try app.waitFor("editor", since: since) { $0["state"] as? String == "closed" }
        let file = app.dataDirectory.appendingPathComponent("memos/\(id).m4a")
        #expect(try AudioFileReader.decode(file) { _ in }.frames == Int((savedDuration * 24_000).rounded()))

        since = app.count
        try app.key("ctrl+z")
        let undone = try app.waitFor("memoEdited", since: since)
        #expect(undone["duration"] as? Double == duration)
        #expect(undone["edited"] as? Bool == false)
        #expect(try AudioFileReader.decode(file) { _ in }.frames == Int((duration * 24_000).rounded()))
    }

    @Test("Revert to Original in the menu brings back the recording; Cancel leaves the memo as it was")
    func revertAndCancel() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 2)["id"] as? String)
        var since = app.count
        try Self.choose(2, inMenuOf: id, app)
        let opened = try app.waitFor("editor", since: since) { $0["state"] as? String == "opened" }
        let duration = try #require(opened["duration"] as? Double)
        // Keys alone: the start handle has the focus; Shift+Right moves it a second on.
        since = app.count
        try app.key("shift+Right")
        try app.waitFor("editor", since: since) { ($0["start"] as? Double ?? 0) == 1 }
        #expect(app.events("phase", since: since).isEmpty, "the keys went to the handle, not the mic")
        try app.click(try Self.point(app, "delete", since: 0))
        try app.waitFor("editor", since: since) { $0["changed"] as? Bool == true }
        try app.key("a", "b")  // letters, which on the list would start a search
        letTimePass(0.5)  // a search entry waits a moment after the last key before it searches
        try app.click(try Self.point(app, "cancel", since: 0))
        try app.waitFor("editor", since: since) { $0["state"] as? String == "closed" }
        #expect(app.events("memoEdited", since: since).isEmpty, "Cancel saves nothing")
        #expect(app.events("search", since: since).isEmpty, "keys in the editor never searched the list")

        since = app.count
        try Self.choose(2, inMenuOf: id, app)
        try app.waitFor("editor", since: since) { $0["state"] as? String == "opened" }
        try app.key("shift+Right")
        try app.waitFor("editor", since: since) { ($0["start"] as? Double ?? 0) == 1 }
        try app.click(try Self.point(app, "delete", since: 0))
        try app.waitFor("editor", since: since) { $0["changed"] as? Bool == true }
        try app.click(try Self.point(app, "save", since: 0))
        let edited = try app.waitFor("memoEdited", since: since)
        #expect(edited["duration"] as? Double == 1, "from 1 s to the end cut out: the first second stays")
        #expect(try app.waitFor("toast", since: since)["text"] as? String == "Memo trimmed")

        since = app.count
        try Self.choose(3, inMenuOf: id, app)
        let reverted = try app.waitFor("memoEdited", since: since)
        #expect(reverted["duration"] as? Double == duration)
        #expect(reverted["edited"] as? Bool == false)
        #expect(try app.waitFor("toast", since: since)["text"] as? String == "Original restored")
    }
}
