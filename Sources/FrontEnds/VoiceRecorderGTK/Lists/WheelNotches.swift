import Foundation

/// The mouse-wheel notches turned since the last frame, to be applied to a scrolled list once per frame.
///
/// GTK 4.8's list view answers each change of its scroll position at once, by moving its anchor to the row at the new
/// position and making the rows it now needs, which are measured only when the frame lays them out. A second change
/// before that layout finds those rows 0 px tall, skips over them, and a fast wheel spin runs away to the end of a
/// long list (measured at 10,000 memos: 100 notches 20 ms apart went 1.2 million px instead of 6,400). Turned into one
/// change per frame, the same spin moves as far as its notches say.
public struct WheelNotches: Equatable, Sendable {
    /// The notches waiting for the next frame (down is positive; a smooth wheel turns fractions).
    public private(set) var pending: Double = 0
    /// Where the last move aimed, fractions and all: a list view keeps whole pixels, and a spin of notches of 64.99
    /// px must not lose a pixel a frame.
    private var lastTarget: Double?

    public init() {}

    /// A notch (or part of one) turned.
    public mutating func turn(_ notches: Double) { pending += notches }

    /// Whether a frame has something to apply.
    public var isPending: Bool { pending != 0 }

    /// The scroll position for this frame: `value` moved by the pending notches, one `step(pageSize:)` each, and
    /// kept in the list (`0 … upper − pageSize`); nil when nothing is pending or the list cannot move that way.
    /// The pending notches are spent either way. A `value` within a pixel of the last move's aim is taken to be that
    /// aim (the list rounded it); anything else moved the list meanwhile (the scroll bar, the keyboard).
    public mutating func take(value: Double, upper: Double, pageSize: Double) -> Double? {
        defer { pending = 0 }
        guard pending != 0 else { return nil }
        let start = lastTarget.flatMap { abs($0 - value) < 1 ? $0 : nil } ?? value
        let end = max(upper - pageSize, 0)
        let target = min(max(start + pending * Self.step(pageSize: pageSize), 0), end)
        guard target != start else { return nil }
        lastTarget = target
        return target
    }

    /// How far one notch scrolls a view showing `pageSize` px: GTK's own wheel step (a page's 2/3 power, at most half
    /// a page), so the list scrolls as every other GTK view does.
    public static func step(pageSize: Double) -> Double {
        min(pow(pageSize, 2.0 / 3.0), pageSize / 2)
    }
}
