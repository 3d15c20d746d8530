/// Tracks a finger's velocity for the spring home after a release (SPEC A.2).
///
/// Each move blends the new instantaneous velocity in (new = 0.3 × old + 0.7 × instantaneous), which keeps the
/// flick's direction without the jitter of single samples. A finger that rested more than 80 ms before lifting was
/// not flicking: its release velocity is zero.
public struct ReleaseVelocity: Sendable, Equatable {
    /// Weight kept from the previous estimate.
    public static let retained = 0.3
    /// A rest longer than this before the lift means no velocity.
    public static let restThreshold = 0.08

    /// The smoothed velocity in points per second.
    public private(set) var velocity = Point.zero
    private var lastPoint: Point
    private var lastTime: Double

    public init(at point: Point, time: Double) {
        lastPoint = point
        lastTime = time
    }

    /// Records the finger at `point` at `time`.
    public mutating func move(to point: Point, at time: Double) {
        let dt = time - lastTime
        guard dt > 0 else {
            lastPoint = point
            return
        }
        let instantaneous = Point(x: (point.x - lastPoint.x) / dt, y: (point.y - lastPoint.y) / dt)
        velocity = Point(
            x: Self.retained * velocity.x + (1 - Self.retained) * instantaneous.x,
            y: Self.retained * velocity.y + (1 - Self.retained) * instantaneous.y)
        lastPoint = point
        lastTime = time
    }

    /// The velocity to carry into the spring home when the finger lifts at `time`.
    public func atRelease(_ time: Double) -> Point {
        time - lastTime > Self.restThreshold ? .zero : velocity
    }
}
