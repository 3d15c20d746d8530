import Testing

@testable import VoiceRecorderCore

/// The clock's digit changes (SPEC A.15, A.18), on virtual time.
@Suite("DigitTransition: the clock's digits roll, or fade under Reduce Motion")
struct ChoreographyDigitTransitionTests {
    @Test("the first text of a take just appears; the same text again starts nothing")
    func firstTextAppears() {
        var digits = DigitTransition()
        let first = digits.show("0:00", at: 1)
        #expect(!first)
        #expect(digits.frame(at: 1) == nil)
        let again = digits.show("0:00", at: 1.5)
        #expect(!again)
        #expect(digits.isSettled(at: 1.5))
    }

    @Test("counting up, the changed digit rolls up on the value spring and settles at the new text, never past it")
    func countingUpRollsUp() throws {
        var digits = DigitTransition()
        digits.show("0:07", at: 0)
        let changed = digits.show("0:08", at: 10)
        #expect(changed)
        let start = try #require(digits.frame(at: 10))
        #expect(start.previous == "0:07" && start.current == "0:08")
        #expect(start.unchangedPrefix == 3 && start.style == .rollUp && start.progress == 0)
        var last = 0.0
        for step in 1 ... 40 {
            let time = 10 + Double(step) * 0.01
            guard let frame = digits.frame(at: time) else {
                #expect(time >= 10 + DigitTransition.rollSpring.settlingTime() - 0.01)
                break
            }
            #expect(frame.progress >= last && frame.progress <= 1, "at \(time): \(frame.progress)")
            last = frame.progress
        }
        #expect(last > 0.99)
        let settling = DigitTransition.rollSpring.settlingTime()
        #expect(settling > 0.35 && settling < 0.6, "the 0.35 s spring settles (to 0.1 %) in \(settling) s")
        #expect(!digits.isSettled(at: 10 + settling - 0.01))
        #expect(digits.isSettled(at: 10 + settling))
        #expect(digits.frame(at: 10 + settling) == nil)
    }

    @Test("counting down (the countdown, a seek back) rolls down; only the characters that change move")
    func countingDownRollsDown() throws {
        var digits = DigitTransition()
        digits.show("0:10", at: 0)
        digits.show("0:09", at: 1)
        let frame = try #require(digits.frame(at: 1.1))
        #expect(frame.style == .rollDown && frame.unchangedPrefix == 2)
        digits.show("1:00:00", at: 2)
        digits.show("0:59:59", at: 3)
        let hour = try #require(digits.frame(at: 3))
        #expect(hour.style == .rollDown && hour.unchangedPrefix == 0)
    }

    @Test("under Reduce Motion the digits fade in place with a short ease")
    func reduceMotionFades() throws {
        var digits = DigitTransition(reduceMotion: true)
        digits.show("0:07", at: 0)
        digits.show("0:08", at: 5)
        let half = try #require(digits.frame(at: 5 + DigitTransition.fadeDuration / 2))
        #expect(half.style == .fade && abs(half.progress - 0.5) < 1e-9)
        let early = try #require(digits.frame(at: 5 + DigitTransition.fadeDuration / 4))
        #expect(early.progress < 0.25, "eased in: \(early.progress)")
        #expect(digits.frame(at: 5 + DigitTransition.fadeDuration) == nil)
        #expect(digits.isSettled(at: 5 + DigitTransition.fadeDuration))
    }

    @Test("no clock (the capsule gone) forgets the text: the next take's first text just appears")
    func noClockResets() {
        var digits = DigitTransition()
        digits.show("0:12", at: 0)
        digits.show(nil, at: 1)
        let changed = digits.show("0:00", at: 2)
        #expect(!changed)
        #expect(digits.frame(at: 2) == nil)
    }

    @Test("a change during a change starts again from the text shown")
    func changeDuringAChange() throws {
        var digits = DigitTransition()
        digits.show("0:07", at: 0)
        digits.show("0:08", at: 1)
        digits.show("0:03", at: 1.1)
        let frame = try #require(digits.frame(at: 1.1))
        #expect(frame.previous == "0:08" && frame.current == "0:03" && frame.style == .rollDown)
    }
}
