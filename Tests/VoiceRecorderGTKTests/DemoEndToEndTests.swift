import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// `voicerecorder-demo --simulated` in a real X server, driven by xdotool like a person with a mouse and a keyboard.
/// Each test starts its own Xvfb and demo; the suite runs one at a time so the two cores aren't fought over.
@Suite("voicerecorder-demo under Xvfb", .serialized)
struct DemoEndToEndTests {
    @Test("hold 1.5 s and release: one take sent, a valid AAC file as long as the hold less 0.18 s")
    func holdAndRelease() throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        try demo.pressMic()
        // The hold's length is what the file's length is checked against: wall time, held.
        demo.letTimePass(1.5)
        try demo.release()
        let sent = try demo.waitFor("sent")
        try demo.sync()
        #expect(demo.events("sent").count == 1)
        let url = URL(fileURLWithPath: try #require(sent["url"] as? String))
        let info = try AudioFileReader.info(of: url)
        #expect(info.codecName == "aac")
        #expect(info.sampleRate == 24_000)
        #expect(info.channels == 1)
        let (_, frames) = try AudioFileReader.decode(url) { _ in }
        let seconds = Double(frames) / 24_000
        // xdotool and the X server add a little latency on each side of the hold.
        #expect(abs(seconds - (1.5 - 0.18)) < 0.3, "decoded \(seconds) s")
        #expect(abs((sent["duration"] as? Double ?? 0) - seconds) < 0.05)
        #expect((sent["samples"] as? Int ?? 0) > 20)
    }

    @Test("a tap records nothing and shows the hold hint")
    func tap() throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        try demo.tapMic()
        let hint = try demo.waitFor("hint")
        #expect(hint["hint"] as? String == "hold")
        #expect(hint["text"] as? String == "Hold to record, release to send")
        // Past the moment the press would have become a hold, and the demo has caught up.
        try demo.sync()
        #expect(demo.events("sent").isEmpty)
        #expect(demo.events("phase").isEmpty, "a tap never starts a take")
        #expect(demo.takeFiles.isEmpty)
    }

    @Test(
        "sliding 200 px toward the leading edge discards the take and leaves no file",
        arguments: [(rightToLeft: false, dx: -200), (rightToLeft: true, dx: 200)])
    func slideToCancel(rightToLeft: Bool, dx: Int) throws {
        let demo = try DemoSession(arguments: rightToLeft ? ["--rtl"] : [])
        defer { demo.stop() }
        try demo.holdMic()
        try demo.drag(dx: dx, dy: 0)
        try demo.release()
        let cancelled = try demo.waitFor("cancelled")
        #expect(cancelled["reason"] as? String == "cancelled")
        #expect(demo.events("feedback").contains { $0["kind"] as? String == "selection" })
        try demo.sync()
        #expect(demo.events("sent").isEmpty)
        #expect(wait(timeout: 2) { demo.takeFiles.isEmpty }, "the discarded take's file is deleted")
    }

    @Test("with --rtl the mic rests at the left, and sliding left does not discard")
    func rightToLeftMicAtTheLeft() throws {
        let demo = try DemoSession(arguments: ["--rtl"])
        defer { demo.stop() }
        #expect(demo.mic.x < 100)
        try demo.holdMic()
        // Long enough to be sent: past the 0.6 s minimum.
        try demo.waitUntilRecorded(0.6)
        // Toward the trailing edge (left here) is no discard: the take is sent on release.
        try demo.drag(dx: -60, dy: 0, steps: 6)
        try demo.release()
        try demo.waitFor("sent")
        #expect(demo.events("cancelled").isEmpty)
    }

    @Test("sliding 80 px up locks hands-free; clicking send sends")
    func lockThenSend() throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        try demo.holdMic()
        try demo.drag(dx: 0, dy: -80)
        try demo.waitFor("phase") { $0["phase"] as? String == "locked" }
        #expect(demo.events("feedback").contains { $0["kind"] as? String == "rigid" })
        let lifted = demo.count
        try demo.release()
        // Hands-free, the take records on without the finger.
        try demo.waitUntilRecorded(0.9)
        try demo.click(demo.mic)
        let sent = try demo.waitFor("sent")
        #expect((sent["duration"] as? Double ?? 0) > 0.8)
        #expect(demo.takeFiles.count == 1)
        // Had the lift sent the take, the click would have been a tap at rest: its hint would follow.
        try demo.sync()
        #expect(demo.events("sent").count == 1)
        #expect(
            demo.events("hint", since: lifted).isEmpty && demo.events("tooShort", since: lifted).isEmpty,
            "lifting the finger from a locked take does not send")
    }

    @Test("Space held on the focused mic is a hold; letting go sends")
    func spaceHold() throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        // The entry has the focus at start; Tab moves it to the mic. Keep the pointer over the window.
        try demo.xdotool(["mousemove", "--window", demo.windowID, "40", "\(Int(demo.mic.y))"])
        try demo.xdotool(["key", "--window", demo.windowID, "Tab"])
        try demo.xdotool(["keydown", "space"])
        try demo.waitUntilRecorded(0.8)
        try demo.xdotool(["keyup", "space"])
        let sent = try demo.waitFor("sent")
        #expect((sent["duration"] as? Double ?? 0) > 0.7)
        #expect(demo.events("sent").count == 1)
    }
}

/// More of SPEC A end to end: the keyboard hands-free, disabling, taps, access refused and the accessible tree.
@Suite("voicerecorder-demo under Xvfb: keyboard, disabling, access, accessibility", .serialized)
struct DemoMoreEndToEndTests {
    @Test("hands-free, Return on the focused mic sends and Escape deletes", arguments: ["Return", "Escape"])
    func keyboardHandsFree(key: String) throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        try demo.lockHandsFree()
        // Past the 0.6 s minimum, so Return sends.
        try demo.waitUntilRecorded(0.6)
        // The entry had the focus; covered by the capsule, it handed it to the mic.
        try demo.xdotool(["key", "--window", demo.windowID, key])
        if key == "Return" {
            let sent = try demo.waitFor("sent")
            #expect((sent["duration"] as? Double ?? 0) > 0.5)
            #expect(demo.takeFiles.count == 1)
        } else {
            let cancelled = try demo.waitFor("cancelled")
            #expect(cancelled["reason"] as? String == "cancelled")
            try demo.sync()
            #expect(demo.events("sent").isEmpty)
            #expect(wait(timeout: 2) { demo.takeFiles.isEmpty })
        }
    }

    @Test("at rest, Return on the focused mic starts a hands-free take; Return again sends it")
    func returnAtRestStartsHandsFree() throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        // The entry has the focus at start; Tab moves it to the mic. Keep the pointer over the window.
        try demo.xdotool(["mousemove", "--window", demo.windowID, "40", "\(Int(demo.mic.y))"])
        try demo.xdotool(["key", "--window", demo.windowID, "Tab"])
        try demo.xdotool(["key", "--window", demo.windowID, "Return"])
        try demo.waitFor("phase") { $0["phase"] as? String == "locked" }
        #expect(demo.events("phase").first?["phase"] as? String == "locked", "hands-free at once, never held")
        // Recording until told: a second of it.
        try demo.waitUntilRecorded(0.9)
        // Covered by the capsule, the entry handed nothing back: the mic still has the focus.
        try demo.xdotool(["key", "--window", demo.windowID, "Return"])
        let sent = try demo.waitFor("sent")
        #expect((sent["duration"] as? Double ?? 0) > 0.8)
        // Had the take been sent before the second Return, that Return would have started another.
        try demo.sync()
        #expect(demo.events("sent").count == 1)
        #expect(demo.events("phase").map { $0["phase"] as? String } == ["locked", "idle"], "recording until told")
    }

    @Test("making the control insensitive (Ctrl+D) during a hands-free take cancels it and leaves no file")
    func disabledCancels() throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        try demo.lockHandsFree()
        // Through the X server (XTEST), like a real keyboard.
        try demo.xdotool(["key", "ctrl+d"])
        try demo.waitFor("sensitive") { $0["sensitive"] as? Bool == false }
        let cancelled = try demo.waitFor("cancelled")
        #expect(cancelled["reason"] as? String == "cancelled")
        try demo.sync()
        #expect(demo.events("sent").isEmpty)
        #expect(wait(timeout: 2) { demo.takeFiles.isEmpty })
    }

    @Test("a tap at rest shows the hold hint and is not a too-short take")
    func tapIsNotTooShort() throws {
        let demo = try DemoSession()
        defer { demo.stop() }
        try demo.tapMic()
        let hint = try demo.waitFor("hint")
        #expect(hint["hint"] as? String == "hold")
        try demo.sync()
        #expect(demo.events("tooShort").isEmpty)
        #expect(demo.events("cancelled").isEmpty)
    }

    @Test("access refused: pressing the mic shows access-off, and its Settings action can be clicked")
    func accessDenied() throws {
        let demo = try DemoSession(arguments: ["--access", "denied"])
        defer { demo.stop() }
        try demo.pressMic()
        // Held past the moment a press becomes a hold: still nothing records.
        demo.waitPastTheHoldDelay()
        try demo.release()
        let hint = try demo.waitFor("hint")
        #expect(hint["hint"] as? String == "accessOff")
        #expect(hint["text"] as? String == "Microphone access is off")
        #expect(demo.events("phase").isEmpty, "nothing records")
        // "Settings" ends the hint's line, a little left of the mic's trailing edge and a bubble's height above. The
        // hint buds out over a few frames, unannounced: a click that comes before it lands on the empty list, and
        // the click is made again until "Settings" answers.
        let settingsAction = (x: demo.mic.x - 25, y: demo.mic.y - 49)
        var answer: [String: Any]?
        for _ in 0 ..< 10 where answer == nil {
            try demo.click(settingsAction)
            answer = try? demo.waitFor("settings", timeout: 0.5)
        }
        // Whether a settings panel is installed differs from machine to machine: either way it answers, no crash.
        let settings = try #require(answer, "the hint's Settings action answers")
        #expect(settings["opened"] != nil)
        #expect(demo.takeFiles.isEmpty)
    }

    /// SPEC C: read over AT-SPI, the app has its own name, every control and field a name in words, and nothing is
    /// named after a toolkit class; decorative surfaces and layout containers are hidden or nameless.
    private func expectNamedInWords(
        _ tree: [AccessibleNode], _ moment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let app = tree.first
        #expect(
            app?.role == "application" && app?.name == "Voice Recorder Demo",
            "\(moment): the application's name, got \(String(describing: app))", sourceLocation: sourceLocation)
        #expect(tree.filter { $0.depth == 0 }.count == 1, "\(moment): one application", sourceLocation: sourceLocation)
        let classNamed = tree.filter { $0.name.hasPrefix("Gtk") || $0.name == "Unnamed" }
        #expect(classNamed.isEmpty, "\(moment): named after a class: \(classNamed)", sourceLocation: sourceLocation)
        // Layout containers may be nameless; everything else says what it is.
        let containers: Set = ["group", "generic", "panel", "filler"]
        let nameless = tree.filter {
            !containers.contains($0.role) && $0.name.trimmingCharacters(in: .whitespaces).isEmpty
        }
        #expect(nameless.isEmpty, "\(moment): nameless: \(nameless)", sourceLocation: sourceLocation)
        let fields = tree.filter { $0.role == "text box" || $0.role == "entry" }
        #expect(
            fields.map(\.name) == ["Message"], "\(moment): the message field, got \(fields)",
            sourceLocation: sourceLocation)
    }

    @Test("over AT-SPI: the whole tree named in words; the mic's name, the capsule's time, the trash only hands-free")
    func accessibleTree() throws {
        let demo = try DemoSession(accessibility: true)
        defer { demo.stop() }
        let rest = try demo.accessibleTree()
        expectNamedInWords(rest, "at rest")
        #expect(rest.contains { $0.role == "button" && $0.name == "Record voice message" })
        #expect(!rest.contains { $0.name == "Recording" }, "the capsule is hidden at rest")
        #expect(!rest.contains { $0.name == "Delete" })

        try demo.holdMic()
        // The capsule joins the tree as it buds out, saying the time in words.
        let held = try demo.accessibleTree { tree in
            tree.contains { $0.name == "Recording" && $0.description.hasSuffix("second") }
                || tree.contains { $0.name == "Recording" && $0.description.hasSuffix("seconds") }
        }
        expectNamedInWords(held, "held")
        #expect(held.contains { $0.role == "button" && $0.name == "Send" })
        let capsule = try #require(held.first { $0.name == "Recording" })
        #expect(
            capsule.description.hasSuffix("second") || capsule.description.hasSuffix("seconds"),
            "spoken time, got \(capsule.description)")
        #expect(!held.contains { $0.name == "Delete" }, "no trash while held")

        try demo.drag(dx: 0, dy: -80)
        try demo.waitFor("phase") { $0["phase"] as? String == "locked" }
        try demo.release()
        let locked = try demo.accessibleTree { tree in tree.contains { $0.role == "button" && $0.name == "Delete" } }
        expectNamedInWords(locked, "hands-free")
        #expect(locked.contains { $0.role == "button" && $0.name == "Delete" })
        #expect(locked.contains { $0.name == "Recording" })

        // Sent: the message's bubble joins the tree, named too.
        try demo.click(demo.mic)
        try demo.waitFor("message")
        let sent = try demo.accessibleTree { tree in
            tree.contains { $0.role == "button" && $0.name == "Play voice message" }
                && !tree.contains { $0.name == "Recording" }
        }
        expectNamedInWords(sent, "after a send")
        #expect(sent.contains { $0.role == "button" && $0.name == "Play voice message" })
        #expect(sent.contains { $0.role == "button" && $0.name == "Record voice message" })
        #expect(!sent.contains { $0.name == "Recording" || $0.name == "Delete" })
    }
}
