import Foundation
import Testing
import VoiceRecorderTestSupport

/// Getting a take to paused in `voicerecorder-demo --preview`, as a person with a mouse does (SPEC D.1, D.2).
extension DemoSession {
    /// Holds the mic, slides up to lock, lets go, records on until the take holds `seconds`, and taps the pause
    /// bubble; returns the `preview` line that says where the paused parts are.
    @discardableResult
    func lockAndPause(recording seconds: Double = 2.5) throws -> [String: Any] {
        try lockHandsFree()
        try waitUntilRecorded(seconds)
        return try pauseFromBubble()
    }

    /// Taps the pause bubble of a hands-free take; returns the `preview` line of the paused take.
    @discardableResult
    func pauseFromBubble() throws -> [String: Any] {
        // The pause bubble: 0.8 × side across, 4 pt above the swollen send button (SPEC D.1).
        let side = control.side
        let since = count
        try click(x: mic.x, y: mic.y - 0.55 * side - 4 - 0.4 * side)
        try waitFor("phase", since: since) { $0["phase"] as? String == "paused" }
        return try waitFor("preview", since: since)
    }
}
