/// How the clock's digits change (SPEC A.15, A.18): the characters that change roll, counting up (the old ones leave
/// upwards as the new come in from below) or down (the other way), on the value spring (0.35 s, no bounce: a digit
/// never overshoots into one that is not true); under Reduce Motion they fade in place instead, with a short ease.
/// The characters that stay the same stand still.
///
/// A front end tells it every clock text it is about to draw (`show(_:at:)`) and draws the `frame(at:)` it gives;
/// the first text of a take, and any text after `show(nil)` (no capsule), just appears.
public struct DigitTransition: Sendable, Equatable {
    /// The roll's spring: SPEC A.18's value changes.
    public static let rollSpring = Spring(duration: 0.35, bounce: 0)
    /// The fade under Reduce Motion: a short ease.
    public static let fadeDuration = 0.2

    /// Which way the digits move.
    public enum Style: Sendable, Equatable {
        /// Counting up: the old characters leave upwards, the new come in from below.
        case rollUp
        /// Counting down: the old characters leave downwards, the new come in from above.
        case rollDown
        /// In place (Reduce Motion).
        case fade
    }

    /// One moment of a change.
    public struct Frame: Sendable, Equatable {
        /// The text being left.
        public var previous: String
        /// The text arriving (the one the clock shows).
        public var current: String
        /// How many leading characters the two share: they stand still.
        public var unchangedPrefix: Int
        /// How far the change has gone, 0 (the previous text) … 1 (the current one); never past 1.
        public var progress: Double
        public var style: Style
    }

    /// Whether changes fade instead of rolling.
    public var reduceMotion: Bool
    private var shown: String?
    /// The change last started: from which text, when, which way.
    private struct Change: Sendable, Equatable {
        var previous: String
        var at: Double
        var style: Style
    }
    private var change: Change?

    /// No text shown yet.
    public init(reduceMotion: Bool = false) { self.reduceMotion = reduceMotion }

    /// Notes the text the clock shows at `time` (nil: no clock, so the next text just appears). Returns whether it
    /// changed, which starts a transition: the front end must then keep drawing frames until `isSettled(at:)`.
    @discardableResult
    public mutating func show(_ text: String?, at time: Double) -> Bool {
        guard text != shown else { return false }
        defer { shown = text }
        guard let text, let old = shown else {
            change = nil
            return false
        }
        let style: Style = reduceMotion ? .fade : (Self.value(of: text) < Self.value(of: old) ? .rollDown : .rollUp)
        change = Change(previous: old, at: time, style: style)
        return true
    }

    /// The change under way at `time`, or nil when the clock just shows its text.
    public func frame(at time: Double) -> Frame? {
        guard let change, let shown, !isSettled(at: time) else { return nil }
        let elapsed = max(0, time - change.at)
        let progress: Double
        switch change.style {
        case .fade:
            // Ease in and out.
            let t = min(elapsed / Self.fadeDuration, 1)
            progress = t * t * (3 - 2 * t)
        case .rollUp, .rollDown:
            progress = min(max(Self.rollSpring.value(at: elapsed), 0), 1)
        }
        let prefix = zip(change.previous, shown).prefix { $0 == $1 }.count
        return Frame(
            previous: change.previous, current: shown, unchangedPrefix: prefix, progress: progress,
            style: change.style)
    }

    /// Whether no change is under way at `time` (frames may stop).
    public func isSettled(at time: Double) -> Bool {
        guard let change else { return true }
        let length = change.style == .fade ? Self.fadeDuration : Self.rollSpring.settlingTime()
        return time - change.at >= length
    }

    /// A clock text's value for telling up from down: its digits read as one number (`1:02:07` → 10207), which
    /// orders the texts of one format as their times.
    static func value(of text: String) -> Int {
        text.reduce(0) { value, character in
            guard let digit = character.wholeNumberValue else { return value }
            return value &* 10 &+ digit
        }
    }
}
