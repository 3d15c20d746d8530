import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC B.10's long list under the mouse wheel: a library of 1,000 memos (made by `memos-benchmark`), spun fast.
@Suite("voice-memos under Xvfb: scrolling a long list", .serialized)
struct ScrollingTests {
    @Test("a fast wheel spin moves the list as far as its notches say, down and back up to the top")
    func fastSpinMovesByItsNotches() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try ChildProcess.output(
            of: BuiltExecutables.path(of: "memos-benchmark"),
            ["--build-library", "1000", scratch.appendingPathComponent("data/voicerecorder").path])
        let app = try MemosAppSession(arguments: ["--frame-lines"], scratch: scratch)
        defer { app.stop() }
        try app.waitFor("list", timeout: 20) { $0["list"] as? String == "memos" && $0["count"] as? Int == 1000 }
        let first = try app.row(try #require(app.events("row").first?["id"] as? String))
        let over = try MemosAppSession.point(first, "waveform")
        // The wheel turns where the pointer is: over the list (X delivers the move before the clicks).
        try app.movePointer(to: over)

        let notches = 40
        let down = try spin(app, notches: notches, button: 5)
        let page = try #require(down["page"] as? Double)
        // GTK's wheel step (the page's 2/3 power); before the list moved once a frame, GTK 4.8's list view ran away
        // to the end of the list (122,000 px) under the same spin.
        let expected = Double(notches) * min(pow(page, 2.0 / 3.0), page / 2)
        let scrolled = try #require(down["scroll"] as? Double)
        #expect(abs(scrolled - expected) < 1, "\(scrolled) px after \(notches) notches of \(expected / 40) px")
        let up = try spin(app, notches: notches, button: 4)
        #expect(up["scroll"] as? Double == 0, "back at the top, not snapped back down")
    }

    /// Turns the wheel `notches` times 20 ms apart (a fast spin; button 5 down, 4 up) and returns the last frame once
    /// the list has stopped.
    private func spin(_ app: MemosAppSession, notches: Int, button: Int) throws -> [String: Any] {
        try app.xdotool(["click", "--repeat", "\(notches)", "--delay", "20", "\(button)"])
        var last: [String: Any] = [:]
        // Still once no frame has come for 0.5 s.
        wait(timeout: 10, interval: 0.1) {
            guard let latest = app.timedEvents.last(where: { $0.fields["event"] as? String == "frame" }) else {
                return false
            }
            last = latest.fields
            return Date().timeIntervalSince1970 - latest.receivedAt > 0.5
        }
        return last
    }
}
