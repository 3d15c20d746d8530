/// One animated number driven by a `Spring`, retargetable mid-flight.
///
/// A value type: it remembers where the current move started (position, velocity, time) and where it is heading, and
/// answers `value(at:)` in closed form. `retarget(to:at:)` starts a new move from wherever the old one is at that
/// moment, *with its velocity*, so motion never jumps or stops dead: a bubble called home while still budding out
/// turns around smoothly, and the mic let go mid-drag springs home from where the finger left it carrying the
/// finger's velocity (`release(from:velocity:to:at:)`). Time is an input; nothing here reads a clock.
public struct SpringAnimator: Sendable, Equatable {
    /// The spring of the current move.
    public private(set) var spring: Spring
    /// Where the current move is heading.
    public private(set) var target: Double
    /// Where the current move started.
    public private(set) var startValue: Double
    /// The velocity (units per second) the current move started with.
    public private(set) var startVelocity: Double
    /// When the current move started.
    public private(set) var startTime: Double

    /// A value at rest at `value`.
    public init(value: Double, spring: Spring = Motion.calm, at time: Double = 0) {
        self.spring = spring
        target = value
        startValue = value
        startVelocity = 0
        startTime = time
    }

    /// The value at `time`.
    public func value(at time: Double) -> Double {
        target
            + spring.state(at: time - startTime, displacement: startValue - target, velocity: startVelocity)
            .displacement
    }

    /// The velocity (units per second) at `time`.
    public func velocity(at time: Double) -> Double {
        spring.state(at: time - startTime, displacement: startValue - target, velocity: startVelocity).velocity
    }

    /// When the current move comes, and stays, within `tolerance` (in the value's units) of its target.
    public func settleTime(tolerance: Double = 0.01) -> Double {
        startTime
            + spring.settlingTime(
                displacement: startValue - target, velocity: startVelocity,
                tolerance: tolerance)
    }

    /// Whether the value has settled on its target by `time` (within `tolerance` from then on): the caller can stop
    /// asking for frames.
    public func isSettled(at time: Double, tolerance: Double = 0.01) -> Bool {
        time >= settleTime(tolerance: tolerance)
    }

    /// Heads for `newTarget` from `time` on, keeping the current position and velocity; `spring` (if given) replaces
    /// the spring for the new move. Retargeting to the target already being approached changes nothing, so callers
    /// may retarget every frame.
    public mutating func retarget(to newTarget: Double, at time: Double, spring newSpring: Spring? = nil) {
        if newTarget == target && (newSpring == nil || newSpring == spring) { return }
        let state = spring.state(at: time - startTime, displacement: startValue - target, velocity: startVelocity)
        startValue = target + state.displacement
        startVelocity = state.velocity
        startTime = time
        target = newTarget
        if let newSpring { spring = newSpring }
    }

    /// Lets go of a value that something else (a finger) was moving: from `time` it springs from `value` toward
    /// `target`, starting with `velocity` (units per second).
    public mutating func release(
        from value: Double, velocity: Double, to newTarget: Double, at time: Double,
        spring newSpring: Spring? = nil
    ) {
        startValue = value
        startVelocity = velocity.isFinite ? velocity : 0
        startTime = time
        target = newTarget
        if let newSpring { spring = newSpring }
    }

    /// Jumps to `value` and rests there, with no motion (what Reduce Motion does for some changes, and what a
    /// finger does while it holds the value).
    public mutating func snap(to value: Double, at time: Double) {
        startValue = value
        startVelocity = 0
        startTime = time
        target = value
    }
}
