import Foundation

/// The control's motion vocabulary (SPEC A.18, A.15): the named springs, the choreography's delays, the timed fades
/// and the two ambient loops. The front end animates presences and positions with these and nothing else, so every
/// timing lives here.
public enum Motion {
    // MARK: Springs

    /// The press: the mic sinks (0.14 s, no bounce).
    public static let tight = Spring(duration: 0.14, bounce: 0)
    /// A snap into place (0.32 s, bounce 0.25).
    public static let responsive = Spring(duration: 0.32, bounce: 0.25)
    /// A release or a settle (0.42 s, bounce 0.38).
    public static let elastic = Spring(duration: 0.42, bounce: 0.38)
    /// A lively flourish (0.48 s, bounce 0.48).
    public static let expressive = Spring(duration: 0.48, bounce: 0.48)
    /// A calm change (0.5 s, bounce 0.2).
    public static let calm = Spring(duration: 0.5, bounce: 0.2)
    /// A bubble budding out of its parent (0.62 s, bounce 0.22).
    public static let budOut = Spring(duration: 0.62, bounce: 0.22)
    /// A bubble going home (0.5 s, no bounce, so it never overshoots out of the parent's far side).
    public static let goHome = Spring(duration: 0.5, bounce: 0)
    /// A value change (0.35 s, no bounce: never show a number that isn't true).
    public static let value = Spring(duration: 0.35, bounce: 0)
    /// A dismissal (0.3 s, bounce 0.08).
    public static let dismiss = Spring(duration: 0.3, bounce: 0.08)
    /// One shape becoming another, e.g. the mic becoming the send button (0.4 s, bounce 0.2).
    public static let morph = Spring(duration: 0.4, bounce: 0.2)
    /// What every spring becomes under Reduce Motion (0.25 s, no bounce).
    public static let reduced = Spring(duration: 0.25, bounce: 0)

    /// `spring`, or `reduced` under Reduce Motion.
    public static func spring(_ spring: Spring, reduceMotion: Bool) -> Spring { reduceMotion ? reduced : spring }

    // MARK: Choreography (seconds)

    /// Starting a held take: the lane buds out this long after the capsule.
    public static let laneAfterCapsule = 0.08
    /// Starting a hands-free take: the trash buds out this long after the capsule.
    public static let trashAfterCapsule = 0.2
    /// Locking: the lock shuts, and this long later the lane melts home and the trash buds out.
    public static let meltAfterLock = 0.17
    /// Sending: the capsule, lane and trash melt into the mic one after another, this far apart.
    public static let sendMeltStagger = 0.03

    /// Discarding: after the capsule gathers into the bin, when the bin tips and the content starts coming back
    /// (0.36 s, or 0.2 s under Reduce Motion).
    public static func discardTipDelay(reduceMotion: Bool) -> Double { reduceMotion ? 0.2 : 0.36 }
    /// Discarding: when the bin melts away, counted from the tip (0.44 s, or 0.3 s under Reduce Motion).
    public static func discardVanishDelay(reduceMotion: Bool) -> Double { reduceMotion ? 0.3 : 0.44 }

    /// The content fading out as the capsule covers it.
    public static let contentFadeOut = TimedFade(duration: 0.16, delay: 0)
    /// The content coming back as the capsule melts home.
    public static let contentFadeIn = TimedFade(duration: 0.26, delay: 0.12)

    /// How long a hint stays out before it melts home (2.2 s, or 4 s for access-off).
    public static func hintDuration(_ kind: HintKind) -> Double { kind.visibleDuration }

    // MARK: Ambient loops

    /// The period of the "Slide to cancel" chevron's drift, in seconds.
    public static let chevronDriftPeriod = 1.4
    /// How far the chevron drifts toward the leading edge, in points.
    public static let chevronDriftDistance = 3.0

    /// The chevron's drift toward the leading edge at `time`, in points: `3 × (0.5 − 0.5 cos(2πt / 1.4))`;
    /// none under Reduce Motion.
    public static func chevronDrift(at time: Double, reduceMotion: Bool) -> Double {
        guard !reduceMotion, time.isFinite else { return 0 }
        return chevronDriftDistance * (0.5 - 0.5 * cos(2 * .pi * time / chevronDriftPeriod))
    }

    /// The recording dot's breath at `time` (seconds into the take), once a second: `b = 0.5 + 0.5 cos 2πt`, giving
    /// opacity `0.4 + 0.6 b` and scale `0.86 + 0.14 b`.
    public static func dotBreath(at time: Double) -> (opacity: Double, scale: Double) {
        let b = time.isFinite ? 0.5 + 0.5 * cos(2 * .pi * time) : 1
        return (0.4 + 0.6 * b, 0.86 + 0.14 * b)
    }
}

/// A fade over a fixed time after a delay, eased in and out (smoothstep). Used where the motion is a change of
/// opacity rather than of shape, so a spring's overshoot would mean nothing.
public struct TimedFade: Sendable, Equatable {
    /// How long the fade takes, in seconds.
    public let duration: Double
    /// How long it waits before starting, in seconds.
    public let delay: Double

    /// A fade of `duration` seconds after `delay` seconds (negative values count as 0).
    public init(duration: Double, delay: Double = 0) {
        self.duration = max(duration, 0)
        self.delay = max(delay, 0)
    }

    /// How far along the fade is (0…1) `elapsed` seconds after it was asked for.
    public func progress(at elapsed: Double) -> Double {
        guard elapsed.isFinite else { return elapsed > 0 ? 1 : 0 }
        guard duration > 0 else { return elapsed >= delay ? 1 : 0 }
        let linear = unitClamped((elapsed - delay) / duration)
        return linear * linear * (3 - 2 * linear)
    }

    /// When the fade is over, counted from when it was asked for.
    public var end: Double { delay + duration }
}
