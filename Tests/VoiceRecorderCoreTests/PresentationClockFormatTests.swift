import Testing

@testable import VoiceRecorderCore

@Suite("Clock text, spoken time and countdown (SPEC A.4, A.8, A.14)")
struct PresentationClockFormatTests {
    @Test(
        "Clock text: m:ss, or h:mm:ss when the maximum is an hour or more",
        arguments: [
            (0.0, 300.0, "0:00"), (7.0, 300.0, "0:07"), (7.99, 300.0, "0:07"), (59.999, 300.0, "0:59"),
            (60.0, 300.0, "1:00"), (725.0, 900.0, "12:05"), (3_727.0, 3_600.0, "1:02:07"), (7.0, 3_600.0, "0:00:07"),
            (3_727.0, 3_599.0, "62:07"), (-3.0, 300.0, "0:00"), (Double.nan, 300.0, "0:00"),
        ])
    func text(elapsed: Double, maximum: Double, expected: String) {
        #expect(ClockFormat.text(elapsed: elapsed, maximum: maximum) == expected)
    }

    @Test(
        "The reserved width is the maximum's text, every digit a zero",
        arguments: [
            (300.0, "0:00"), (59.0, "0:00"), (600.0, "00:00"), (3_599.0, "00:00"), (3_600.0, "0:00:00"),
            (36_000.0, "00:00:00"), (10.5, "0:00"),
        ])
    func reservedWidth(maximum: Double, expected: String) {
        #expect(ClockFormat.reservedWidthText(maximum: maximum) == expected)
        // Every reading up to the maximum fits in as many characters.
        #expect(ClockFormat.text(elapsed: maximum, maximum: maximum).count == expected.count)
    }

    @Test(
        "Spoken time",
        arguments: [
            (0, "0 seconds"), (1, "1 second"), (12, "12 seconds"), (60, "1 minute"), (62, "1 minute, 2 seconds"),
            (120, "2 minutes"), (3_600, "1 hour"), (3_727, "1 hour, 2 minutes, 7 seconds"),
            (7_201, "2 hours, 1 second"),
            (-5, "0 seconds"),
        ])
    func spoken(seconds: Int, expected: String) {
        #expect(ClockFormat.spoken(seconds: seconds) == expected)
    }

    @Test(
        "The countdown runs only over the last 10 s of a maximum over 10 s",
        arguments: [
            (289.9, 300.0, false), (290.0, 300.0, true), (295.5, 300.0, true), (300.0, 300.0, true),
            (0.0, 10.0, false), (5.0, 10.0, false), (1.0, 10.5, true), (0.4, 10.5, false), (Double.nan, 300.0, false),
        ])
    func countdownActive(elapsed: Double, maximum: Double, active: Bool) {
        #expect(Countdown.isActive(elapsed: elapsed, maximum: maximum) == active)
    }

    @Test(
        "The count is the seconds left, rounded up",
        arguments: [
            (290.0, 300.0, 10), (290.01, 300.0, 10), (291.0, 300.0, 9), (299.2, 300.0, 1), (300.0, 300.0, 0),
            (305.0, 300.0, 0),
        ])
    func secondsLeft(elapsed: Double, maximum: Double, left: Int) {
        #expect(Countdown.secondsLeft(elapsed: elapsed, maximum: maximum) == left)
    }

    @Test(
        "A clock reading: elapsed, or the countdown in ink on red, in digits and words",
        arguments: [
            (12.7, 300.0, "0:12", false, "12 seconds"),
            (62.0, 300.0, "1:02", false, "1 minute, 2 seconds"),
            (290.5, 300.0, "0:10", true, "10 seconds left"),
            (291.2, 300.0, "0:09", true, "9 seconds left"),
            (299.5, 300.0, "0:01", true, "1 second left"),
            (3_595.0, 3_600.0, "0:00:05", true, "5 seconds left"),
        ])
    func reading(elapsed: Double, maximum: Double, text: String, countdown: Bool, spoken: String) {
        let reading = ClockReading(elapsed: elapsed, maximum: maximum)
        #expect(reading == ClockReading(elapsed: elapsed, maximum: maximum))
        #expect(reading.text == text)
        #expect(reading.isCountdown == countdown)
        #expect(reading.spoken == spoken)
    }

    @Test("The spoken countdown goes through Messages.remaining")
    func remainingIsReplaceable() {
        let messages = Messages(remaining: { "noch \($0)" }, spokenDuration: { "\($0) s" })
        #expect(ClockReading(elapsed: 291.2, maximum: 300, messages: messages).spoken == "noch 9 s")
        #expect(ClockReading(elapsed: 12, maximum: 300, messages: messages).spoken == "12 s")
    }
}
