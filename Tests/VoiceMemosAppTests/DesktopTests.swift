import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC B.2's access, B.10's desktop (screen readers, right to left, light and dark) and the command line, end to
/// end.
@Suite("voice-memos under Xvfb: access, screen readers, right to left, dark, the command line", .serialized)
struct DesktopTests {
    @Test("access denied: holding the mic shows \"Permission is required to record voice memos.\"; nothing is kept")
    func accessDenied() throws {
        let app = try MemosAppSession(arguments: ["--access", "denied"])
        defer {
            app.stop()
            app.removeScratch()
        }
        let since = app.count
        try app.press(at: try app.mic)
        let alert = try app.waitFor("alert", since: since)
        // Held past the moment a press becomes a hold: still nothing records.
        app.waitPastTheHoldDelay()
        try app.release()
        #expect(alert["text"] as? String == "Permission is required to record voice memos.")
        // The later line: the alert closed (Escape, where the pointer is: without a window manager the keys go
        // there) and the mic pressed again, the alert comes back; a take the first press had started would have said
        // so before.
        let dialog =
            try app.xdotool(["search", "--sync", "--onlyvisible", "--name", "^Permission is required"])
            .split(separator: "\n").first.map(String.init) ?? ""
        try app.xdotool(["mousemove", "--window", dialog, "5", "5"])
        try app.key("Escape")
        let again = app.count
        try app.press(at: try app.mic)
        try app.waitFor("alert", since: again)
        try app.release()
        #expect(app.events("phase", since: since).isEmpty, "nothing records")
        #expect(app.events("memoAdded", since: since).isEmpty)
    }

    @Test(
        "screen readers: the app, a row's \"<title>, <date>, <duration>\", its button \"Play <title>\" then \"Stop\"; no class names"
    )
    func accessibleNames() throws {
        let app = try MemosAppSession(accessibility: true)
        defer {
            app.stop()
            app.removeScratch()
        }
        let id = try #require(try app.record(seconds: 2)["id"] as? String)
        let row = try app.row(id)
        var tree = try readTree(app) { $0.contains { $0.role == "list item" } }
        #expect(tree.first?.role == "application" && tree.first?.name == "Voice Memos")
        let item = try #require(tree.first { $0.role == "list item" }, "no memo row in \(tree.map(\.role))")
        // "New Recording 1, <date>, 2 seconds": the first memo of the library, its date said once.
        #expect(item.name.hasPrefix("New Recording 1, ") && item.name.hasSuffix(", 2 seconds"), "\(item.name)")
        #expect(
            tree.contains { $0.role == "button" && $0.name == "Play New Recording 1" },
            "\(tree.filter { $0.role == "button" }.map(\.name))")
        #expect(tree.contains { $0.role == "text" || $0.role == "text box" ? $0.name == "Title" : false })
        #expect(
            !tree.contains {
                ["No Memos Yet", "No Results Found", "The Memos Could Not Be Opened", "No Recently Deleted Memos"]
                    .contains($0.name)
            }, "views and pages not shown are not read")
        for name in ["Memo menu", "Main menu"] {
            let menus = tree.filter { $0.name == name }
            #expect(
                menus.count == 1 && ["button", "toggle button"].contains(menus.first?.role ?? ""),
                "\(name), once: \(menus.map(\.role))")
        }
        expectNoToolkitNames(tree)

        let since = app.count
        try app.click(MemosAppSession.point(row, "play"))
        try app.waitFor("playback", since: since) { $0["state"] as? String == "position" }
        tree = try readTree(app) { $0.contains { $0.role == "button" && $0.name == "Stop" } }
        #expect(tree.contains { $0.role == "button" && $0.name == "Stop" })
        #expect(!tree.contains { $0.role == "button" && $0.name == "Play New Recording 1" })
    }

    /// The tree once it holds what `condition` looks for (it follows the window a moment later).
    private func readTree(
        _ app: MemosAppSession, until condition: @escaping ([AccessibleNode]) -> Bool
    ) throws -> [AccessibleNode] {
        try app.accessibleTree(until: condition)
    }

    private func expectNoToolkitNames(_ tree: [AccessibleNode]) {
        let named = tree.filter { $0.name.range(of: #"^(Gtk|Adw|Gdk|Gsk)[A-Z]"#, options: .regularExpression) != nil }
        #expect(named.isEmpty, "read by class: \(named.map { "\($0.role) \($0.name)" })")
        let unnamedButtons = tree.filter {
            ["button", "toggle button", "push button"].contains($0.role) && $0.name.isEmpty
        }
        #expect(unnamedButtons.isEmpty, "buttons without a name: \(unnamedButtons.count)")
    }

    @Test(
        "right to left: the mic sits at the left, a row's play button at the right of its waveform, which plays from the right"
    )
    func rightToLeft() throws {
        let app = try MemosAppSession(arguments: ["--rtl"])
        defer {
            app.stop()
            app.removeScratch()
        }
        let ready = try #require(app.events("ready").first)
        #expect(ready["direction"] as? String == "rtl")
        #expect((ready["mic"] as? [String: Double])?["x"] ?? 999 < 200)
        let memo = try app.record(seconds: 2)
        let id = try #require(memo["id"] as? String)
        let duration = try #require(memo["duration"] as? Double)
        let row = try app.row(id)
        let wave = try #require(row["waveform"] as? [String: Double])
        #expect(try MemosAppSession.point(row, "play").x > wave["x"]! + wave["width"]!)
        // A press at the waveform's left quarter is three quarters into the memo.
        try app.click((x: wave["x"]! + 0.25 * wave["width"]!, y: wave["y"]! + wave["height"]! / 2))
        let since = app.count
        try app.click(MemosAppSession.point(row, "play"))
        let playing = try app.waitFor("playback", since: since) { $0["state"] as? String == "playing" }
        #expect(abs((playing["position"] as? Double ?? 0) - 0.75 * duration) < 0.05 * duration)
    }

    @Test("dark: the whole window is dark, and light by default", arguments: [false, true])
    func appearance(dark: Bool) throws {
        let app = try MemosAppSession(arguments: dark ? ["--dark"] : [])
        defer {
            app.stop()
            app.removeScratch()
        }
        #expect(app.events("ready").first?["dark"] as? Bool == dark)
        let shot = try app.screenshot()
        let luminance = shot.meanLuminance(x: 0, y: 0, width: shot.width, height: shot.height)
        if dark { #expect(luminance < 0.3, "\(luminance)") } else { #expect(luminance > 0.8, "\(luminance)") }
    }

    @Test("the command line: --help exits 0 with the usage; a bad option is one line in words, exit 2")
    func commandLine() throws {
        let help = try runApp(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("voice-memos") && help.output.contains("--data-dir DIR"))
        let bad = try runApp(["--access", "maybe"])
        #expect(bad.status != 0)
        let lines = bad.errors.split(separator: "\n")
        #expect(lines.first?.contains("--access") == true, "\(bad.errors)")
        #expect(!bad.errors.contains("Gtk") && !bad.errors.contains("GLib"))
    }

    private func runApp(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let outcome = try ChildProcess.run(
            BuiltExecutables.path(of: "voice-memos"), arguments,
            environment: .inherited.removing("DISPLAY"), timeout: 20)
        return (outcome.status, outcome.stdout, outcome.stderr)
    }
}
