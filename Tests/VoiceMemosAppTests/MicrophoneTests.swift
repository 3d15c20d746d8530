import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC F in the app, on its private sound server (real libpulse): the Microphone list follows sources made and
/// removed within a second, the choice is remembered across a restart, a remembered source that is gone falls back
/// to the default with the toast, and a muted or silent source warns in time (banner, capsule hint), Unmute
/// unmutes it, and the take is kept.
@Suite("voice-memos under Xvfb: the microphone", .serialized)
struct MicrophoneTests {
    /// The names in a `microphones` line (or `ready`'s `microphones`), in menu order, and the selected one.
    static func sources(_ line: [String: Any], key: String = "sources") -> (names: [String], selected: String?) {
        let list = line[key] as? [[String: Any]] ?? []
        return (
            list.compactMap { $0["name"] as? String },
            list.first { $0["selected"] as? Bool == true }?["name"] as? String
        )
    }

    @Test("The list follows a source made and removed within 1 s; the choice survives a restart; gone, the default")
    func listChoiceAndFallback() throws {
        let app = try MemosAppSession(microphone: true)
        defer { app.removeScratch() }
        let server = try #require(app.soundServer)
        try app.waitFor("microphones") { Self.sources($0).names == [server.monitorName] }

        var since = app.count
        let made = Date().timeIntervalSince1970
        let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
        try server.setDefaultSource(server.monitorName)
        let added = try app.waitFor("microphones", since: since) { Self.sources($0).names.contains("usb_headset") }
        let addedAt = try #require(app.timedEvents.first { ($0.fields as NSDictionary).isEqual(to: added) }?.receivedAt)
        #expect(addedAt - made < 1, "listed \(addedAt - made) s after it was made")
        // Monitors left out but the default's; the default first. The sink made for the headset has a monitor too.
        try app.waitFor("microphones", since: since) {
            Self.sources($0).names == [server.monitorName, "usb_headset"]
                && Self.sources($0).selected == server.monitorName
        }

        // F10 opens the main menu; its last item is the last source of the Microphone section: the headset.
        since = app.count
        try app.key("F10")
        // The menu prints no line when it is up, and a key sent before it is lost: the one fixed wait for the UI.
        app.letTimePass(0.5)
        try app.key("Up")
        app.letTimePass(0.3)
        try app.key("End", "Return")
        try app.waitFor("microphones", since: since) { Self.sources($0).selected == "usb_headset" }
        let settings = app.scratch.appendingPathComponent("config/voicerecorder/settings.json")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: settings)) as? [String: Any]
        #expect(saved?["microphone"] as? String == "usb_headset")

        since = app.count
        let removed = Date().timeIntervalSince1970
        try server.remove(headset)
        let gone = try app.waitFor("microphones", since: since) { !Self.sources($0).names.contains("usb_headset") }
        let goneAt = try #require(app.timedEvents.first { ($0.fields as NSDictionary).isEqual(to: gone) }?.receivedAt)
        #expect(goneAt - removed < 1, "gone from the list \(goneAt - removed) s after it was removed")
        #expect(Self.sources(gone).selected == server.monitorName, "takes record from the default meanwhile")
        app.stop()

        // A new start on a new server, where the headset is not (yet) plugged in.
        let again = try MemosAppSession(scratch: app.scratch, microphone: true)
        defer { again.stop() }
        let toast = try again.waitFor("toast")
        #expect(toast["text"] as? String == "USB Headset is not connected. Using Monitor of Null Output.")
        let secondServer = try #require(again.soundServer)
        since = again.count
        _ = try secondServer.makeSource(name: "usb_headset", description: "USB Headset")
        try secondServer.setDefaultSource(secondServer.monitorName)
        try again.waitFor("microphones", since: since) { Self.sources($0).selected == "usb_headset" }
        #expect(again.events("toast").count == 1, "the toast comes once")
    }

    @Test("Muted: the hint and the banner within 0.5 s, Unmute unmutes on the server; the memo is kept")
    func mutedThenUnmute() throws {
        let app = try MemosAppSession(accessibility: true, microphone: true)
        defer { app.removeScratch() }
        defer { app.stop() }
        let server = try #require(app.soundServer)
        let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
        // Speech plays into the headset: muted, it records silence; unmuted, the speech.
        try server.play(try server.speechFile(pause: 0.3, repeats: 8), device: headset.sinkName)
        try server.waitForPlayback(sink: headset.sinkName)
        try server.setDefaultSource(headset.name)
        try server.setMute(true, source: headset.name)
        try app.waitFor("microphones") { Self.sources($0).selected == "usb_headset" }

        let since = app.count
        try app.holdMic()
        let holding = try #require(
            app.timedEvents.dropFirst(since).first { $0.fields["phase"] as? String == "holding" })
        try app.waitFor("microphoneWarning", since: since) { $0["kind"] as? String == "muted" }
        let warned = try #require(
            app.timedEvents.dropFirst(since).first { $0.fields["event"] as? String == "microphoneWarning" })
        #expect(warned.receivedAt - holding.receivedAt <= 0.5)
        #expect(warned.fields["source"] as? String == "usb_headset")
        try app.waitFor("hint", since: since) { $0["text"] as? String == "Microphone is muted" }
        let button = try app.waitFor("bannerButton", since: since)
        #expect(button["text"] as? String == "USB Headset is muted" && button["label"] as? String == "Unmute")
        // A screen reader hears the banner's words and its button once, by name ("Unmute", not "Unmute Unmute").
        let tree = try app.accessibleTree { tree in tree.contains { $0.name == "USB Headset is muted" } }
        #expect(tree.contains { $0.name == "USB Headset is muted" }, "the banner's words in \(tree)")
        #expect(tree.contains { $0.role == "button" && $0.name == "Unmute" }, "the Unmute button in \(tree)")
        #expect(tree.contains { $0.name == "Microphone" } && !tree.contains { $0.name.hasPrefix("Gtk") })
        try app.savePicture(to: Self.picture("muted"))
        try app.waitUntilRecorded(0.8)
        try app.release()
        try app.waitFor("memoAdded", since: since)

        // A hands-free take (Return on the focused mic), so the pointer is free to press Unmute.
        let next = app.count
        try app.key("Return")
        try app.waitFor("phase", since: next) { $0["phase"] as? String == "locked" }
        let again = try app.waitFor("bannerButton", since: next)
        try app.click(x: try #require(again["x"] as? Double), y: try #require(again["y"] as? Double))
        #expect(wait(timeout: 2) { (try? server.isMuted(source: headset.name)) == false }, "unmuted on the server")
        try app.waitFor("microphoneWarning", since: next) { $0["kind"] as? String == "none" }
        #expect(app.events("phase", since: next).last?["phase"] as? String == "locked", "the take records on")
    }

    /// Where a test's picture goes (left for a person to look at; not compared).
    static func picture(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voicerecorder-microphone-\(name).png").path
    }
}

/// The banner, the Microphone menu and the capsule's hint at two window sizes, left to right and right to left: the
/// pictures are left in the temporary directory for a person to look at (`voicerecorder-microphone-*.png`); the
/// banner's button sits at the trailing end in both directions.
@Suite("voice-memos under Xvfb: the microphone's pictures", .serialized)
struct MicrophonePictureTests {
    @Test(arguments: [(800, 720, false), (420, 640, true), (800, 720, true), (420, 640, false)])
    func bannerMenuAndHint(width: Int, height: Int, rightToLeft: Bool) throws {
        let app = try MemosAppSession(
            arguments: rightToLeft ? ["--rtl"] : [], width: width, height: height, microphone: true)
        defer { app.removeScratch() }
        defer { app.stop() }
        let name = "\(width)x\(height)-\(rightToLeft ? "rtl" : "ltr")"
        let server = try #require(app.soundServer)
        let headset = try server.makeSource(name: "usb_headset", description: "USB Headset")
        try server.keepAwake(sink: headset.sinkName)
        try server.setDefaultSource(headset.name)
        try app.waitFor("microphones") { MicrophoneTests.sources($0).selected == "usb_headset" }

        // Silent: a hands-free take (Return on the focused mic) from a source that hears nothing.
        var since = app.count
        try app.key("Return")
        let silent = try app.waitFor("bannerButton", since: since)
        #expect(silent["text"] as? String == "No sound from USB Headset")
        #expect(silent["label"] as? String == "Choose Microphone…")
        let x = try #require(silent["x"] as? Double)
        #expect(rightToLeft ? x < Double(width) / 2 : x > Double(width) / 2, "the button at the trailing end: \(x)")
        try app.savePicture(to: MicrophoneTests.picture("banner-\(name)"))

        // Choose Microphone… opens the main menu, with the Microphone list.
        try app.click(x: x, y: try #require(silent["y"] as? Double))
        // A popover says nothing when it is up: time for it to open before the picture.
        app.letTimePass(0.6)
        try app.savePicture(to: MicrophoneTests.picture("menu-\(name)"), window: "root")
        try app.key("Escape")

        // Muted mid-take: the capsule's hint and the banner say so.
        since = app.count
        try server.setMute(true, source: headset.name)
        try app.waitFor("hint", since: since) { $0["text"] as? String == "Microphone is muted" }
        let muted = try app.waitFor("bannerButton", since: since)
        #expect(muted["text"] as? String == "USB Headset is muted")
        // The hint buds out over a few frames, and says nothing when it has: time for it before the picture.
        app.letTimePass(0.4)
        try app.savePicture(to: MicrophoneTests.picture("hint-\(name)"))
        #expect(app.events("phase", since: 0).last?["phase"] as? String == "locked", "the take records on")
    }
}
