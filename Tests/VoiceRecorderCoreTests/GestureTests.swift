import Testing

@testable import VoiceRecorderCore

@Suite("Press recognizer (SPEC A.2)")
struct PressRecognizerTests {
    @Test func aTouchIsReportedAtOnceAndBecomesAHoldAfterTheBeat() {
        var recognizer = PressRecognizer()
        #expect(recognizer.touchDown(at: .zero, time: 1) == [.touchedDown])
        #expect(recognizer.holdDeadline == 1.18)
        #expect(recognizer.advance(to: 1.17).isEmpty)
        #expect(recognizer.advance(to: 1.18) == [.holdBegan(touchedDownAt: 1)])
        #expect(recognizer.isHolding)
    }

    @Test(arguments: [(0.1, true), (0.179, true), (0.18, false), (0.5, false)])
    func aLiftBeforeTheHoldIsATap(_ input: (lift: Double, isTap: Bool)) {
        var recognizer = PressRecognizer()
        _ = recognizer.touchDown(at: .zero, time: 0)
        let outputs = recognizer.touchUp(at: .zero, time: input.lift)
        #expect(outputs.contains(.tapped) == input.isTap)
        #expect(outputs.contains(.holdBegan(touchedDownAt: 0)) == !input.isTap)
    }

    @Test(arguments: [(9.9, false), (10.0, false), (10.1, true)])
    func movingBeyondTheSlopBeforeTheHoldFails(_ input: (distance: Double, fails: Bool)) {
        var recognizer = PressRecognizer()
        _ = recognizer.touchDown(at: Point(x: 5, y: 5), time: 0)
        let outputs = recognizer.touchMoved(to: Point(x: 5, y: 5 + input.distance), time: 0.1)
        #expect(outputs.contains(.failed) == input.fails)
        #expect(recognizer.isTracking == !input.fails)
    }

    @Test func onceHeldTheDragIsNeverStolen() {
        var recognizer = PressRecognizer()
        _ = recognizer.touchDown(at: .zero, time: 0)
        _ = recognizer.advance(to: 0.2)
        #expect(
            recognizer.touchMoved(to: Point(x: -200, y: 0), time: 0.3) == [.dragged(translation: Point(x: -200, y: 0))])
    }

    @Test func aSecondFingerChangesNothingAndTwoAtOnceAreNotAPress() {
        var recognizer = PressRecognizer()
        #expect(recognizer.touchDown(at: .zero, time: 0, fingers: 2).isEmpty)
        #expect(!recognizer.isTracking)
        _ = recognizer.touchDown(at: .zero, time: 1)
        #expect(recognizer.touchDown(at: Point(x: 30, y: 0), time: 1.05).isEmpty)
        #expect(recognizer.holdDeadline == 1.18)
    }

    @Test func releaseVelocityIsSmoothedAndZeroAfterARest() {
        var velocity = ReleaseVelocity(at: .zero, time: 0)
        velocity.move(to: Point(x: -10, y: 0), at: 0.01)  // −1000 pt/s
        #expect(abs(velocity.velocity.x - (-700)) < 1e-9)  // 0.3 × 0 + 0.7 × −1000
        velocity.move(to: Point(x: -20, y: 0), at: 0.02)
        #expect(abs(velocity.velocity.x - (-910)) < 1e-9)  // 0.3 × −700 + 0.7 × −1000
        #expect(velocity.atRelease(0.1).x == -910)
        #expect(velocity.atRelease(0.101) == .zero, "rested more than 80 ms")
    }

    @Test func theSystemCancellingTheTouchIsReported() {
        var recognizer = PressRecognizer()
        _ = recognizer.touchDown(at: .zero, time: 0)
        _ = recognizer.advance(to: 0.2)
        #expect(recognizer.touchCancelled() == [.cancelled])
        #expect(recognizer.touchCancelled().isEmpty)
    }
}

@Suite("Drag interpreter (SPEC A.3)")
struct DragInterpreterTests {
    static func make(width: Double = 390, scale: Double = 1, direction: LayoutDirection = .leftToRight)
        -> DragInterpreter
    {
        DragInterpreter(width: width, side: 52 * TextScale(scale).grow, scale: TextScale(scale), direction: direction)
    }

    static let reaches: [(width: Double, scale: Double, reach: Double)] = [
        (390, 1, 110), (320, 1, 110), (300, 1, 104.16), (200, 1, 62.16),
        (120, 1, 40), (390, 1.4, 133.224), (600, 1.4, 154), (600, 3, 154),
    ]

    @Test(arguments: reaches)
    func cancelReach(_ input: (width: Double, scale: Double, reach: Double)) {
        #expect(abs(Self.make(width: input.width, scale: input.scale).cancelReach - input.reach) < 1e-9)
    }

    @Test(arguments: [
        // dx, dy, axis
        (-8.0, 0.0, DragInterpreter.Axis.undecided), (-11.0, 0.0, .discard), (0.0, -11.0, .lock),
        (-8.0, -8.0, .discard), (-7.0, -9.0, .lock), (11.0, 0.0, .undecided), (0.0, 11.0, .undecided),
    ])
    func theFirstMovementDecidesTheAxis(_ input: (dx: Double, dy: Double, axis: DragInterpreter.Axis)) {
        var drag = Self.make()
        _ = drag.update(translation: Point(x: input.dx, y: input.dy))
        #expect(drag.axis == input.axis)
    }

    @Test func comingBackWithinSixPointsUndecidesTheAxis() {
        var drag = Self.make()
        _ = drag.update(translation: Point(x: -30, y: 0))
        _ = drag.update(translation: Point(x: -7, y: 0))
        #expect(drag.axis == .discard)
        _ = drag.update(translation: Point(x: -5, y: 0))
        #expect(drag.axis == .undecided)
        _ = drag.update(translation: Point(x: 0, y: -20))
        #expect(drag.axis == .lock)
    }

    @Test func rightToLeftDiscardsTowardTheRight() {
        var drag = Self.make(direction: .rightToLeft)
        _ = drag.update(translation: Point(x: 40, y: 0))
        #expect(drag.axis == .discard)
        #expect(drag.slide == 40)
        var ltr = Self.make()
        _ = ltr.update(translation: Point(x: 40, y: 0))
        #expect(ltr.axis == .undecided)
    }

    static let slides: [(travel: Double, slide: Double)] = [
        (50, 50), (110, 110), (120, 114.597014925), (186, 126.767908309),
    ]

    @Test(arguments: slides)
    func slideIsOneToOneThenRubberBanded(_ input: (travel: Double, slide: Double)) {
        var drag = Self.make()
        _ = drag.update(translation: Point(x: -input.travel, y: 0))
        #expect(abs(drag.slide - input.slide) < 1e-6)
        #expect(drag.slide <= 110 + 28)
    }

    @Test func armingAndDisarmingTickBothWays() {
        var drag = Self.make()
        #expect(drag.update(translation: Point(x: -109, y: 0)).isEmpty)
        #expect(drag.update(translation: Point(x: -110, y: 0)) == [.armed])
        #expect(drag.update(translation: Point(x: -150, y: 0)).isEmpty)
        #expect(drag.update(translation: Point(x: -100, y: 0)) == [.disarmed])
        #expect(!drag.isArmed)
    }

    @Test func travellingOnToOnePointSevenReachesDiscardsAtOnce() {
        var drag = Self.make()
        _ = drag.update(translation: Point(x: -150, y: 0))
        #expect(!drag.update(translation: Point(x: -186.9, y: 0)).contains(.discardNow))
        #expect(drag.update(translation: Point(x: -187, y: 0)).contains(.discardNow))
    }

    @Test(arguments: [(0.0, 1.0, 1.0), (55.0, 0.5, 0.375), (88.0, 0.2, 0.0), (110.0, 0.0, 0.0), (200.0, 0.0, 0.0)])
    func slideToCancelIsEatenFromItsFarEnd(_ input: (travel: Double, width: Double, opacity: Double)) {
        var drag = Self.make()
        _ = drag.update(translation: Point(x: -max(input.travel, 11), y: 0))
        if input.travel == 0 { _ = drag.update(translation: .zero) }
        #expect(abs(drag.slideToCancelWidthFraction - input.width) < 1e-9)
        #expect(abs(drag.slideToCancelOpacity - input.opacity) < 1e-9)
    }

    @Test(arguments: [(1.0, 56.0), (1.2, 67.2), (1.4, 78.4), (2.0, 78.4)])
    func lockReachGrowsWithText(_ input: (scale: Double, reach: Double)) {
        var drag = Self.make(scale: input.scale)
        #expect(abs(drag.lockReach - input.reach) < 1e-9)
        #expect(drag.update(translation: Point(x: 0, y: -(input.reach - 0.1))).isEmpty)
        #expect(drag.update(translation: Point(x: 0, y: -input.reach)) == [.lockReached])
        #expect(drag.update(translation: Point(x: 0, y: -input.reach - 20)).isEmpty, "locks once")
    }

    @Test(arguments: [(0.0, 1.0), (16.8, 0.5), (33.6, 0.0), (56.0, 0.0), (8.4, 0.75)])
    func theLaneStretchesAndItsChevronFades(_ input: (rise: Double, opacity: Double)) {
        var drag = Self.make()
        if input.rise > 0 {
            _ = drag.update(translation: Point(x: 0, y: -11))
            _ = drag.update(translation: Point(x: 0, y: -input.rise))
        }
        #expect(drag.stretch == input.rise)
        #expect(abs(drag.chevronOpacity - input.opacity) < 1e-9)
    }

    @Test func theLaneMeltsWhileDiscardingAndBudsBack() {
        var drag = Self.make()
        _ = drag.update(translation: Point(x: -40, y: 0))
        #expect(!drag.showsLane)
        _ = drag.update(translation: Point(x: -2, y: 0))
        #expect(drag.showsLane)
    }

    @Test func rubberBandTendsToItsLimit() {
        #expect(rubberBand(0, limit: 28) == 0)
        #expect(rubberBand(-5, limit: 28) == 0)
        #expect(abs(rubberBand(28 / 0.55, limit: 28) - 14) < 1e-9)
        #expect(rubberBand(1e9, limit: 28) < 28)
    }
}
