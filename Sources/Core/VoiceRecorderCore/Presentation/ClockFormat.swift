/// The capsule's clock text (SPEC A.8, A.4): elapsed time as `0:07`, `12:05`, or `1:02:07` when the take may last an
/// hour or more, and the width it reserves so nothing shifts while it runs.
public enum ClockFormat {
    /// Whole seconds shown for `elapsed`: floored (the clock never shows a second before it has passed); 0 for a
    /// negative or non-finite time.
    public static func wholeSeconds(_ elapsed: Double) -> Int {
        guard elapsed.isFinite, elapsed > 0 else { return 0 }
        // Clamp before converting: Int(_:) traps on values it can't hold.
        return Int(min(elapsed, Double(Int32.max)).rounded(.down))
    }

    /// Whether the clock shows hours: when the maximum duration is an hour or more.
    public static func showsHours(maximum: Double) -> Bool { maximum >= 3_600 }

    /// The clock text for `seconds` whole seconds: `m:ss`, or `h:mm:ss` when `maximum` is an hour or more.
    public static func text(seconds: Int, maximum: Double) -> String {
        let seconds = max(seconds, 0)
        let s = seconds % 60
        if showsHours(maximum: maximum) {
            return "\(seconds / 3_600):\(twoDigits((seconds / 60) % 60)):\(twoDigits(s))"
        }
        return "\(seconds / 60):\(twoDigits(s))"
    }

    /// The clock text for `elapsed` seconds (floored to whole seconds).
    public static func text(elapsed: Double, maximum: Double) -> String {
        text(seconds: wholeSeconds(elapsed), maximum: maximum)
    }

    /// The text whose width the clock reserves: the maximum's own text with every digit made a `0` (digits are
    /// monospaced, so every reading fits in it), e.g. `0:00` for 5 minutes, `00:00` for 10, `0:00:00` for an hour.
    public static func reservedWidthText(maximum: Double) -> String {
        let longest = text(seconds: Int(min(max(maximum, 0), Double(Int32.max)).rounded(.up)), maximum: maximum)
        return String(longest.map { $0.isNumber ? "0" : $0 })
    }

    /// A duration spoken in words: "1 second", "12 seconds", "1 minute, 2 seconds", "1 hour, 2 minutes, 7 seconds".
    /// Zero parts are left out ("2 minutes"); zero is "0 seconds".
    public static func spoken(seconds: Int) -> String {
        let seconds = max(seconds, 0)
        var parts: [String] = []
        if seconds >= 3_600 { parts.append(tr("{count} hour", "{count} hours", count: seconds / 3_600)) }
        if (seconds / 60) % 60 > 0 { parts.append(tr("{count} minute", "{count} minutes", count: (seconds / 60) % 60)) }
        if seconds % 60 > 0 || parts.isEmpty {
            parts.append(tr("{count} second", "{count} seconds", count: seconds % 60))
        }
        // Translators: between the parts of a spoken duration ("1 minute, 2 seconds").
        return parts.joined(separator: tr(", "))
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// The last-ten-seconds countdown (SPEC A.4): the clock counts down on a red block when the take nears its maximum.
public enum Countdown {
    /// How long before the maximum the countdown starts, in seconds.
    public static let length = 10.0

    /// Whether the countdown shows: only when the maximum is over 10 s, and once at most 10 s are left.
    public static func isActive(elapsed: Double, maximum: Double) -> Bool {
        guard maximum > length, elapsed.isFinite else { return false }
        return maximum - elapsed <= length
    }

    /// The count shown: the seconds left, rounded up (10 … 1), never below 0.
    public static func secondsLeft(elapsed: Double, maximum: Double) -> Int {
        let left = maximum - (elapsed.isFinite ? elapsed : 0)
        guard left > 0 else { return 0 }
        return Int(min(left, Double(Int32.max)).rounded(.up))
    }
}

/// What the capsule's clock shows at one moment: the digits, whether they sit on the countdown block, and the same
/// reading in words for screen readers.
public struct ClockReading: Sendable, Equatable {
    /// The digits, e.g. `0:07`; in the countdown, the seconds left in the same format (`0:09`), so the reserved width
    /// still fits.
    public var text: String
    /// Whether the digits are drawn in ink on the red countdown block.
    public var isCountdown: Bool
    /// The reading spoken: "12 seconds", or in the countdown "9 seconds left".
    public var spoken: String

    /// The reading at `elapsed` seconds of a take that may last `maximum` seconds.
    public init(elapsed: Double, maximum: Double, messages: Messages = Messages()) {
        isCountdown = Countdown.isActive(elapsed: elapsed, maximum: maximum)
        if isCountdown {
            let left = Countdown.secondsLeft(elapsed: elapsed, maximum: maximum)
            text = ClockFormat.text(seconds: left, maximum: maximum)
            spoken = messages.remaining(messages.spokenDuration(left))
        } else {
            let seconds = ClockFormat.wholeSeconds(elapsed)
            text = ClockFormat.text(seconds: seconds, maximum: maximum)
            spoken = messages.spokenDuration(seconds)
        }
    }
}
