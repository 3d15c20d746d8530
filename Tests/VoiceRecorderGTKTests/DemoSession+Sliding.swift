import Foundation
import VoiceRecorderTestSupport

/// Slides measured against the control's reaches: the pointer moves through exact offsets from where it pressed
/// the mic, so a test can stop it at a chosen fraction of the cancel reach.
extension DemoSession {
    /// SPEC A.3's cancel reach for the control as laid out: max(min(110 × grow, (width − side) × 0.42), 40), in
    /// pixels (GTK's scale is 1 under Xvfb here, so a point is a pixel).
    var cancelReach: Double { max(min(110 * control.grow, (control.width - control.side) * 0.42), 40) }

    /// Which way the leading edge is on screen: −1 (left) or +1 (right to left).
    var leadingSign: Double { events("ready").first?["direction"] as? String == "rtl" ? 1 : -1 }

    /// Moves the pressed pointer from `from` to `to` pixels toward the leading edge (negative: toward the trailing
    /// edge) of where it pressed the mic, in `steps` even moves a finger's step apart.
    func slideHeld(from: Double, to: Double, steps: Int = 10) throws {
        let start = mic
        try move(
            through: (1 ... steps).map { step in
                let travel = from + (to - from) * Double(step) / Double(steps)
                return (start.x + (travel * leadingSign).rounded(), start.y)
            })
    }
}
