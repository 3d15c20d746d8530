/// One opacity moving between visible and hidden with `TimedFade`s, retargetable mid-fade.
///
/// Used for the app's content under the capsule (A.3: out in 0.16 s, back in 0.26 s after 0.12 s). A fade asked for
/// mid-way starts from wherever the previous one had got to, so the content never jumps. Time is an input.
public struct FadeAnimator: Sendable, Equatable {
    /// Where the current fade started.
    public private(set) var startValue: Double
    /// Where the current fade is heading (0 hidden, 1 visible).
    public private(set) var target: Double
    /// When the current fade was asked for.
    public private(set) var startTime: Double
    /// The current fade's timing.
    public private(set) var fade: TimedFade

    /// A value at rest at `value` (0…1).
    public init(value: Double, at time: Double = 0) {
        startValue = value
        target = value
        startTime = time
        fade = TimedFade(duration: 0)
    }

    /// The value at `time`.
    public func value(at time: Double) -> Double {
        startValue + (target - startValue) * fade.progress(at: time - startTime)
    }

    /// Heads for `newTarget` with `fade` from `time`, starting where the value is at that moment. Asking for the
    /// target already being approached changes nothing.
    public mutating func retarget(to newTarget: Double, with newFade: TimedFade, at time: Double) {
        guard newTarget != target else { return }
        startValue = value(at: time)
        target = newTarget
        startTime = time
        fade = newFade
    }

    /// Jumps to `value` and rests there.
    public mutating func snap(to value: Double, at time: Double) {
        startValue = value
        target = value
        startTime = time
        fade = TimedFade(duration: 0)
    }

    /// When the current fade is over.
    public var endTime: Double { startTime + fade.end }

    /// Whether the fade is over by `time`.
    public func isSettled(at time: Double) -> Bool { startValue == target || time >= endTime }
}
