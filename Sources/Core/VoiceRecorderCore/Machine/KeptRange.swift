/// The part of a paused take that Send keeps (SPEC D.4): seconds from the take's first sample.
public struct KeptRange: Sendable, Equatable, CustomStringConvertible {
    /// The shortest range a trim may leave, whatever the minimum duration: 0.1 s.
    public static let shortest = 0.1

    /// Where the kept audio starts, in seconds from the take's first sample.
    public let start: Double
    /// Where the kept audio ends, in seconds from the take's first sample.
    public let end: Double

    /// A range from `start` to `end` as given (callers that take input clamp with `trimmed(…)`).
    public init(start: Double, end: Double) {
        self.start = start
        self.end = max(start, end)
    }

    /// The whole of a take `length` seconds long.
    public static func whole(_ length: Double) -> KeptRange { KeptRange(start: 0, end: max(0, length)) }

    /// The kept length in seconds.
    public var duration: Double { end - start }

    /// The frames of the take this range keeps, at `sampleRate`: `start × rate ..< end × rate`, rounded to the
    /// nearest frame. This is what a writer is told when a trimmed take is sent.
    public func frames(sampleRate: Int = AudioFormat.sampleRate) -> Range<Int> {
        let first = Int((start * Double(sampleRate)).rounded())
        let last = Int((end * Double(sampleRate)).rounded())
        return first ..< max(first, last)
    }

    /// `seconds` moved inside this range.
    public func clamp(_ seconds: Double) -> Double { min(max(seconds, start), end) }

    /// This range with its start and/or end moved (nil: that end stays), kept within a take `length` seconds long
    /// and never shorter than `shortest` (or the whole take when it is shorter than that). A handle that is dragged
    /// stops where the range would get too short: it never pushes the other end. When both ends move at once, the
    /// start is kept and the end gives way (then the start, at the end of the take).
    public func trimmed(start newStart: Double?, end newEnd: Double?, length: Double, shortest: Double) -> KeptRange {
        let length = max(0, length)
        let shortest = min(max(shortest, Self.shortest), length)
        func inTake(_ value: Double?, _ fallback: Double) -> Double {
            guard let value, value.isFinite else { return fallback }
            return min(max(value, 0), length)
        }
        var start = inTake(newStart, self.start)
        var end = inTake(newEnd, self.end)
        switch (newStart != nil, newEnd != nil) {
        case (true, false):
            start = min(start, end - shortest)
            start = max(start, 0)
            end = max(end, start + shortest)
        case (false, true):
            end = max(end, start + shortest)
            end = min(end, length)
            start = min(start, end - shortest)
        default:
            if end - start < shortest {
                end = min(start + shortest, length)
                start = end - shortest
            }
        }
        return KeptRange(start: max(0, start), end: min(length, end))
    }

    public var description: String { "\(start)–\(end) s" }
}
