/// Reads a held finger's drag as a discard or a lock (SPEC A.3).
///
/// The first movement beyond 10 pt picks the axis: toward the leading edge (when that distance is at least the rise
/// and positive) is a discard drag, upward (when the rise is larger and positive) a lock drag. Coming back within
/// 6 pt of the start makes the axis undecided again.
public struct DragInterpreter: Sendable, Equatable {
    /// Distance from the start at which the axis is decided.
    public static let decisionDistance = 10.0
    /// Distance from the start within which the axis is undecided again.
    public static let resetDistance = 6.0
    /// How far past the cancel reach the mic may be pulled, rubber-banded.
    public static let overshootLimit = 28.0
    /// A discard drag this many times the cancel reach discards at once, before the lift.
    public static let discardNowFactor = 1.7
    /// Lock reach before text scaling.
    public static let baseLockReach = 56.0

    /// The axis of the drag.
    public enum Axis: String, Sendable, Equatable {
        case undecided, discard, lock
    }

    /// What a drag step changed that the session or the person must hear about.
    public enum Output: Sendable, Equatable {
        /// The cancel reach was crossed outward: the bin buds out (a selection tick).
        case armed
        /// The finger went back short of the reach: the bin melts home (a selection tick).
        case disarmed
        /// The finger travelled 1.7 × the reach: discard now.
        case discardNow
        /// The lane reached the top: lock.
        case lockReached
    }

    /// The distance toward the leading edge at which a release discards.
    public let cancelReach: Double
    /// The rise at which the take locks.
    public let lockReach: Double
    /// The reading direction (which way "leading" is on screen).
    public let direction: LayoutDirection

    /// The current axis.
    public private(set) var axis = Axis.undecided
    /// The finger's raw travel toward the leading edge along the discard axis (0 off that axis).
    public private(set) var travel = 0.0
    /// The finger's rise along the lock axis (0 off that axis).
    public private(set) var rise = 0.0
    /// Whether a release now discards.
    public private(set) var isArmed = false
    /// Whether the lock was reached.
    public private(set) var isLocked = false

    /// - Parameters:
    ///   - width: the control's width in points.
    ///   - side: the control's height after text scaling.
    ///   - scale: the text scale (reaches grow with it).
    public init(width: Double, side: Double, scale: TextScale, direction: LayoutDirection) {
        cancelReach = Self.cancelReach(width: width, side: side, grow: scale.grow)
        lockReach = Self.baseLockReach * scale.grow
        self.direction = direction
    }

    /// Cancel reach = max(min(110 × grow, (width − side) × 0.42), 40) points.
    public static func cancelReach(width: Double, side: Double, grow: Double) -> Double {
        max(min(110 * grow, (width - side) * 0.42), 40)
    }

    /// How far the mic slides toward the leading edge: 1:1 up to the reach, then rubber-banded.
    public var slide: Double {
        guard axis == .discard else { return 0 }
        return travel <= cancelReach
            ? travel : cancelReach + rubberBand(travel - cancelReach, limit: Self.overshootLimit)
    }

    /// How far the lock lane stretches: min(rise, lock reach).
    public var stretch: Double { axis == .lock ? min(rise, lockReach) : 0 }

    /// The lane chevron's opacity: 1 − stretch ÷ (0.6 × lock reach), floored at 0.
    public var chevronOpacity: Double { max(0, 1 - stretch / (0.6 * lockReach)) }

    /// How much of "Slide to cancel" the finger has eaten: travel ÷ reach, capped at 1.
    public var cancelProgress: Double { axis == .discard ? min(travel / cancelReach, 1) : 0 }

    /// The width fraction of "Slide to cancel" still shown, eaten from its far end: 1 − p.
    public var slideToCancelWidthFraction: Double { 1 - cancelProgress }
    /// The opacity of "Slide to cancel": 1 − 1.25 p, floored at 0.
    public var slideToCancelOpacity: Double { max(0, 1 - 1.25 * cancelProgress) }

    /// Whether the lock lane is out: it melts into the mic while discarding and buds back off that axis.
    public var showsLane: Bool { axis != .discard }

    /// Reads the finger at `translation` from where it landed.
    public mutating func update(translation: Point) -> [Output] {
        let leading = direction.leadingTravel(screenDX: translation.x)
        let up = -translation.y
        let distance = translation.distance(to: .zero)

        switch axis {
        case .undecided:
            if distance > Self.decisionDistance {
                if leading >= up && leading > 0 { axis = .discard } else if up > leading && up > 0 { axis = .lock }
            }
        case .discard, .lock:
            if distance < Self.resetDistance { axis = .undecided }
        }

        travel = axis == .discard ? max(0, leading) : 0
        rise = axis == .lock ? max(0, up) : 0

        var outputs: [Output] = []
        let armedNow = travel >= cancelReach
        if armedNow != isArmed {
            isArmed = armedNow
            outputs.append(armedNow ? .armed : .disarmed)
        }
        if axis == .discard && travel >= Self.discardNowFactor * cancelReach { outputs.append(.discardNow) }
        if axis == .lock && rise >= lockReach && !isLocked {
            isLocked = true
            outputs.append(.lockReached)
        }
        return outputs
    }
}
