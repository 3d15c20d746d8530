import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC A.3 end to end: the discard reach is the control's own, max(min(110 × grow, (width − side) × 0.42), 40), at
/// whatever width the window gives it and in either direction. The slides stop at fractions of that reach, so a
/// control that used any other width (the width it had before it was laid out, say) arms or discards at the wrong
/// place and fails here.
@Suite("voicerecorder-demo under Xvfb: the discard reach follows the control's size", .serialized)
struct DemoReachEndToEndTests {
    /// A window width (nil: the demo's default) and a reading direction.
    struct Layout: CustomTestStringConvertible, Sendable {
        var width: Int?
        var rightToLeft: Bool
        var arguments: [String] { (width.map { ["--width", "\($0)"] } ?? []) + (rightToLeft ? ["--rtl"] : []) }
        var testDescription: String { "\(width.map { "\($0) px" } ?? "default width")\(rightToLeft ? ", rtl" : "")" }
    }

    static let layouts = [
        Layout(width: nil, rightToLeft: false), Layout(width: 280, rightToLeft: false),
        Layout(width: nil, rightToLeft: true), Layout(width: 280, rightToLeft: true),
    ]

    private static func isSelection(_ event: [String: Any]) -> Bool { event["kind"] as? String == "selection" }

    @Test(
        "0.55 × reach and back sends; 1.1 × arms once and a release there discards; 1.8 × discards before the lift",
        arguments: layouts)
    func slidesMeasuredInReaches(layout: Layout) throws {
        let demo = try DemoSession(arguments: layout.arguments)
        defer { demo.stop() }
        // The reach of the control as it is laid out now; read again before each slide, since the window may have
        // grown meanwhile (a message bubble has a minimum width of its own) and the reach must have followed.
        var reach = demo.cancelReach
        if let width = layout.width {
            // The narrow window must really be narrow: the reach is then set by the width, not by 110 × grow.
            #expect(demo.control.width <= Double(width), "control \(demo.control.width) px wide")
            #expect(reach < 100, "reach \(reach)")
        } else {
            #expect(abs(reach - 110) < 0.001, "the default window gives the full 110 pt (control \(demo.control))")
        }

        // Past half the reach and back: nothing armed, the release sends.
        var since = demo.count
        try demo.holdMic()
        // Long enough to be sent: past the 0.6 s minimum.
        try demo.waitUntilRecorded(0.6)
        try demo.slideHeld(from: 0, to: 0.55 * reach)
        try demo.slideHeld(from: 0.55 * reach, to: 0)
        try demo.release()
        try demo.waitFor("sent", since: since)
        // The message's bubble is laid out (the window may have grown for it) before the next slide is measured.
        try demo.waitFor("message", since: since)
        #expect(demo.events("cancelled", since: since).isEmpty)
        #expect(
            demo.events("feedback", since: since, where: Self.isSelection).isEmpty,
            "0.55 × reach (\(0.55 * reach) px) does not arm the bin, there or on the way back")

        // Just past the reach: armed with one selection tick, still recording; back short of it, disarmed with a
        // second; out again and released there, discarded.
        since = demo.count
        reach = demo.cancelReach
        try demo.holdMic()
        try demo.slideHeld(from: 0, to: 1.1 * reach, steps: 12)
        try demo.waitFor("feedback", since: since, where: Self.isSelection)
        // The tick of falling back is the later line that says every move out to 1.1 × was handled.
        try demo.slideHeld(from: 1.1 * reach, to: 0.9 * reach, steps: 4)
        wait(timeout: 8) { demo.events("feedback", since: since, where: Self.isSelection).count >= 2 }
        #expect(
            demo.events("feedback", since: since, where: Self.isSelection).count == 2,
            "1.1 × reach (\(1.1 * reach) px) arms the bin once, and falling back disarms it")
        #expect(demo.events("cancelled", since: since).isEmpty, "1.1 × reach does not discard before the lift")
        try demo.slideHeld(from: 0.9 * reach, to: 1.1 * reach, steps: 4)
        try demo.release()
        let released = try demo.waitFor("cancelled", since: since)
        #expect(released["reason"] as? String == "cancelled")
        #expect(demo.events("feedback", since: since, where: Self.isSelection).count == 3)
        #expect(demo.events("sent", since: since).isEmpty)

        // Far past the reach: discarded while the button is still down.
        demo.waitOutTheDiscardPause()
        since = demo.count
        reach = demo.cancelReach
        try demo.holdMic()
        try demo.slideHeld(from: 0, to: 1.8 * reach, steps: 16)
        let discarded = try? demo.waitFor("cancelled", timeout: 3, since: since)
        try demo.release()
        #expect(
            discarded?["reason"] as? String == "cancelled", "1.8 × reach (\(1.8 * reach) px) discards before the lift")
        try demo.sync()
        #expect(demo.events("sent", since: since).isEmpty, "nothing is sent at the lift")
        #expect(
            wait(timeout: 2) { demo.takeFiles.count == 1 }, "only the sent take's file is left: \(demo.takeFiles)")
    }
}
