import Testing

@testable import VoiceRecorderCore

/// The choreography of A.3 / A.15 / A.18, checked on a hand-advanced clock: which part starts moving when.
@Suite("ControlAnimator")
struct ChoreographyControlAnimatorTests {
    /// A tiny time step, to look just before and just after a choreography's moment.
    static let dt = 0.004

    static func heldTake(at time: Double = 1, reduceMotion: Bool = false) -> ControlAnimator {
        var animator = ControlAnimator(reduceMotion: reduceMotion, at: 0)
        animator.handle(.pressed(true), at: time - 0.18)
        animator.handle(.phase(.holding), at: time)
        return animator
    }

    static func handsFreeTake(at time: Double = 1) -> ControlAnimator {
        var animator = ControlAnimator(at: 0)
        animator.handle(.phase(.locked), at: time)
        return animator
    }

    @Test("at rest everything is home, the content visible, and nothing moves")
    func rest() {
        let animator = ControlAnimator(at: 0)
        let frame = animator.frame(at: 5)
        #expect(frame.presence == .rest)
        #expect(frame.contentVisibility == 1)
        #expect(frame.swell == 0 && frame.pressSink == 0 && frame.slide == 0)
        #expect(animator.isSettled(at: 0))
        #expect(!animator.contentIsCovered(at: 0))
    }

    @Test(
        "start held: the capsule buds at once, the lane 0.08 s later, the content fades out in 0.16 s",
        arguments: [false, true])
    func startHeld(reduceMotion: Bool) {
        let animator = Self.heldTake(at: 1, reduceMotion: reduceMotion)
        #expect(animator.frame(at: 1 + Self.dt).presence.capsule > 0)
        #expect(animator.frame(at: 1 + Motion.laneAfterCapsule - Self.dt).presence.lane == 0)
        #expect(animator.frame(at: 1 + Motion.laneAfterCapsule + Self.dt).presence.lane > 0)
        #expect(animator.frame(at: 1 + Self.dt).swell > 0)
        #expect(animator.frame(at: 1.08).contentVisibility > 0)
        #expect(animator.frame(at: 1 + Motion.contentFadeOut.end).contentVisibility == 0)
        #expect(animator.frame(at: 1).showsSlideToCancel)
        #expect(animator.contentIsCovered(at: 1))
        let settled = animator.frame(at: 4)
        #expect(settled.presence == BandLayoutInput.Presence(capsule: 1, lane: 1))
        #expect(settled.swell == 1)
    }

    @Test("start hands-free: the capsule, then the trash 0.2 s later; no lane, no slide to cancel")
    func startHandsFree() {
        let animator = Self.handsFreeTake(at: 2)
        #expect(animator.frame(at: 2 + Self.dt).presence.capsule > 0)
        #expect(animator.frame(at: 2 + Motion.trashAfterCapsule - Self.dt).presence.trash == 0)
        #expect(animator.frame(at: 2 + Motion.trashAfterCapsule + Self.dt).presence.trash > 0)
        #expect(!animator.frame(at: 2).showsSlideToCancel)
        #expect(animator.frame(at: 6).presence == BandLayoutInput.Presence(capsule: 1, trash: 1))
    }

    @Test(
        "lock: the lock shuts at once; 0.17 s later the lane melts home and the trash buds out",
        arguments: [(-0.01, true), (0.01, false)])
    func lock(offset: Double, beforeMelt: Bool) {
        var animator = Self.heldTake(at: 1)
        animator.handle(.drag(slide: 0, stretch: 56, cancelProgress: 0, armed: false, showsLane: true), at: 2.9)
        animator.handle(.phase(.locked), at: 3)
        #expect(animator.frame(at: 3 + Self.dt).lockShut > 0)
        let moment = 3 + Motion.meltAfterLock + offset
        let frame = animator.frame(at: moment)
        if beforeMelt {
            #expect(frame.presence.lane == 1)
            #expect(frame.presence.trash == 0)
            #expect(frame.laneStretch == 56)
            #expect(frame.showsSlideToCancel)
        } else {
            #expect(frame.presence.lane < 1)
            #expect(frame.presence.trash > 0)
            #expect(frame.laneStretch < 56)
            #expect(!frame.showsSlideToCancel)
        }
        let settled = animator.frame(at: 5)
        #expect(settled.presence == BandLayoutInput.Presence(capsule: 1, trash: 1))
        #expect(settled.lockShut == 1 && settled.laneStretch == 0)
    }

    @Test(
        "send: the capsule, then the lane, then the trash melt into the mic, 0.03 s apart",
        arguments: [ControlAnimator.Ending.sent, .tooShort, .dropped])
    func meltIntoMic(ending: ControlAnimator.Ending) {
        var animator = Self.heldTake(at: 1)
        // Bring the trash out too (a hands-free take), so all three melt.
        animator.handle(.phase(.locked), at: 2)
        animator.handle(.phase(.idle), at: 5)
        animator.handle(.ended(ending), at: 5)
        let capsuleAt = animator.frame(at: 5 + Self.dt).presence.capsule
        #expect(capsuleAt < 1)
        #expect(animator.frame(at: 5 + Motion.sendMeltStagger - Self.dt).presence.trash == 1)
        #expect(animator.frame(at: 5 + 2 * Motion.sendMeltStagger - Self.dt).presence.trash == 1)
        #expect(animator.frame(at: 5 + 2 * Motion.sendMeltStagger + Self.dt).presence.trash < 1)
        #expect(animator.frame(at: 5).capsuleHome == .mic)
        // The content comes back after its delay, and the swell is gone once settled.
        #expect(animator.frame(at: 5 + Motion.contentFadeIn.delay - Self.dt).contentVisibility == 0)
        #expect(animator.frame(at: 5 + Motion.contentFadeIn.end).contentVisibility == 1)
        let end = animator.settleTime
        #expect(animator.isSettled(at: end))
        #expect(animator.frame(at: end).presence == .rest)
        #expect(animator.frame(at: end).swell == 0)
    }

    @Test("a held send melts the lane 0.03 s after the capsule")
    func heldSendStagger() {
        var animator = Self.heldTake(at: 1)
        animator.handle(.phase(.idle), at: 3)
        #expect(animator.frame(at: 3 + Motion.sendMeltStagger - Self.dt).presence.lane == 1)
        #expect(animator.frame(at: 3 + Motion.sendMeltStagger + Self.dt).presence.lane < 1)
    }

    @Test(
        "discard: the capsule gathers into the bin; the bin tips and the content returns, then the bin melts",
        arguments: [(false, 0.36, 0.44), (true, 0.2, 0.3)])
    func discard(reduceMotion: Bool, tipDelay: Double, vanishDelay: Double) {
        var animator = Self.heldTake(at: 1, reduceMotion: reduceMotion)
        animator.handle(.drag(slide: 120, stretch: 0, cancelProgress: 1, armed: true, showsLane: false), at: 2)
        animator.handle(.springHome(velocity: Point(x: -50, y: 0)), at: 2.1)
        animator.handle(.phase(.idle), at: 2.1)
        animator.handle(.ended(.discarded), at: 2.1)
        let start = 2.1
        #expect(animator.frame(at: start).capsuleHome == .bin)
        #expect(animator.frame(at: start + Self.dt).presence.capsule < 1)
        // Before the tip: the bin is out, untipped, and the content still hidden.
        let beforeTip = animator.frame(at: start + tipDelay - Self.dt)
        #expect(beforeTip.binTip == 0)
        #expect(beforeTip.contentVisibility == 0)
        let afterTip = animator.frame(at: start + tipDelay + 0.05)
        #expect(afterTip.contentVisibility > 0)
        #expect(reduceMotion ? afterTip.binTip == 0 : afterTip.binTip > 0)
        // The bin stays out until it vanishes.
        #expect(animator.frame(at: start + tipDelay + vanishDelay - Self.dt).presence.bin > 0.9)
        #expect(animator.frame(at: start + tipDelay + vanishDelay + 0.05).presence.bin < 1)
        let end = animator.settleTime
        #expect(end > start + tipDelay + vanishDelay)
        #expect(animator.isSettled(at: end))
        #expect(!animator.isSettled(at: start + tipDelay + vanishDelay))
        let settled = animator.frame(at: end)
        #expect(settled.presence == .rest)
        #expect(settled.binTip == 0 && settled.contentVisibility == 1)
    }

    @Test("hands-free delete also gathers into the bin, and the trash goes home")
    func handsFreeDelete() {
        var animator = Self.handsFreeTake(at: 1)
        animator.handle(.phase(.idle), at: 3)
        animator.handle(.ended(.discarded), at: 3)
        #expect(animator.frame(at: 3.1).presence.trash < 1)
        #expect(animator.frame(at: 3.1).presence.bin > 0)
        #expect(animator.frame(at: 3).capsuleHome == .bin)
    }

    @Test(
        "letting go, the slide springs home from the finger's place carrying its velocity, mirrored right to left",
        arguments: [
            (LayoutDirection.leftToRight, -400.0, true), (.leftToRight, 400.0, false),
            (.rightToLeft, 400.0, true), (.rightToLeft, -400.0, false),
        ])
    func springHome(direction: LayoutDirection, screenVelocityX: Double, movesOnFirst: Bool) {
        var animator = ControlAnimator(direction: direction, at: 0)
        animator.handle(.phase(.holding), at: 1)
        animator.handle(.drag(slide: 60, stretch: 0, cancelProgress: 0.5, armed: false, showsLane: false), at: 2)
        #expect(animator.frame(at: 2).slide == 60)
        animator.handle(.springHome(velocity: Point(x: screenVelocityX, y: 0)), at: 2)
        animator.handle(.phase(.idle), at: 2)
        #expect(animator.frame(at: 2).slide == 60)
        let soon = animator.frame(at: 2.01).slide
        // Toward the leading edge the mic first keeps going (the finger's momentum); away from it, it heads home.
        #expect(movesOnFirst ? soon > 60 : soon < 60)
        #expect(animator.frame(at: 10).slide == 0)
    }

    @Test("the lane's stretch springs back with the finger's upward velocity")
    func stretchHome() {
        var animator = Self.heldTake(at: 1)
        animator.handle(.drag(slide: 0, stretch: 30, cancelProgress: 0, armed: false, showsLane: true), at: 2)
        animator.handle(.springHome(velocity: Point(x: 0, y: -300)), at: 2)
        #expect(animator.frame(at: 2.01).laneStretch > 30)
    }

    @Test("drags while the lane is still due don't cut the stagger; leaving the lane axis melts it home")
    func dragDuringStagger() {
        var animator = Self.heldTake(at: 1)
        animator.handle(.drag(slide: 0, stretch: 0, cancelProgress: 0, armed: false, showsLane: true), at: 1.01)
        #expect(animator.frame(at: 1.05).presence.lane == 0)
        #expect(animator.frame(at: 1.09).presence.lane > 0)
        animator.handle(.drag(slide: 20, stretch: 0, cancelProgress: 0.2, armed: false, showsLane: false), at: 2)
        #expect(animator.frame(at: 2.1).presence.lane < 1)
        #expect(animator.frame(at: 2).cancelProgress == 0.2)
    }

    @Test("crossing the threshold buds the bin; coming back melts it home")
    func binFollowsArming() {
        var animator = Self.heldTake(at: 1)
        animator.handle(.drag(slide: 110, stretch: 0, cancelProgress: 1, armed: true, showsLane: false), at: 2)
        #expect(animator.frame(at: 2.1).presence.bin > 0)
        animator.handle(.drag(slide: 50, stretch: 0, cancelProgress: 0.45, armed: false, showsLane: false), at: 3)
        #expect(animator.frame(at: 3.1).presence.bin < animator.frame(at: 3).presence.bin)
        #expect(animator.frame(at: 6).presence.bin == 0)
    }

    @Test("drags are ignored once the take is no longer held")
    func dragsIgnoredWhenLocked() {
        var animator = Self.heldTake(at: 1)
        animator.handle(.phase(.locked), at: 2)
        animator.handle(.drag(slide: 80, stretch: 0, cancelProgress: 0.7, armed: true, showsLane: false), at: 2.05)
        #expect(animator.frame(at: 2.05).slide == 0)
        #expect(animator.frame(at: 2.3).presence.bin == 0)
    }

    @Test("the press sinks with the tight spring and lifts back")
    func press() {
        var animator = ControlAnimator(at: 0)
        animator.handle(.pressed(true), at: 1)
        #expect(animator.frame(at: 1 + Motion.tight.settlingTime()).pressSink > 0.99)
        animator.handle(.pressed(false), at: 2)
        #expect(animator.frame(at: 2.05).pressSink < 1)
        #expect(animator.frame(at: 5).pressSink == 0)
    }

    @Test("a hint buds out and goes home; a new take sends it home at once")
    func hint() {
        var animator = ControlAnimator(at: 0)
        animator.handle(.hint(true), at: 1)
        #expect(animator.frame(at: 1.1).presence.hint > 0)
        #expect(animator.frame(at: 3).presence.hint == 1)
        animator.handle(.phase(.holding), at: 3)
        #expect(animator.frame(at: 3.1).presence.hint < 1)
        #expect(animator.frame(at: 6).presence.hint == 0)
    }

    @Test("under Reduce Motion nothing overshoots, and the capsule is out sooner", arguments: [false, true])
    func reducedSprings(reduceMotion: Bool) {
        let animator = Self.heldTake(at: 1, reduceMotion: reduceMotion)
        let samples = stride(from: 1.0, through: 2.5, by: 0.01).map { animator.frame(at: $0).presence.capsule }
        let overshoots = samples.contains { $0 > 1.001 }
        #expect(overshoots == !reduceMotion)
    }

    @Test("settling: not while moving; once settled, until the next event", arguments: [0.05, 0.3])
    func settling(after offset: Double) {
        var animator = ControlAnimator(at: 0)
        animator.handle(.hint(true), at: 1)
        #expect(!animator.isSettled(at: 1 + offset))
        #expect(animator.isSettled(at: animator.settleTime))
        #expect(animator.settleTime > 1 + offset)
    }

    @Test("a pending step keeps the animator unsettled even while nothing moves yet")
    func pendingKeepsUnsettled() {
        var animator = Self.handsFreeTake(at: 1)
        animator.handle(.phase(.idle), at: 4)
        animator.handle(.ended(.discarded), at: 4)
        // Between the gather settling and the bin vanishing nothing may be moving, but a step is due.
        #expect(!animator.isSettled(at: 4 + Motion.discardTipDelay(reduceMotion: false) - Self.dt))
    }

    @Test("a frame writes every animated field into the layout input")
    func applyToInput() {
        let animator = Self.heldTake(at: 1)
        var input = BandLayoutInput(width: 390)
        animator.frame(at: 5).apply(to: &input)
        #expect(input.presence.capsule == 1)
        #expect(input.swell == 1)
        #expect(input.contentVisibility == 0)
        #expect(input.showsSlideToCancel)
        #expect(input.width == 390)
    }
}
