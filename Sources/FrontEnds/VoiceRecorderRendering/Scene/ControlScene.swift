import VoiceRecorderCore

/// Everything one frame of the control shows: a value the widget (or a snapshot, or the benchmark) fills each frame
/// and hands to `ControlRenderer`. Geometry comes from `layout` (its `text` sizes are replaced by the renderer's own
/// measurements); the rest says what to write and in which colours.
public struct ControlScene: Sendable, Equatable {
    /// The band's layout input: width, text scale, direction, style, presences, slide, stretch, press, swell, the
    /// take's clock (`elapsed`) and the steady clock (`time`).
    public var layout: BandLayoutInput
    /// The session's phase: the mic becomes the send button hands-free and stopped; the dot greys when stopped.
    public var phase: Phase
    /// The loudness of every completed 50 ms window of the take, oldest first (frozen when stopped).
    public var windowLoudnesses: [Double]
    /// The take's maximum duration in seconds: the clock reserves the width of its text.
    public var maximumDuration: Double
    /// What the clock shows (the elapsed time, or the countdown's seconds left on the red block).
    public var clock: ClockReading
    /// The clock's digits changing (rolling, or fading under Reduce Motion), or nil when they stand still. Its
    /// `current` text is `clock.text`.
    public var clockChange: DigitTransition.Frame?
    /// The hint in (or budding out of, or melting into) the mic, nil when none has been shown.
    public var hint: HintKind?
    /// The hint's text.
    public var hintText: String
    /// The access-off hint's action, drawn as a link after its text.
    public var settingsText: String
    /// The words after the capsule's chevron.
    public var slideToCancelText: String
    /// Light or dark.
    public var appearance: Appearance
    /// High contrast / reduced transparency: solid fills instead of glass.
    public var highContrast: Bool
    /// A disabled control is drawn desaturated (its red turns grey) and dimmed.
    public var isEnabled: Bool
    /// When set, the renderer draws a sample text field with this placeholder in the content's space (snapshots,
    /// previews); the widget leaves it nil and lets the app's own content show.
    public var contentPlaceholder: String?
    /// How far the mic has turned to the accent colour, 0…1 (spring-animated by the caller; 1 while recording and
    /// for the send button).
    public var micAccent: Double

    /// A scene; the clock reading and texts follow from the phase, the elapsed time and `messages` unless given.
    public init(
        layout: BandLayoutInput, phase: Phase = .idle, windowLoudnesses: [Double] = [],
        maximumDuration: Double = Durations.defaultMaximum, clock: ClockReading? = nil,
        hint: HintKind? = nil, messages: Messages = Messages(), appearance: Appearance = .light,
        highContrast: Bool = false, isEnabled: Bool = true, contentPlaceholder: String? = nil,
        micAccent: Double? = nil, clockChange: DigitTransition.Frame? = nil
    ) {
        self.layout = layout
        self.phase = phase
        self.windowLoudnesses = windowLoudnesses
        self.maximumDuration = maximumDuration
        self.clock = clock ?? ClockReading(elapsed: layout.elapsed, maximum: maximumDuration, messages: messages)
        self.hint = hint
        hintText = hint.map(messages.hintText(for:)) ?? ""
        settingsText = messages.settings
        slideToCancelText = messages.slideToCancel
        self.appearance = appearance
        self.highContrast = highContrast
        self.isEnabled = isEnabled
        self.contentPlaceholder = contentPlaceholder
        self.micAccent = micAccent ?? (phase == .idle ? 0 : 1)
        self.clockChange = clockChange
    }

    /// Whether the mic shows the send glyph (arrow up): hands-free, stopped and paused takes are sent with it.
    public var showsSendGlyph: Bool { phase == .locked || phase == .stopped || phase == .paused }

    /// Whether the hint carries the Settings action.
    public var hintHasSettingsAction: Bool { hint == .accessOff }
}
