import Foundation
import Testing
import VoiceRecorderTestSupport

/// The app's interface descriptions (Interface/*.ui) are each built by an end-to-end test (docs/DESIGN.md); the
/// Keyboard Shortcuts window and the About window are opened by no other: each comes up from the main menu, as a
/// person opens it, and closes, with no GTK or GLib warning (the session fails the test on any at its end).
@Suite("voice-memos under Xvfb: the Keyboard Shortcuts and About windows", .serialized)
struct InterfaceTests {
    @Test("the main menu's Keyboard Shortcuts and About Voice Memos open their windows")
    func shortcutsAndAbout() throws {
        let app = try MemosAppSession()
        defer {
            app.stop()
            app.removeScratch()
        }
        func shown(_ title: String) -> Bool {
            let found = (try? app.xdotool(["search", "--onlyvisible", "--name", "^\(title)$"])) ?? ""
            return !found.isEmpty
        }
        /// Opens the main menu and chooses its item `downs` below the first (Skip Silences).
        func choose(downs: Int) throws {
            try app.click(try app.button("menu"))
            letTimePass(0.4)  // the popover opens and takes the keys (no line says so)
            for _ in 0 ..< downs { try app.key("Down") }
            try app.key("Return")
        }
        try choose(downs: 1)
        #expect(wait(timeout: 10) { shown("Keyboard Shortcuts") }, "the Keyboard Shortcuts window")
        try app.key("Escape")
        #expect(wait(timeout: 10) { !shown("Keyboard Shortcuts") }, "closed by Escape")
        try choose(downs: 2)
        #expect(wait(timeout: 10) { shown("About") }, "the About window")
        try app.key("Escape")
        #expect(wait(timeout: 10) { !shown("About") }, "closed by Escape")
    }
}
