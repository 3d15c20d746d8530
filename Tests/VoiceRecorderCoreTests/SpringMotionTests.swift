import Testing

@testable import VoiceRecorderCore

@Suite("Motion")
struct SpringMotionTests {
    @Test(
        "the named springs of the motion vocabulary",
        arguments: [
            (Motion.tight, 0.14, 0.0), (Motion.responsive, 0.32, 0.25), (Motion.elastic, 0.42, 0.38),
            (Motion.expressive, 0.48, 0.48), (Motion.calm, 0.5, 0.2), (Motion.budOut, 0.62, 0.22),
            (Motion.goHome, 0.5, 0.0), (Motion.value, 0.35, 0.0), (Motion.dismiss, 0.3, 0.08), (Motion.morph, 0.4, 0.2),
            (Motion.reduced, 0.25, 0.0),
        ])
    func named(spring: Spring, duration: Double, bounce: Double) {
        #expect(spring.duration == duration)
        #expect(spring.bounce == bounce)
    }

    @Test("Reduce Motion swaps every spring for the short, bounceless one")
    func reduced() {
        #expect(Motion.spring(Motion.expressive, reduceMotion: true) == Spring(duration: 0.25, bounce: 0))
        #expect(Motion.spring(Motion.expressive, reduceMotion: false) == Motion.expressive)
    }

    @Test("choreography delays")
    func choreography() {
        #expect(Motion.laneAfterCapsule == 0.08)
        #expect(Motion.trashAfterCapsule == 0.2)
        #expect(Motion.meltAfterLock == 0.17)
        #expect(Motion.sendMeltStagger == 0.03)
        #expect(Motion.discardTipDelay(reduceMotion: false) == 0.36)
        #expect(Motion.discardVanishDelay(reduceMotion: false) == 0.44)
        #expect(Motion.discardTipDelay(reduceMotion: true) == 0.2)
        #expect(Motion.discardVanishDelay(reduceMotion: true) == 0.3)
        #expect(Motion.hintDuration(.hold) == 2.2)
        #expect(Motion.hintDuration(.accessOff) == 4)
    }

    @Test(
        "content fades: out over 0.16 s; back over 0.26 s after 0.12 s",
        arguments: [
            (Motion.contentFadeOut, 0.0, 0.0), (Motion.contentFadeOut, 0.08, 0.5), (Motion.contentFadeOut, 0.16, 1.0),
            (Motion.contentFadeIn, 0.1, 0.0), (Motion.contentFadeIn, 0.25, 0.5), (Motion.contentFadeIn, 0.38, 1.0),
            (Motion.contentFadeIn, 9, 1.0),
        ])
    func fades(fade: TimedFade, elapsed: Double, progress: Double) {
        #expect(abs(fade.progress(at: elapsed) - progress) < 1e-9)
    }

    @Test(
        "the chevron drifts 3 pt and back every 1.4 s, not under Reduce Motion",
        arguments: [
            (0.0, false, 0.0), (0.35, false, 1.5), (0.7, false, 3.0), (1.4, false, 0.0), (0.7, true, 0.0),
        ])
    func chevron(time: Double, reduce: Bool, drift: Double) {
        #expect(abs(Motion.chevronDrift(at: time, reduceMotion: reduce) - drift) < 1e-9)
    }

    @Test("the dot breathes once a second", arguments: [(0.0, 1.0, 1.0), (0.5, 0.4, 0.86), (0.25, 0.7, 0.93)])
    func breath(time: Double, opacity: Double, scale: Double) {
        let breath = Motion.dotBreath(at: time)
        #expect(abs(breath.opacity - opacity) < 1e-9)
        #expect(abs(breath.scale - scale) < 1e-9)
    }
}
