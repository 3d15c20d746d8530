import Foundation
import Testing
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// Driving the demo's control, and waiting for what has no line of its own.
extension DemoSession {
    /// Moves the pointer to the mic and presses the primary button.
    func pressMic() throws { try press(at: mic) }

    /// Taps the mic: pressed for 0.05 s, far short of the 0.18 s after which a press becomes a hold. A tap's shortness
    /// is time itself: nothing can be waited for instead.
    func tapMic() throws {
        try pressMic()
        letTimePass(0.05)
        try release()
    }

    /// Presses the mic and waits until the hold has started a take.
    func holdMic() throws {
        let since = count
        try pressMic()
        try waitFor("phase", since: since) { $0["phase"] as? String == "holding" }
    }

    /// Holds the mic, slides up past the lock and lets go: a hands-free take (SPEC A.9).
    func lockHandsFree() throws {
        try holdMic()
        let since = count
        try drag(dx: 0, dy: -80)
        try waitFor("phase", since: since) { $0["phase"] as? String == "locked" }
        try release()
    }

    /// Waits until the take being recorded holds at least `seconds` on disk (its file, read back as it is written):
    /// a take long enough for what comes next, however late the recording started. Throws when it does not get
    /// there within `timeout` seconds.
    func waitUntilRecorded(_ seconds: Double, timeout: Double = 10) throws {
        let sent = Set(
            events("sent").compactMap { ($0["url"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } })
        let recorded = TakeOnDisk.waitUntilRecorded(seconds, in: scratch, finished: sent, timeout: timeout) { file in
            (try? AudioFileReader.decode(file) { _ in }).map { Double($0.frames) / 24_000 }
        }
        if !recorded { throw Failure.timedOut("a take of \(seconds) s on disk (files: \(takeFiles))") }
    }

    /// Waits until the demo has handled everything done to it so far, and every timer a press started has come due:
    /// the later, known line a check that something did *not* happen waits for. It toggles the control's
    /// sensitivity twice with Ctrl+D (the control ends as it was), each toggle answered by a `sensitive` line once
    /// the demo's main loop reaches it; the second is sent only after the first answer, so whatever the loop had to
    /// do before the first (a line from a timer that was due, a result posted back) was done by then. At rest only:
    /// disabling the control cancels a take.
    func sync(sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let phase = events("phase").last?["phase"] as? String, phase != "idle" {
            Issue.record(
                "sync() disables the control, which would cancel the \(phase) take", sourceLocation: sourceLocation)
        }
        waitPastTheHoldDelay()
        for _ in 0 ..< 2 {
            let since = count
            try xdotool(["key", "ctrl+d"])
            try waitFor("sensitive", since: since)
        }
    }

    /// Presses on the mic are ignored for 0.6 s after a discard (SPEC A.3), and no line says when that is over: this
    /// lets 0.6 s (and a margin) pass since the last `cancelled` line arrived, which the demo prints as it discards.
    func waitOutTheDiscardPause() {
        guard let cancelled = timedEvents.last(where: { $0.fields["event"] as? String == "cancelled" }) else { return }
        letTimePass(0.6 + 0.1 - (Date().timeIntervalSince1970 - cancelled.receivedAt))
    }
}
