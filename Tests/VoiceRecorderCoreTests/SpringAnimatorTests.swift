import Testing

@testable import VoiceRecorderCore

@Suite("SpringAnimator")
struct SpringAnimatorTests {
    @Test("a resting value stays put and is settled")
    func rest() {
        let animator = SpringAnimator(value: 3, spring: Motion.calm, at: 1)
        #expect(animator.value(at: 5) == 3)
        #expect(animator.isSettled(at: 1))
    }

    @Test(
        "retargeting mid-flight keeps position and velocity",
        arguments: [
            (Motion.budOut, 0.1, 0.0), (Motion.budOut, 0.3, 0.0), (Motion.elastic, 0.2, 1.0),
            (Motion.goHome, 0.05, -0.4),
        ])
    func retargetContinuity(spring: Spring, at time: Double, newTarget: Double) {
        var animator = SpringAnimator(value: 0, spring: spring, at: 0)
        animator.retarget(to: 1, at: 0)
        let before = (animator.value(at: time), animator.velocity(at: time))
        animator.retarget(to: newTarget, at: time, spring: Motion.goHome)
        #expect(abs(animator.value(at: time) - before.0) < 1e-12)
        #expect(abs(animator.velocity(at: time) - before.1) < 1e-9)
        #expect(animator.spring == Motion.goHome)
        #expect(abs(animator.value(at: time + 5) - newTarget) < 1e-6)
    }

    @Test("retargeting to the current target changes nothing")
    func retargetSame() {
        var animator = SpringAnimator(value: 0, spring: Motion.calm, at: 0)
        animator.retarget(to: 10, at: 0)
        let copy = animator
        animator.retarget(to: 10, at: 0.2)
        #expect(animator == copy)
    }

    @Test(
        "let go, the mic springs home from where the finger left it, carrying the finger's velocity",
        arguments: [(-120.0, -300.0), (-60.0, 200.0), (-140.0, 0.0)])
    func release(offset: Double, velocity: Double) {
        var slide = SpringAnimator(value: 0, spring: Motion.elastic, at: 0)
        slide.release(from: offset, velocity: velocity, to: 0, at: 2)
        #expect(slide.value(at: 2) == offset)
        #expect(abs(slide.velocity(at: 2) - velocity) < 1e-9)
        #expect(abs(slide.value(at: 6)) < 1e-6)
        #expect(slide.isSettled(at: slide.settleTime()))
        #expect(!slide.isSettled(at: 2.05))
    }

    @Test("snap jumps and rests")
    func snap() {
        var animator = SpringAnimator(value: 0, spring: Motion.calm, at: 0)
        animator.retarget(to: 1, at: 0)
        animator.snap(to: 0.5, at: 0.1)
        #expect(animator.value(at: 0.1) == 0.5)
        #expect(animator.value(at: 3) == 0.5)
        #expect(animator.velocity(at: 0.2) == 0)
    }
}
