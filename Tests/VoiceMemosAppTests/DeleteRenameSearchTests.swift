import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC B.5, B.6, B.9 and B.10's keys end to end: rename as typed; delete, the toast and Undo; deleting a playing
/// memo; Recently Deleted's Restore and Delete Forever; search; Space and F2 on the focused memo.
@Suite("voice-memos under Xvfb: rename, delete and undo, Recently Deleted, search, keys", .serialized)
struct DeleteRenameSearchTests {
    @Test("typing a title saves it (as typed, then when the field is left); Return leaves the field")
    func rename() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 1)["id"] as? String)
        let since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "title"))
        try app.type("Groceries \"oat milk\"")
        // Saved at most 0.5 s behind, while the field still has the focus.
        let typed = try app.waitFor("renamed", since: since) { $0["title"] as? String == "Groceries \"oat milk\"" }
        #expect(typed["id"] as? String == id)
        try app.type(" & eggs")
        try app.key("Return")
        try app.waitFor("renamed", since: since) { $0["title"] as? String == "Groceries \"oat milk\" & eggs" }
    }

    @Test("Delete on the focused memo: the toast \"Memo deleted\"; Ctrl+Z brings it back in its place")
    func deleteAndUndo() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let older = try #require(try app.record(seconds: 1)["id"] as? String)
        let newer = try #require(try app.record(seconds: 1)["id"] as? String)
        // A click on the play button puts the focus in the row; a second click stops it again. Where the row is once
        // the newer memo is above it: a row line from before the list made room would aim at the newer one (the
        // clean-clone CI deleted the newer memo once so).
        try app.waitFor("row") { $0["id"] as? String == older && $0["index"] as? Int == 1 }
        let play = try MemosAppSession.point(try app.row(older), "play")
        try app.click(play)
        try app.click(play)
        var since = app.count
        try app.key("Delete")
        #expect(try app.waitFor("memoDeleted", since: since)["id"] as? String == older)
        #expect(try app.waitFor("toast", since: since)["text"] as? String == "Memo deleted")
        #expect(try app.waitFor("list", since: since) { $0["list"] as? String == "memos" }["count"] as? Int == 1)
        since = app.count
        try app.key("ctrl+z")
        #expect(try app.waitFor("memoRestored", since: since)["id"] as? String == older)
        #expect(try app.row(older, since: since)["index"] as? Int == 1)
        #expect(try app.row(newer)["index"] as? Int == 0)
    }

    @Test("deleting the memo that plays stops it first")
    func deletePlaying() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 2)["id"] as? String)
        var since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "play"))
        try app.waitFor("playback", since: since) { $0["state"] as? String == "position" }
        since = app.count
        try app.key("Delete")
        try app.waitFor("memoDeleted", since: since)
        let lines = app.events(since: since)
        let stop = try #require(
            lines.firstIndex { $0["event"] as? String == "playback" && $0["state"] as? String == "stopped" })
        let deleted = try #require(lines.firstIndex { $0["event"] as? String == "memoDeleted" })
        #expect(stop < deleted)
        #expect(try app.waitFor("list", since: since) { $0["list"] as? String == "memos" }["count"] as? Int == 0)
        // Nothing more is heard of it. Undoing the delete is the later line: a report of the play that was already on
        // its way when the delete stopped it would have come before it.
        let undo = app.count
        try app.key("ctrl+z")
        try app.waitFor("memoRestored", since: undo)
        #expect(
            !app.events(since: since)[stop...].contains {
                $0["event"] as? String == "playback" && $0["state"] as? String == "position"
            }, "no position after the stop")
        #expect(try app.playingStreams().isEmpty, "and no stream in the sound server")
    }

    @Test("Recently Deleted: Restore brings a memo back; Delete Forever asks, then deletes it for good")
    func recentlyDeleted() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let kept = try #require(try app.record(seconds: 1)["id"] as? String)
        let gone = try #require(try app.record(seconds: 1)["id"] as? String)
        for id in [kept, gone] {
            let play = try MemosAppSession.point(try app.row(id), "play")
            try app.click(play)
            try app.click(play)
            let since = app.count
            try app.key("Delete")
            try app.waitFor("memoDeleted", since: since) { $0["id"] as? String == id }
        }
        var since = app.count
        try app.click(try app.button("recentlyDeleted"))
        try app.waitFor("view", since: since) { $0["view"] as? String == "recentlyDeleted" }
        // Most recently deleted first.
        #expect(try app.row(gone, list: "recentlyDeleted", since: since)["index"] as? Int == 0)
        try app.click(MemosAppSession.point(try app.row(kept, list: "recentlyDeleted", since: since), "restore"))
        #expect(try app.waitFor("memoRestored", since: since)["id"] as? String == kept)

        since = app.count
        try app.click(MemosAppSession.point(try app.row(gone, list: "recentlyDeleted"), "deleteForever"))
        #expect(try app.waitFor("dialog", since: since)["text"] as? String == "Delete Memo Forever?")
        #expect(app.events("memoDeletedForever", since: since).isEmpty, "nothing is deleted before the answer")
        // Without a window manager the dialog opens at the screen's corner, and the keys go where the pointer is.
        let dialog =
            try app.xdotool(["search", "--sync", "--onlyvisible", "--name", "^Delete Memo Forever"])
            .split(separator: "\n").first.map(String.init) ?? ""
        try app.xdotool(["mousemove", "--window", dialog, "5", "5"])
        // Cancel has the focus (the safe answer is the default): Tab to Delete Forever.
        try app.key("Tab", "Return")
        #expect(try app.waitFor("memoDeletedForever", since: since)["id"] as? String == gone)
        try app.click(try app.button("back"))
        try app.waitFor("view", since: since) { $0["view"] as? String == "memos" }
        #expect(try app.row(kept, since: since)["index"] as? Int == 0)
    }

    @Test("Ctrl+F searches titles as you type, ignoring case and accents; closing the search shows all again")
    func search() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let cafeMemo = try #require(try app.record(seconds: 1)["id"] as? String)
        try app.record(seconds: 1)
        var since = app.count
        try app.click(MemosAppSession.point(try app.row(cafeMemo), "title"))
        try app.type("Café notes")
        try app.key("Return")
        try app.waitFor("renamed", since: since) { $0["title"] as? String == "Café notes" }
        since = app.count
        try app.key("ctrl+f")
        try app.type("CAFE")
        #expect(try app.waitFor("list", since: since) { $0["list"] as? String == "memos" }["count"] as? Int == 1)
        since = app.count
        try app.key("Escape")
        #expect(try app.waitFor("list", since: since) { $0["list"] as? String == "memos" }["count"] as? Int == 2)
    }

    @Test("Space plays and stops the focused memo; F2 renames it")
    func keys() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 2)["id"] as? String)
        let play = try MemosAppSession.point(try app.row(id), "play")
        var since = app.count
        try app.click(play)
        try app.click(play)
        try app.waitFor("playback", since: since) { $0["state"] as? String == "stopped" }
        since = app.count
        try app.key("space")
        try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        try app.key("space")
        try app.waitFor("playback", since: since) { $0["state"] as? String == "stopped" }
        since = app.count
        try app.key("F2")
        try app.type("Walk")
        try app.key("Return")
        #expect(try app.waitFor("renamed", since: since)["title"] as? String == "Walk")
        // In the title field Space types: no play.
        since = app.count
        try app.key("F2")
        try app.type("ing home")
        try app.key("Return")
        #expect(
            try app.waitFor("renamed", since: since)["title"] as? String == "ing home",
            "F2 selects the whole title, so typing replaces it")
        #expect(app.events("playback", since: since).isEmpty)
    }
}
