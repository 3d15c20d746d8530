/// Everything the band's layout depends on (SPEC A.1, A.3, A.8, A.12, A.15–A.18). The front end fills it each frame
/// from the session, the drag interpreter, its springs and its text measurements, and draws the `BandLayout` that
/// comes out. It holds no decisions of its own: presences are already animated (with `Motion`'s springs), the slide
/// is already rubber-banded (by `DragInterpreter`).
public struct BandLayoutInput: Sendable, Equatable {
    /// How far each bubble is out of its parent: 0 home (hidden inside the parent, shrunk to 0.72), 1 fully out.
    /// Spring-animated by the caller; values outside 0…1 (a bouncy spring's overshoot) are clamped.
    public struct Presence: Sendable, Equatable {
        /// The recording capsule, budding out of the mic over the content.
        public var capsule: Double
        /// The lock lane, budding up out of the mic.
        public var lane: Double
        /// The hands-free trash, budding out of the capsule's leading end.
        public var trash: Double
        /// The discard bin, budding out of the capsule's leading end at the cancel reach.
        public var bin: Double
        /// The hint bubble, budding up out of the mic.
        public var hint: Double
        /// The pause bubble (the mic bubble while paused) above the send button, with preview on (SPEC D.1).
        public var pauseBubble: Double

        /// Presences, each 0 (home) … 1 (out).
        public init(
            capsule: Double = 0, lane: Double = 0, trash: Double = 0, bin: Double = 0, hint: Double = 0,
            pauseBubble: Double = 0
        ) {
            self.capsule = capsule
            self.lane = lane
            self.trash = trash
            self.bin = bin
            self.hint = hint
            self.pauseBubble = pauseBubble
        }
        /// Everything home: the control at rest.
        public static let rest = Presence()
    }

    /// Where the capsule goes home to: the mic (send, too short, interruption) or the bin (a discard gathers it).
    public enum CapsuleHome: String, Sendable, Equatable {
        case mic
        case bin
    }

    /// Sizes the front end measured with its text engine (semibold, at the label size for the text scale).
    public struct Text: Sendable, Equatable {
        /// The clock's text, reserving the width of the maximum's text so nothing shifts (A.8).
        public var clock: Size
        /// The words "Slide to cancel" (without the chevron).
        public var slideToCancel: Size
        /// The hint's text, laid out (wrapped) at most `BandLayout.hintMaxTextWidth(width:scale:)` wide.
        public var hint: Size

        /// Measured sizes, in points.
        public init(clock: Size = .zero, slideToCancel: Size = .zero, hint: Size = .zero) {
            self.clock = clock
            self.slideToCancel = slideToCancel
            self.hint = hint
        }
    }

    /// The control's width in points.
    public var width: Double
    /// The text scale: shapes grow with it up to 1.4 ×.
    public var textScale: TextScale
    /// The reading direction: right to left mirrors everything.
    public var direction: LayoutDirection
    /// The look; its `height` × grow is *side*.
    public var style: Style
    /// Whether the app put its own content (a text field) in the control's leading space.
    public var hasContent: Bool
    /// How far each bubble is out.
    public var presence: Presence
    /// Where the capsule melts to when its presence falls.
    public var capsuleHome: CapsuleHome
    /// How far the mic has sunk under the finger, 0…1 (spring-animated; 1 = press scale 0.92).
    public var pressSink: Double
    /// How far the mic has swollen for recording, 0…1 (spring-animated; 1 = 1.1 ×).
    public var swell: Double
    /// The mic's travel toward the leading edge, in points, already rubber-banded (`DragInterpreter.slide`, or the
    /// spring taking it home after the lift).
    public var slide: Double
    /// How far the lock lane is stretched up, in points (`DragInterpreter.stretch`, or its spring home).
    public var laneStretch: Double
    /// How much of "Slide to cancel" the finger has eaten, 0…1 (`DragInterpreter.cancelProgress`).
    public var cancelProgress: Double
    /// Whether "‹ Slide to cancel" is in the capsule (a held take; not hands-free).
    public var showsSlideToCancel: Bool
    /// How far the lane's lock glyph has shut, 0…1.
    public var lockShut: Double
    /// How far the bin's glyph has tipped closed, 0…1 (1 = −16° about its bottom).
    public var binTip: Double
    /// How visible the app's content is, 0…1 (faded with `Motion.contentFadeOut` / `contentFadeIn`).
    public var contentVisibility: Double
    /// Whether the recording dot breathes (recording); otherwise it rests full (stopped, countdown).
    public var dotBreathes: Bool
    /// Seconds on the take's clock, for the dot's breath.
    public var elapsed: Double
    /// Seconds on any steady clock, for the chevron's drift.
    public var time: Double
    /// The front end's text measurements.
    public var text: Text
    /// Reduce Motion: no swell or sink (the mic dims), no drift, bubbles fade and scale in place, no tipping.
    public var reduceMotion: Bool
    /// What the paused capsule shows with preview on (SPEC D.2–D.4); nil with preview off or before a pause.
    public var preview: Preview?

    /// An input with everything at rest unless given.
    public init(
        width: Double, textScale: TextScale = TextScale(1), direction: LayoutDirection = .leftToRight,
        style: Style = Style(), hasContent: Bool = true, presence: Presence = .rest,
        capsuleHome: CapsuleHome = .mic, pressSink: Double = 0, swell: Double = 0, slide: Double = 0,
        laneStretch: Double = 0, cancelProgress: Double = 0, showsSlideToCancel: Bool = true,
        lockShut: Double = 0, binTip: Double = 0, contentVisibility: Double = 1, dotBreathes: Bool = false,
        elapsed: Double = 0, time: Double = 0, text: Text = Text(), reduceMotion: Bool = false,
        preview: Preview? = nil
    ) {
        self.width = width
        self.textScale = textScale
        self.direction = direction
        self.style = style
        self.hasContent = hasContent
        self.presence = presence
        self.capsuleHome = capsuleHome
        self.pressSink = pressSink
        self.swell = swell
        self.slide = slide
        self.laneStretch = laneStretch
        self.cancelProgress = cancelProgress
        self.showsSlideToCancel = showsSlideToCancel
        self.lockShut = lockShut
        self.binTip = binTip
        self.contentVisibility = contentVisibility
        self.dotBreathes = dotBreathes
        self.elapsed = elapsed
        self.time = time
        self.text = text
        self.reduceMotion = reduceMotion
        self.preview = preview
    }
}

extension BandLayoutInput {
    /// The paused take as the capsule shows it (SPEC D.2–D.4), in seconds of the take.
    public struct Preview: Sendable, Equatable {
        /// How far the capsule has turned from recording (the dot, the level bars) to paused (the play button, the
        /// whole waveform, the handles), 0…1, and the bubble above the send button from pause to mic. Animated by
        /// the caller (a fade); 1 while paused.
        public var paused: Double
        /// The take's length.
        public var length: Double
        /// The part Send keeps: the handles sit at its ends, outside it is dimmed.
        public var kept: KeptRange
        /// Where the playhead is.
        public var playhead: Double
        /// Whether the take is being listened to (the play button shows pause).
        public var isListening: Bool

        /// A paused take `length` seconds long, everything kept and the playhead at the start unless given.
        public init(
            paused: Double = 1, length: Double, kept: KeptRange? = nil, playhead: Double = 0,
            isListening: Bool = false
        ) {
            self.paused = paused
            self.length = max(0, length)
            self.kept = kept ?? .whole(length)
            self.playhead = playhead
            self.isListening = isListening
        }
    }
}
