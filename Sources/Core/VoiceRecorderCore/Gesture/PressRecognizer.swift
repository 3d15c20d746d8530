/// Turns touches on the mic into a press, a hold, a tap or a failed press (SPEC A.2).
///
/// A touch-down is reported at once (the mic sinks). If the finger stays within 10 pt for 0.18 s the press becomes a
/// hold; moving further first makes it fail (it was a scroll, and the enclosing view gets the drag). A lift before
/// the hold is a tap. Once one finger is tracked a second changes nothing; two landing at once are not a press.
///
/// Time is an input: the driver must call `advance(to:)` at `holdDeadline` (or any later moment) for the hold to land.
public struct PressRecognizer: Sendable, Equatable {
    /// How far the finger may wander before the hold lands.
    public static let slop = 10.0
    /// How long the finger must stay still for a hold.
    public static let holdDelay = 0.18

    /// What the recognizer saw.
    public enum Output: Sendable, Equatable {
        /// A finger landed: sink the mic.
        case touchedDown
        /// The finger stayed: a hold. `touchedDownAt` is when it landed.
        case holdBegan(touchedDownAt: Double)
        /// The finger lifted before the hold: a tap.
        case tapped
        /// The finger moved away before the hold: not ours (a scroll).
        case failed
        /// The held finger moved: `translation` from where it landed.
        case dragged(translation: Point)
        /// The held finger lifted, with its smoothed velocity.
        case released(translation: Point, velocity: Point)
        /// The system took the touch away.
        case cancelled
    }

    private enum State: Sendable, Equatable {
        case idle
        case pressing(origin: Point, downAt: Double)
        case holding(origin: Point, velocity: ReleaseVelocity, last: Point)
    }

    private var state = State.idle

    public init() {}

    /// Whether a finger is being tracked (pressing or holding).
    public var isTracking: Bool { state != .idle }
    /// Whether the press has become a hold.
    public var isHolding: Bool { if case .holding = state { return true } else { return false } }

    /// When the hold will land if the finger stays, while pressing.
    public var holdDeadline: Double? {
        if case .pressing(_, let downAt) = state { return downAt + Self.holdDelay }
        return nil
    }

    /// A touch began at `point`; `fingers` is how many landed together.
    public mutating func touchDown(at point: Point, time: Double, fingers: Int = 1) -> [Output] {
        guard state == .idle, fingers == 1 else { return [] }
        state = .pressing(origin: point, downAt: time)
        return [.touchedDown]
    }

    /// The tracked finger moved to `point`.
    public mutating func touchMoved(to point: Point, time: Double) -> [Output] {
        var outputs = advance(to: time)
        switch state {
        case .idle:
            break
        case .pressing(let origin, _):
            if point.distance(to: origin) > Self.slop {
                state = .idle
                outputs.append(.failed)
            }
        case .holding(let origin, var velocity, _):
            velocity.move(to: point, at: time)
            state = .holding(origin: origin, velocity: velocity, last: point)
            outputs.append(.dragged(translation: point - origin))
        }
        return outputs
    }

    /// The tracked finger lifted at `point`.
    public mutating func touchUp(at point: Point, time: Double) -> [Output] {
        var outputs = advance(to: time)
        switch state {
        case .idle:
            break
        case .pressing:
            state = .idle
            outputs.append(.tapped)
        case .holding(let origin, var velocity, let last):
            if point != last { velocity.move(to: point, at: time) }
            state = .idle
            outputs.append(.released(translation: point - origin, velocity: velocity.atRelease(time)))
        }
        return outputs
    }

    /// The system cancelled the touch (an alert, a call).
    public mutating func touchCancelled() -> [Output] {
        guard state != .idle else { return [] }
        state = .idle
        return [.cancelled]
    }

    /// Moves time on to `time`: the hold lands once its deadline passes with the finger still within the slop.
    public mutating func advance(to time: Double) -> [Output] {
        guard case .pressing(let origin, let downAt) = state, time >= downAt + Self.holdDelay - 1e-9 else { return [] }
        state = .holding(
            origin: origin, velocity: ReleaseVelocity(at: origin, time: downAt + Self.holdDelay), last: origin)
        return [.holdBegan(touchedDownAt: downAt)]
    }
}
