import Foundation

/// A damped spring, parameterised like SwiftUI's `.spring(duration:bounce:)`.
///
/// The spring moves a value from 0 to 1 (callers map that onto any `from…to`). With mass 1:
/// - stiffness `k = (2π / duration)²`, so `duration` is the period of the undamped oscillation: the time the move
///   *feels* like it takes;
/// - damping `c = 4π (1 − bounce) / duration` for `bounce ≥ 0`, which makes the damping ratio `ζ = 1 − bounce`:
///   bounce 0 is critically damped (the fastest move that never overshoots), bounce > 0 underdamped (it overshoots
///   and rings, more with more bounce);
/// - for `bounce < 0` (overdamped, slower than critical) SwiftUI's `c = 4π / (duration (1 + bounce))`, so
///   `ζ = 1 / (1 + bounce)`.
///
/// Everything is solved in closed form, so `value(at:)` is exact at any `t` and costs the same at any `t`: frames
/// can be dropped or late without the motion drifting. Time is an input; nothing here reads a clock.
public struct Spring: Sendable, Equatable {
    /// The perceptual duration in seconds (the undamped period). At least 1 ms.
    public let duration: Double
    /// How bouncy: 0 never overshoots, toward 1 rings longer; negative values are overdamped. Kept in −0.99…0.99.
    public let bounce: Double

    /// The default settling tolerance: a thousandth of the move (0.3 pt on a 300 pt move).
    public static let defaultTolerance = 1e-3

    /// A spring that feels `duration` seconds long with `bounce` (0 = no overshoot); out-of-range values are clamped.
    public init(duration: Double, bounce: Double = 0) {
        self.duration = duration.isFinite ? max(duration, 0.001) : 0.5
        self.bounce = bounce.isFinite ? min(max(bounce, -0.99), 0.99) : 0
    }

    /// Stiffness with mass 1: `(2π / duration)²`.
    public var stiffness: Double { naturalFrequency * naturalFrequency }
    /// Damping with mass 1: `4π (1 − bounce) / duration` for bounce ≥ 0, `4π / (duration (1 + bounce))` below.
    public var damping: Double {
        bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 + bounce))
    }
    /// The undamped angular frequency `ω₀ = 2π / duration`.
    public var naturalFrequency: Double { 2 * .pi / duration }
    /// The damping ratio `ζ = c / (2 ω₀)`: 1 critical, below 1 bouncy, above 1 overdamped.
    public var dampingRatio: Double { damping / (2 * naturalFrequency) }

    // MARK: The unit move 0 → 1

    /// The value `t` seconds into a move from 0 to 1 that starts with `initialVelocity` (in moves per second: a
    /// finger flicking 300 pt/s toward a target 150 pt away is 2).
    public func value(at t: Double, initialVelocity: Double = 0) -> Double {
        1 + state(at: t, displacement: -1, velocity: initialVelocity).displacement
    }

    /// The velocity (moves per second) `t` seconds into a move from 0 to 1.
    public func velocity(at t: Double, initialVelocity: Double = 0) -> Double {
        state(at: t, displacement: -1, velocity: initialVelocity).velocity
    }

    /// How long the move from 0 to 1 takes to come, and stay, within `tolerance` of 1.
    public func settlingTime(initialVelocity: Double = 0, tolerance: Double = Spring.defaultTolerance) -> Double {
        settlingTime(displacement: -1, velocity: initialVelocity, tolerance: tolerance)
    }

    /// Whether the move from 0 to 1 has settled `t` seconds in (it stays within `tolerance` of 1 from then on).
    public func isSettled(at t: Double, initialVelocity: Double = 0, tolerance: Double = Spring.defaultTolerance)
        -> Bool
    {
        t >= settlingTime(initialVelocity: initialVelocity, tolerance: tolerance)
    }

    // MARK: Any start

    /// The displacement from the target and the velocity `t` seconds after starting `displacement` away from it at
    /// `velocity` (same units per second). Before `t = 0` the start state is returned.
    public func state(at t: Double, displacement x0: Double, velocity v0: Double)
        -> (displacement: Double, velocity: Double)
    {
        guard t > 0, t.isFinite || t == .infinity else { return (x0, v0) }
        if t == .infinity { return (0, 0) }
        let w0 = naturalFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            // Critically damped: x = e^(−ω₀t) (x₀ + (v₀ + ω₀x₀) t).
            let b = v0 + w0 * x0
            let decay = exp(-w0 * t)
            return (decay * (x0 + b * t), decay * (b - w0 * (x0 + b * t)))
        } else if zeta < 1 {
            // Underdamped: a decaying oscillation at ω_d = ω₀ √(1 − ζ²).
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = x0
            let b = (v0 + zeta * w0 * x0) / wd
            let decay = exp(-zeta * w0 * t)
            let c = cos(wd * t)
            let s = sin(wd * t)
            let x = decay * (a * c + b * s)
            let v = decay * ((b * wd - zeta * w0 * a) * c - (a * wd + zeta * w0 * b) * s)
            return (x, v)
        } else {
            // Overdamped: the sum of two decaying exponentials.
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root
            let r2 = -zeta * w0 - root
            let a = (v0 - r2 * x0) / (r1 - r2)
            let b = x0 - a
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        }
    }

    /// How long a move starting `displacement` from its target at `velocity` takes to come, and stay, within
    /// `tolerance` of it. Judged on the motion's envelope (the bound on every later swing), so a bouncy spring
    /// crossing its target mid-swing does not count as settled.
    public func settlingTime(
        displacement x0: Double, velocity v0: Double,
        tolerance: Double = Spring.defaultTolerance
    ) -> Double {
        let tolerance = max(tolerance, 1e-12)
        guard envelope(at: 0, x0, v0) > tolerance || abs(v0) > tolerance else { return 0 }
        // Every envelope here rises at most once, then falls for good: walk forward to a time past its peak where it
        // is under tolerance, then bisect the crossing.
        let step = duration / 16
        var low = 0.0
        var high = step
        var previous = envelope(at: 0, x0, v0)
        while true {
            let current = envelope(at: high, x0, v0)
            if current <= tolerance && current <= previous { break }
            previous = current
            low = high
            high += step
            if high > duration * 1e4 { return high }
        }
        for _ in 0 ..< 60 {
            let mid = (low + high) / 2
            if envelope(at: mid, x0, v0) <= tolerance { high = mid } else { low = mid }
        }
        return high
    }

    /// An upper bound on |displacement| from `t` on (per regime: the oscillation's amplitude, or the absolute sum of
    /// the decaying terms).
    private func envelope(at t: Double, _ x0: Double, _ v0: Double) -> Double {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            return exp(-w0 * t) * (abs(x0) + abs(v0 + w0 * x0) * t)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + zeta * w0 * x0) / wd
            return exp(-zeta * w0 * t) * (x0 * x0 + b * b).squareRoot()
        } else {
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + root
            let r2 = -zeta * w0 - root
            let a = (v0 - r2 * x0) / (r1 - r2)
            return abs(a) * exp(r1 * t) + abs(x0 - a) * exp(r2 * t)
        }
    }
}
