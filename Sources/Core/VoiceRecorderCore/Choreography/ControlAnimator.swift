/// Turns what the session does over time into the animated fields of `BandLayoutInput` (SPEC A.3, A.15, A.18): the
/// presences of the capsule, lane, trash, bin and hint, the press sink, the swell, the lock shutting, the bin tipping,
/// the content fading, and the mic and lane springing home with the finger's velocity.
///
/// A value: the front end feeds it `Event`s as they happen (each with its time) and asks for a `Frame` at any time;
/// every motion is one of `Motion`'s springs, fades or delays, so the front end holds no timings of its own. Steps of
/// a choreography that are due later (the lane 0.08 s after the capsule, the bin tipping 0.36 s into a discard) are
/// kept as pending steps and applied at their own time, so frames can come late or be skipped without the motion
/// drifting. `isSettled(at:)` says when nothing moves any more, so the front end can stop its frame clock.
public struct ControlAnimator: Sendable, Equatable {
    /// How a take ended, as far as its picture is concerned.
    public enum Ending: String, Sendable, Equatable {
        /// Sent: everything melts into the mic.
        case sent
        /// Too short: everything melts into the mic (and the hint buds out).
        case tooShort
        /// Discarded by the person (the bin, Delete, Escape): the capsule gathers into the bin, which tips and melts.
        case discarded
        /// Ended by the system (an interruption, a failed start): everything melts into the mic.
        case dropped
    }

    /// What happened, in the order it happened.
    public enum Event: Sendable, Equatable {
        /// The session's phase changed.
        case phase(Phase)
        /// The mic (or the send button) is pressed or not.
        case pressed(Bool)
        /// The finger moved during a held take: the drag interpreter's slide (rubber-banded, points), the lane's
        /// stretch (points), how much of "Slide to cancel" is eaten (0…1), whether a release would discard (the bin
        /// is out), and whether the lane shows (not while discarding).
        case drag(slide: Double, stretch: Double, cancelProgress: Double, armed: Bool, showsLane: Bool)
        /// The finger lifted from a drag with this velocity (points per second, screen axes: +x right, +y down).
        case springHome(velocity: Point)
        /// The take ended this way.
        case ended(Ending)
        /// The hint budded out (true) or went home (false).
        case hint(Bool)
    }

    /// The animated fields of `BandLayoutInput` at one moment.
    public struct Frame: Sendable, Equatable {
        /// How far each bubble is out.
        public var presence: BandLayoutInput.Presence
        /// Where the capsule goes home to.
        public var capsuleHome: BandLayoutInput.CapsuleHome
        /// The mic's press, 0…1.
        public var pressSink: Double
        /// The mic's swell, 0…1.
        public var swell: Double
        /// The mic's leading-ward travel, points.
        public var slide: Double
        /// The lane's stretch, points.
        public var laneStretch: Double
        /// How much of "Slide to cancel" is eaten, 0…1.
        public var cancelProgress: Double
        /// Whether "‹ Slide to cancel" is in the capsule.
        public var showsSlideToCancel: Bool
        /// How far the lock has shut, 0…1.
        public var lockShut: Double
        /// How far the bin's glyph has tipped, 0…1.
        public var binTip: Double
        /// How visible the app's content is, 0…1.
        public var contentVisibility: Double
        /// Whether Reduce Motion shaped this frame.
        public var reduceMotion: Bool
        /// How far the capsule has turned paused, 0…1 (SPEC D.2): written into the input's `preview`, if it has one.
        public var paused: Double = 0

        /// Writes these fields into a layout input, leaving the rest (width, text, time…) as the caller set them.
        public func apply(to input: inout BandLayoutInput) {
            input.presence = presence
            input.capsuleHome = capsuleHome
            input.pressSink = pressSink
            input.swell = swell
            input.slide = slide
            input.laneStretch = laneStretch
            input.cancelProgress = cancelProgress
            input.showsSlideToCancel = showsSlideToCancel
            input.lockShut = lockShut
            input.binTip = binTip
            input.contentVisibility = contentVisibility
            input.reduceMotion = reduceMotion
            input.preview?.paused = paused
        }
    }

    /// The numbers that move on springs.
    enum Channel: CaseIterable, Sendable {
        case capsule, lane, trash, bin, hint, pressSink, swell, slide, stretch, lockShut, binTip
        /// Pause and preview (SPEC D): the pause/mic bubble's presence, and how far the capsule has turned paused.
        case pauseBubble, paused

        /// How close to its target a channel must be to count as settled: a thousandth of a presence, or a tenth
        /// of a point for distances.
        var tolerance: Double {
            switch self {
            case .slide, .stretch: 0.1
            default: 0.001
            }
        }
    }

    /// One later step of a choreography.
    struct Step: Sendable, Equatable {
        enum Action: Sendable, Equatable {
            case move(Channel, to: Double, Spring)
            case content(visible: Bool, TimedFade)
            case slideToCancel(Bool)
        }
        var time: Double
        var action: Action
    }

    /// Reduce Motion: springs become `Motion.reduced`, the bin doesn't tip, the discard steps are shorter.
    public var reduceMotion: Bool
    /// The reading direction, to turn the finger's screen velocity into leading-ward travel.
    public var direction: LayoutDirection
    /// Pause and preview on (SPEC D): a lock buds the pause bubble as the lane melts, and pausing turns the capsule.
    public var preview = false

    /// The last phase heard of.
    public private(set) var phase: Phase = .idle
    private var animators: [SpringAnimator]
    private(set) var content: FadeAnimator
    private(set) var capsuleHome: BandLayoutInput.CapsuleHome = .mic
    private(set) var showsSlideToCancel = true
    private(set) var cancelProgress = 0.0
    /// The finger is moving the slide and the stretch (they snap to it) rather than springs.
    var fingerHolds = false
    private var armed = false
    private var showsLane = true
    private(set) var pending: [Step] = []
    /// The last time an event or step was applied: time never runs backwards here.
    private(set) var clock: Double

    /// At rest at `time`.
    public init(reduceMotion: Bool = false, direction: LayoutDirection = .leftToRight, at time: Double = 0) {
        self.reduceMotion = reduceMotion
        self.direction = direction
        clock = time
        animators = Channel.allCases.map { _ in SpringAnimator(value: 0, spring: Motion.calm, at: time) }
        content = FadeAnimator(value: 1, at: time)
    }

    // MARK: - Events

    /// Takes in one event that happened at `time` (times must not go backwards; an earlier time counts as the last).
    public mutating func handle(_ event: Event, at time: Double) {
        let time = max(time, clock)
        advance(to: time)
        switch event {
        case .phase(let newPhase):
            phaseChanged(from: phase, to: newPhase, at: time)
        case .pressed(let pressed):
            move(.pressSink, to: pressed ? 1 : 0, pressed ? Motion.tight : Motion.elastic, at: time)
        case .drag(let slide, let stretch, let progress, let isArmed, let laneShows):
            guard phase == .holding, fingerHolds else { return }
            self[.slide].snap(to: slide.isFinite ? max(slide, 0) : 0, at: time)
            self[.stretch].snap(to: stretch.isFinite ? max(stretch, 0) : 0, at: time)
            cancelProgress = unitClamped(progress)
            // Only changes move the bubbles, so a drag doesn't cut short a bud that is still on its way.
            if isArmed != armed {
                armed = isArmed
                move(.bin, to: isArmed ? 1 : 0, isArmed ? Motion.budOut : Motion.goHome, at: time)
            }
            if laneShows != showsLane {
                showsLane = laneShows
                move(.lane, to: laneShows ? 1 : 0, laneShows ? Motion.budOut : Motion.goHome, at: time)
            }
        case .springHome(let velocity):
            guard fingerHolds else { return }
            letGo(velocity: velocity, at: time)
        case .ended(let ending):
            if ending == .discarded {
                gatherIntoBin(at: time)
            } else if self[.capsule].target != 0 || self[.trash].target != 0 || self[.lane].target != 0
                || self[.pauseBubble].target != 0
            {
                meltIntoMic(at: time)
            }
        case .hint(let visible):
            move(.hint, to: visible ? 1 : 0, visible ? Motion.budOut : Motion.goHome, at: time)
        }
    }

    private mutating func phaseChanged(from old: Phase, to new: Phase, at time: Double) {
        phase = new
        switch (old, new) {
        case (.idle, .holding):
            budOut(handsFree: false, at: time)
        case (.idle, .locked), (.idle, .stopped):
            budOut(handsFree: true, at: time)
        case (.holding, .locked):
            // The lock shuts; a moment later the lane melts home and the trash buds out of the capsule.
            if fingerHolds { letGo(velocity: .zero, at: time, keepStretch: true) }
            move(.lockShut, to: 1, Motion.responsive, at: time)
            let later = time + Motion.meltAfterLock
            schedule(.move(.lane, to: 0, Motion.goHome), at: later)
            schedule(.move(.stretch, to: 0, Motion.goHome), at: later)
            schedule(.move(.trash, to: 1, Motion.budOut), at: later)
            schedule(.slideToCancel(false), at: later)
            if preview { schedule(.move(.pauseBubble, to: 1, Motion.budOut), at: later) }
        case (_, .idle) where old != .idle:
            meltIntoMic(at: time)
        case (_, .paused), (.paused, _):
            previewPhaseChanged(from: old, to: new, at: time)
        default:
            break
        }
    }

    /// A take starts: the mic swells, the capsule buds out over the content, then the lane (held) or the trash
    /// (hands-free).
    private mutating func budOut(handsFree: Bool, at time: Double) {
        pending.removeAll()
        capsuleHome = .mic
        showsSlideToCancel = !handsFree
        cancelProgress = 0
        armed = false
        showsLane = true
        fingerHolds = !handsFree
        self[.slide].snap(to: 0, at: time)
        self[.stretch].snap(to: 0, at: time)
        self[.lockShut].snap(to: 0, at: time)
        self[.binTip].snap(to: 0, at: time)
        move(.bin, to: 0, Motion.goHome, at: time)
        move(.hint, to: 0, Motion.goHome, at: time)
        move(.swell, to: 1, Motion.responsive, at: time)
        move(.capsule, to: 1, Motion.budOut, at: time)
        content.retarget(to: 0, with: Motion.contentFadeOut, at: time)
        self[.paused].snap(to: 0, at: time)
        move(.pauseBubble, to: 0, Motion.goHome, at: time)
        if handsFree {
            move(.lane, to: 0, Motion.goHome, at: time)
            schedule(.move(.trash, to: 1, Motion.budOut), at: time + Motion.trashAfterCapsule)
            if preview { schedule(.move(.pauseBubble, to: 1, Motion.budOut), at: time + Motion.trashAfterCapsule) }
        } else {
            move(.trash, to: 0, Motion.goHome, at: time)
            schedule(.move(.lane, to: 1, Motion.budOut), at: time + Motion.laneAfterCapsule)
        }
    }

    /// What every ending shares: steps still pending are called off, a finger still down lets go, the bin is no
    /// longer armed, and the capsule knows where home is.
    private mutating func endTake(goingHomeTo home: BandLayoutInput.CapsuleHome, at time: Double) {
        pending.removeAll()
        if fingerHolds { letGo(velocity: .zero, at: time) }
        capsuleHome = home
        armed = false
    }

    /// Send, too short, or dropped: the capsule, the lane and the trash melt into the mic one after another, the mic
    /// shrinks back, and the content comes back.
    private mutating func meltIntoMic(at time: Double) {
        endTake(goingHomeTo: .mic, at: time)
        move(.capsule, to: 0, Motion.goHome, at: time)
        move(.bin, to: 0, Motion.goHome, at: time)
        move(.swell, to: 0, Motion.responsive, at: time)
        schedule(.move(.lane, to: 0, Motion.goHome), at: time + Motion.sendMeltStagger)
        schedule(.move(.stretch, to: 0, Motion.goHome), at: time + Motion.sendMeltStagger)
        schedule(.move(.lockShut, to: 0, Motion.goHome), at: time + Motion.sendMeltStagger)
        schedule(.move(.pauseBubble, to: 0, Motion.goHome), at: time + Motion.sendMeltStagger)
        schedule(.move(.trash, to: 0, Motion.goHome), at: time + 2 * Motion.sendMeltStagger)
        content.retarget(to: 1, with: Motion.contentFadeIn, at: time)
    }

    /// A discard: the capsule gathers into the bin at the leading end; the bin tips and the content starts coming
    /// back; then the bin melts away.
    private mutating func gatherIntoBin(at time: Double) {
        endTake(goingHomeTo: .bin, at: time)
        move(.bin, to: 1, Motion.budOut, at: time)
        move(.trash, to: 0, Motion.goHome, at: time)
        move(.capsule, to: 0, Motion.goHome, at: time)
        move(.lane, to: 0, Motion.goHome, at: time)
        move(.pauseBubble, to: 0, Motion.goHome, at: time)
        move(.stretch, to: 0, Motion.goHome, at: time)
        move(.lockShut, to: 0, Motion.goHome, at: time)
        move(.swell, to: 0, Motion.responsive, at: time)
        // Hold the content back (a melt may have started bringing it in at this same moment) until the bin tips.
        content.retarget(to: 0, with: Motion.contentFadeOut, at: time)
        let tip = time + Motion.discardTipDelay(reduceMotion: reduceMotion)
        let vanish = tip + Motion.discardVanishDelay(reduceMotion: reduceMotion)
        if !reduceMotion {
            schedule(.move(.binTip, to: 1, Motion.responsive), at: tip)
            schedule(.move(.binTip, to: 0, Motion.responsive), at: vanish)
        }
        schedule(.content(visible: true, TimedFade(duration: Motion.contentFadeIn.duration)), at: tip)
        schedule(.move(.bin, to: 0, Motion.goHome), at: vanish)
    }

    /// The finger lets go: the slide and the stretch spring home from where it left them, with its velocity.
    mutating func letGo(velocity: Point, at time: Double, keepStretch: Bool = false) {
        fingerHolds = false
        let leadingward = direction.leadingTravel(screenDX: velocity.x)
        let spring = Motion.spring(Motion.elastic, reduceMotion: reduceMotion)
        self[.slide].release(
            from: self[.slide].value(at: time), velocity: leadingward.isFinite ? leadingward : 0,
            to: 0, at: time, spring: spring)
        if !keepStretch {
            let upward = -velocity.y
            self[.stretch].release(
                from: self[.stretch].value(at: time), velocity: upward.isFinite ? upward : 0,
                to: 0, at: time, spring: spring)
        }
    }

    // MARK: - Steps

    mutating func move(_ channel: Channel, to target: Double, _ spring: Spring, at time: Double) {
        // A move now supersedes any later move of the same channel.
        pending.removeAll { if case .move(channel, _, _) = $0.action { true } else { false } }
        self[channel].retarget(to: target, at: time, spring: Motion.spring(spring, reduceMotion: reduceMotion))
    }

    mutating func schedule(_ action: Step.Action, at time: Double) {
        pending.append(Step(time: time, action: action))
        // Stable: steps due at the same moment keep the order they were asked for in.
        pending = pending.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// Applies every pending step due by `time`, each at its own moment.
    mutating func advance(to time: Double) {
        while let step = pending.first, step.time <= time {
            pending.removeFirst()
            clock = max(clock, step.time)
            switch step.action {
            case .move(let channel, let target, let spring):
                self[channel].retarget(
                    to: target, at: step.time,
                    spring: Motion.spring(spring, reduceMotion: reduceMotion))
            case .content(let visible, let fade):
                content.retarget(to: visible ? 1 : 0, with: fade, at: step.time)
            case .slideToCancel(let shows):
                showsSlideToCancel = shows
            }
        }
        clock = max(clock, time)
    }

    subscript(channel: Channel) -> SpringAnimator {
        get { animators[Self.index(of: channel)] }
        set { animators[Self.index(of: channel)] = newValue }
    }

    private static func index(of channel: Channel) -> Int { Channel.allCases.firstIndex(of: channel)! }
}
