import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC B.9/B.10's search as a person types it: the first search of a session keeps every key typed after Ctrl+F,
/// even while the bar is still sliding open, and typing with the focus in the list (not in a text field) starts a
/// search without Ctrl+F.
@Suite("voice-memos under Xvfb: typing a search", .serialized)
struct SearchTypingTests {
    @Test("Ctrl+F then 'dentist' at 40 ms a key, on the session's first search: every key is in the field")
    func theFirstSearchKeepsEveryKey() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        try app.record(seconds: 1)
        let since = app.count
        try app.xdotool(["key", "--delay", "40", "ctrl+f", "d", "e", "n", "t", "i", "s", "t"])
        let full = try app.waitFor("search", since: since) { $0["query"] as? String == "dentist" }
        #expect(full["query"] as? String == "dentist")
        let queries = app.events("search", since: since).compactMap { $0["query"] as? String }
        #expect(
            queries.allSatisfy { "dentist".hasPrefix($0) }, "each step was the start of what was typed: \(queries)")
        #expect(
            try app.waitFor("list", since: since) { $0["list"] as? String == "memos" }["count"] as? Int == 0,
            "nothing is called dentist")
    }

    @Test("with the focus on a memo's play button, typing letters starts a search with them")
    func typingInTheListStartsASearch() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 1)["id"] as? String)
        try app.record(seconds: 1)
        var since = app.count
        try app.click(MemosAppSession.point(try app.row(id), "title"))
        try app.type("Groceries")
        try app.key("Return")
        try app.waitFor("renamed", since: since) { $0["title"] as? String == "Groceries" }
        // The focus to the first row's play button (Tab from the title field), where keys do not type.
        try app.key("shift+Tab")
        since = app.count
        try app.xdotool(["type", "--delay", "40", "groc"])
        try app.waitFor("search", since: since) { $0["query"] as? String == "groc" }
        #expect(
            try app.waitFor("list", since: since) { $0["list"] as? String == "memos" }["count"] as? Int == 1,
            "the memo called Groceries")
    }
}
