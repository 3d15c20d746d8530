import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Slides measured against the control's reaches: the pointer moves through exact offsets from where it pressed
/// the mic, so a test can stop it at a chosen fraction of the cancel reach.
extension DemoSession {
    /// SPEC A.3's cancel reach for the control as laid out: max(min(110 × grow, (width − side) × 0.42), 40), in
    /// pixels (GTK's scale is 1 under Xvfb here, so a point is a pixel).
    var cancelReach: Double { max(min(110 * control.grow, (control.width - control.side) * 0.42), 40) }

    /// Which way the leading edge is on screen: −1 (left) or +1 (right to left).
    var leadingSign: Double { events("ready").first?["direction"] as? String == "rtl" ? 1 : -1 }

    /// Presses the mic and waits until the hold has started a take, among the events after the first `since`.
    func holdMic(since: Int) throws {
        try pressMic()
        try waitFor("phase", since: since) { $0["phase"] as? String == "holding" }
    }

    /// Moves the pressed pointer from `from` to `to` pixels toward the leading edge (negative: toward the trailing
    /// edge) of where it pressed the mic, in `steps` even moves about 25 ms apart, like a finger.
    func slideHeld(from: Double, to: Double, steps: Int = 10) throws {
        let start = Int(mic.x)
        let y = Int(mic.y)
        for step in 1 ... steps {
            let travel = from + (to - from) * Double(step) / Double(steps)
            let x = start + Int((travel * leadingSign).rounded())
            try xdotool(["mousemove", "--window", windowID, "\(x)", "\(y)"])
            usleep(25_000)
        }
    }

    /// The events after the first `since` named `name` (and matching `where`).
    func events(_ name: String, since: Int, where matches: ([String: Any]) -> Bool = { _ in true })
        -> [[String: Any]]
    {
        events.dropFirst(since).filter { $0["event"] as? String == name && matches($0) }
    }
}
