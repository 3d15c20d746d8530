import Foundation
import Testing
import VoiceRecorderTestSupport

/// What a screen reader gets from the preview in the real widget (SPEC D.7), read over AT-SPI from
/// `voicerecorder-demo --preview`: the bubble and play buttons, and the paused take's three adjustable elements
/// with their values — which a screen reader's adjustment moves.
@Suite("voicerecorder-demo under Xvfb: the preview over AT-SPI", .serialized)
struct DemoPreviewAccessibilityTests {
    private func slider(_ tree: [AccessibleNode], _ name: String) throws -> AccessibleNode {
        try #require(tree.first { $0.role == "slider" && $0.name == name }, "no slider \(name) in \(tree)")
    }

    @Test("hands-free: 'Pause recording'; paused: 'Resume recording', 'Play recording', sliders Start, Position, End")
    func pausedElements() throws {
        let demo = try DemoSession(arguments: ["--preview"], accessibility: true, sound: .privateServer)
        defer { demo.stop() }
        try demo.lockHandsFree()
        // A take of more than 2 s, to trim.
        try demo.waitUntilRecorded(2.2)
        let locked = try demo.accessibleTree { tree in tree.contains { $0.name == "Pause recording" } }
        #expect(locked.contains { $0.role == "button" && $0.name == "Pause recording" })
        #expect(!locked.contains { $0.role == "slider" }, "no sliders before a pause")
        #expect(!locked.contains { $0.name == "Play recording" })

        let paused = try demo.pauseFromBubble()
        let tree = try demo.accessibleTree { tree in tree.filter { $0.role == "slider" }.count == 3 }
        #expect(tree.contains { $0.role == "button" && $0.name == "Resume recording" })
        #expect(tree.contains { $0.role == "button" && $0.name == "Play recording" })
        #expect(!tree.contains { $0.name == "Pause recording" })
        let start = try slider(tree, "Start")
        let position = try slider(tree, "Position")
        let end = try slider(tree, "End")
        let order = tree.filter { $0.role == "slider" }.map(\.name)
        #expect(order == ["Start", "Position", "End"], "reading order: \(order)")
        #expect(start.value == 0 && position.value == 0, "start \(String(describing: start.value))")
        // The take's length: the end of the kept range when nothing is trimmed.
        let length = try #require(end.value)
        // What the pause line said, give or take what the file's flush settled (under 0.13 s, the encoder's delay).
        let pausedLength = try #require(paused["length"] as? Double)
        #expect(abs(length - pausedLength) < 0.13, "end \(length) s, paused at \(pausedLength) s")
        #expect(length > 2, "recorded \(length) s")
        for node in [start, position, end] {
            #expect(node.minimum == 0 && abs((node.maximum ?? 0) - length) < 0.001, "\(node)")
        }
        let wholeSeconds = Int(length.rounded(.down))
        #expect(end.description == "\(wholeSeconds) seconds", "the end in words: \(end.description)")
        #expect(start.description == "0 seconds", "the start in words: \(start.description)")

        // A screen reader's adjustment: the start to 1 s, the position to 1.5 s.
        try demo.setAccessibleValue(role: "slider", name: "Start", to: 1)
        try demo.setAccessibleValue(role: "slider", name: "Position", to: 1.5)
        let adjusted = try demo.accessibleTree { tree in
            tree.contains { $0.name == "Start" && $0.value == 1 }
                && tree.contains { $0.name == "Position" && $0.value == 1.5 }
        }
        #expect(try slider(adjusted, "Start").value == 1)
        #expect(try slider(adjusted, "Start").description == "1 second")
        #expect(try slider(adjusted, "Position").value == 1.5)

        // The session has them: listening says so (kept from 1 s, playing from 1.5 s), and the button says "Pause".
        let play = try DemoSession.point(paused, "play")
        let since = demo.events.count
        try demo.click(x: play.x, y: play.y)
        let listening = try demo.waitFor("preview", since: since) { $0["listening"] as? Bool == true }
        let kept = try #require(listening["kept"] as? [String: Any])
        #expect(kept["start"] as? Double == 1)
        #expect(abs((listening["playhead"] as? Double ?? 0) - 1.5) < 0.2, "\(listening)")
        #expect(
            try demo.accessibleTree { $0.contains { $0.name == "Pause" } }.contains {
                $0.role == "button" && $0.name == "Pause"
            })

        // A start past the end is the session's to clamp: the range never gets shorter than 0.6 s (A.4, D.4).
        try demo.setAccessibleValue(role: "slider", name: "Start", to: length + 5)
        let clamped = try demo.accessibleTree { tree in tree.contains { $0.name == "Start" && ($0.value ?? 0) > 1 } }
        let clampedStart = try #require(try slider(clamped, "Start").value)
        let clampedEnd = try #require(try slider(clamped, "End").value)
        #expect(abs(clampedEnd - clampedStart - 0.6) < 0.001, "kept \(clampedStart)–\(clampedEnd)")
    }
}

extension DemoPreviewAccessibilityTests {
    @Test("paused, Tab reaches the Position slider: Right seeks a second on, Space listens from there")
    func keyboardOnTheSliders() throws {
        let demo = try DemoSession(arguments: ["--preview"], accessibility: true, sound: .privateServer)
        defer { demo.stop() }
        try demo.lockAndPause(recording: 3)
        // Tab on until the Position slider has the focus (GTK's focus chain over the overlay's children).
        var focused = false
        for _ in 0 ..< 10 where !focused {
            let before = try demo.accessibleTree().first { $0.focused }
            try demo.xdotool(["key", "--window", demo.windowID, "Tab"])
            // The focus moves on with the Tab: read until the tree says where to.
            let tree = try demo.accessibleTree(timeout: 2) { $0.first { $0.focused } != before }
            focused = tree.contains { $0.name == "Position" && $0.focused }
        }
        #expect(focused, "Tab reaches the Position slider")
        try demo.xdotool(["key", "--window", demo.windowID, "Right"])
        let tree = try demo.accessibleTree { tree in tree.contains { $0.name == "Position" && $0.value != 0 } }
        #expect(tree.first { $0.name == "Position" }?.value == 1, "Right seeks one second on")
        #expect(tree.first { $0.name == "Start" }?.value == 0, "and trims nothing")
        let since = demo.events.count
        try demo.xdotool(["key", "--window", demo.windowID, "space"])
        let listening = try demo.waitFor("preview", since: since) { $0["listening"] as? Bool == true }
        #expect(abs((listening["playhead"] as? Double ?? 0) - 1) < 0.2, "\(listening)")
        #expect(demo.events("phase").last?["phase"] as? String == "paused")
    }
}
