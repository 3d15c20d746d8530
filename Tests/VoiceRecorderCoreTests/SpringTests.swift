import Testing

@testable import VoiceRecorderCore

@Suite("Spring")
struct SpringTests {
    struct Mapping: Sendable, CustomStringConvertible {
        var duration: Double, bounce: Double, stiffness: Double, damping: Double, ratio: Double
        var description: String { "\(duration)/\(bounce)" }
    }

    @Test(
        "duration and bounce map to stiffness and damping like SwiftUI",
        arguments: [
            Mapping(duration: 0.5, bounce: 0, stiffness: 157.91367, damping: 25.13274, ratio: 1),
            Mapping(duration: 0.42, bounce: 0.38, stiffness: 223.80055, damping: 18.55036, ratio: 0.62),
            Mapping(duration: 1, bounce: 0.5, stiffness: 39.47842, damping: 6.28319, ratio: 0.5),
            Mapping(duration: 0.5, bounce: -0.5, stiffness: 157.91367, damping: 50.26548, ratio: 2),
        ])
    func mapping(_ row: Mapping) {
        let spring = Spring(duration: row.duration, bounce: row.bounce)
        #expect(abs(spring.stiffness - row.stiffness) < 1e-4)
        #expect(abs(spring.damping - row.damping) < 1e-4)
        #expect(abs(spring.dampingRatio - row.ratio) < 1e-9)
    }

    @Test(
        "a move starts at 0 with its initial velocity and ends at 1",
        arguments: [
            (0.14, 0.0, 0.0), (0.42, 0.38, 0.0), (0.5, 0.2, 3.0), (0.3, -0.4, -2.0), (0.62, 0.22, 8.0),
        ])
    func endpoints(duration: Double, bounce: Double, velocity: Double) {
        let spring = Spring(duration: duration, bounce: bounce)
        #expect(abs(spring.value(at: 0, initialVelocity: velocity)) < 1e-12)
        #expect(abs(spring.velocity(at: 0, initialVelocity: velocity) - velocity) < 1e-9)
        #expect(abs(spring.value(at: duration * 20, initialVelocity: velocity) - 1) < 1e-9)
        #expect(abs(spring.velocity(at: duration * 20, initialVelocity: velocity)) < 1e-6)
    }

    @Test("velocity is the derivative of value", arguments: [0.0, 0.25, 0.48, -0.3])
    func velocityIsDerivative(bounce: Double) {
        let spring = Spring(duration: 0.4, bounce: bounce)
        let h = 1e-6
        for step in 1 ... 40 {
            let t = Double(step) * 0.02
            let ahead = spring.value(at: t + h, initialVelocity: 1.5)
            let behind = spring.value(at: t - h, initialVelocity: 1.5)
            let numeric = (ahead - behind) / (2 * h)
            #expect(abs(numeric - spring.velocity(at: t, initialVelocity: 1.5)) < 1e-4)
        }
    }

    @Test(
        "bounce 0 (and overdamped) never overshoots",
        arguments: [
            (0.14, 0.0), (0.35, 0.0), (0.5, 0.0), (0.25, 0.0), (0.5, -0.5),
        ])
    func noOvershoot(duration: Double, bounce: Double) {
        let spring = Spring(duration: duration, bounce: bounce)
        var previous = 0.0
        for step in 1 ... 600 {
            let value = spring.value(at: Double(step) * duration / 100)
            #expect(value <= 1 + 1e-12)
            #expect(value >= previous - 1e-12)  // and rises all the way
            previous = value
        }
    }

    @Test("bounce > 0 overshoots, more with more bounce")
    func overshoot() {
        func peak(_ spring: Spring) -> Double {
            (1 ... 400).map { spring.value(at: Double($0) * spring.duration / 100) }.max()!
        }
        let elastic = peak(Motion.elastic)
        let calm = peak(Motion.calm)
        let expressive = peak(Motion.expressive)
        #expect(elastic > 1.01)
        #expect(calm > 1.001)
        #expect(calm < elastic && elastic < expressive)
    }

    @Test(
        "every named spring is close to its target by its duration and settles soon after",
        arguments: [
            Motion.tight, Motion.responsive, Motion.elastic, Motion.expressive, Motion.calm, Motion.budOut,
            Motion.goHome,
            Motion.value, Motion.dismiss, Motion.morph, Motion.reduced,
        ])
    func settles(_ spring: Spring) {
        #expect(abs(spring.value(at: spring.duration) - 1) < 0.05)
        let settle = spring.settlingTime()
        #expect(settle > spring.duration * 0.8 && settle < spring.duration * 3)
        #expect(!spring.isSettled(at: settle * 0.9))
        #expect(spring.isSettled(at: settle))
        for step in 0 ... 200 {
            let t = settle + Double(step) * spring.duration / 50
            #expect(abs(spring.value(at: t) - 1) <= Spring.defaultTolerance + 1e-12)
        }
    }

    @Test("a flick toward the target arrives sooner; one away from it later")
    func velocityShiftsSettling() {
        let spring = Motion.goHome
        #expect(spring.value(at: 0.1, initialVelocity: 6) > spring.value(at: 0.1))
        #expect(spring.value(at: 0.1, initialVelocity: -6) < spring.value(at: 0.1))
        #expect(spring.settlingTime(initialVelocity: -6) > spring.settlingTime())
    }

    @Test("out-of-range parameters are clamped, not trapped")
    func clamps() {
        #expect(Spring(duration: 0, bounce: 0).duration == 0.001)
        #expect(Spring(duration: .nan, bounce: 2).bounce == 0.99)
        #expect(Spring(duration: .nan).duration == 0.5)
        #expect(Spring(duration: 0.3, bounce: -5).bounce == -0.99)
        #expect(Spring(duration: 0.3).value(at: -1) == 0)
    }
}
