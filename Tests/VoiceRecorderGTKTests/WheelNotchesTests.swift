import Foundation
import Testing
import VoiceRecorderGTK

/// The wheel notches a scrolled list applies once per frame (`FrameScrolling`), as pure arithmetic.
@Suite("WheelNotches: wheel notches applied once a frame")
struct WheelNotchesTests {
    @Test("one notch scrolls GTK's step: the page's 2/3 power, at most half a page")
    func stepIsGtks() {
        #expect(abs(WheelNotches.step(pageSize: 512) - 64) < 1e-9)
        #expect(abs(WheelNotches.step(pageSize: 8) - 4) < 1e-9)
        #expect(WheelNotches.step(pageSize: 1) == 0.5)
        #expect(WheelNotches.step(pageSize: 0) == 0)
    }

    @Test("notches turned between two frames add up into one move")
    func notchesAddUp() {
        var notches = WheelNotches()
        for _ in 0 ..< 3 { notches.turn(1) }
        notches.turn(-1)
        #expect(notches.isPending)
        #expect(notches.take(value: 100, upper: 10_000, pageSize: 512).map { abs($0 - 228) < 1e-9 } == true)
        #expect(!notches.isPending)
        #expect(notches.take(value: 228, upper: 10_000, pageSize: 512) == nil)
    }

    @Test("a move stops at either end of the list, and none is made where the list cannot go")
    func movesStayInTheList() {
        var notches = WheelNotches()
        notches.turn(10)
        #expect(notches.take(value: 9_000, upper: 10_000, pageSize: 512) == 9_488)
        notches.turn(1)
        #expect(notches.take(value: 9_488, upper: 10_000, pageSize: 512) == nil)
        notches.turn(-2.5)
        #expect(notches.take(value: 100, upper: 10_000, pageSize: 512) == 0)
        notches.turn(-1)
        #expect(notches.take(value: 0, upper: 10_000, pageSize: 512) == nil)
        #expect(!notches.isPending)
    }

    @Test("the list keeping whole pixels loses nothing over a spin; a move from elsewhere is taken as it is")
    func fractionsCarryOver() {
        var notches = WheelNotches()
        let step = WheelNotches.step(pageSize: 500)  // 62.996 px
        var value = 0.0
        for _ in 0 ..< 40 {
            notches.turn(1)
            // The list view rounds each position down to a whole pixel.
            value = (notches.take(value: value, upper: 100_000, pageSize: 500) ?? value).rounded(.down)
        }
        #expect(value == (40 * step).rounded(.down))
        // The scroll bar dragged to 5,000: the next notch starts there.
        notches.turn(1)
        let moved = notches.take(value: 5_000, upper: 100_000, pageSize: 500)
        #expect(moved.map { abs($0 - (5_000 + step)) < 1e-9 } == true)
    }

    @Test("a list shorter than its page does not move")
    func shortListStays() {
        var notches = WheelNotches()
        notches.turn(3)
        #expect(notches.take(value: 0, upper: 300, pageSize: 512) == nil)
    }
}
