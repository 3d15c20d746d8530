/// The preview's choreography (SPEC D.1, D.2), in the language of A.18: bubbles bud out and go home on the same
/// springs, and the capsule's items turn from recording to paused on the value spring (a cross-fade).
extension ControlAnimator {
    /// A change of phase into or out of `paused`.
    mutating func previewPhaseChanged(from old: Phase, to new: Phase, at time: Double) {
        switch (old, new) {
        case (.holding, .paused):
            // `pause()` from code while held locks and pauses at once: the lane melts, the trash and the pause
            // bubble bud out, and the capsule turns paused, all at once.
            if fingerHolds { letGo(velocity: .zero, at: time, keepStretch: true) }
            move(.lockShut, to: 1, Motion.responsive, at: time)
            move(.lane, to: 0, Motion.goHome, at: time)
            move(.stretch, to: 0, Motion.goHome, at: time)
            move(.trash, to: 1, Motion.budOut, at: time)
            schedule(.slideToCancel(false), at: time)
            turn(paused: true, at: time)
        case (_, .paused):
            turn(paused: true, at: time)
        case (.paused, _):
            turn(paused: false, at: time)
        default:
            break
        }
    }

    /// The bubble stays (or buds) out; the capsule's items cross-fade to paused or back to recording.
    private mutating func turn(paused: Bool, at time: Double) {
        move(.pauseBubble, to: 1, Motion.budOut, at: time)
        move(.paused, to: paused ? 1 : 0, Motion.value, at: time)
    }
}
