// What front ends read from the animator: the frame at a moment, and whether (and when) the motion settles.
extension ControlAnimator {
    /// The animated fields at `time` (a settled channel reads exactly its target, so resting frames are exact).
    public func frame(at time: Double) -> Frame {
        var animator = self
        animator.advance(to: time)
        let time = animator.clock
        func value(_ channel: Channel) -> Double {
            let spring = animator[channel]
            return spring.isSettled(at: time, tolerance: channel.tolerance) ? spring.target : spring.value(at: time)
        }
        return Frame(
            presence: BandLayoutInput.Presence(
                capsule: value(.capsule), lane: value(.lane), trash: value(.trash),
                bin: value(.bin), hint: value(.hint), pauseBubble: value(.pauseBubble)),
            capsuleHome: animator.capsuleHome,
            pressSink: value(.pressSink),
            swell: value(.swell),
            slide: max(value(.slide), 0),
            laneStretch: max(value(.stretch), 0),
            cancelProgress: animator.cancelProgress,
            showsSlideToCancel: animator.showsSlideToCancel,
            lockShut: value(.lockShut),
            binTip: value(.binTip),
            contentVisibility: unitClamped(animator.content.value(at: time)),
            reduceMotion: reduceMotion,
            paused: unitClamped(value(.paused)))
    }

    /// Whether nothing moves from `time` on (no step pending, every spring and fade at rest): the front end may stop
    /// asking for frames until the next event. (Ambient loops — the breathing dot, the drifting chevron, the bars —
    /// are the front end's to keep running while a take records.)
    public func isSettled(at time: Double) -> Bool {
        var animator = self
        animator.advance(to: time)
        guard animator.pending.isEmpty, animator.content.isSettled(at: time) else { return false }
        return Channel.allCases.allSatisfy { animator[$0].isSettled(at: time, tolerance: $0.tolerance) }
    }

    /// When the motion under way will have settled, if no new event comes (the front end can schedule its last
    /// frame for then).
    public var settleTime: Double {
        var animator = self
        if let last = pending.last { animator.advance(to: last.time) }
        let springs = Channel.allCases.map { animator[$0].settleTime(tolerance: $0.tolerance) }
        return max(springs.max() ?? animator.clock, animator.content.endTime, animator.clock)
    }

    /// Whether the content is covered (fading or faded out under the capsule): it takes no input then (A.3).
    public func contentIsCovered(at time: Double) -> Bool {
        var animator = self
        animator.advance(to: time)
        return animator.content.target < 1 || animator.content.value(at: time) < 1
    }
}
