import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderRendering

/// The hold-to-record control as a GTK 4 widget (SPEC A, C): it wraps the app's own content (a `GtkEntry`, say),
/// which fills the leading space, with the mic resting at the trailing end 26 pt from it.
///
/// Structure (one `GtkOverlay`, `widget`, a nameless layout container for screen readers):
/// - the row: the content, then the mic — a flat `GtkButton` that takes no pointer input itself but holds the
///   keyboard focus and is the mic's accessible object (role button, label, description, activation);
/// - a canvas (`GtkDrawingArea`) laid over the row *and the space around it*, through the overlay's
///   `get-child-position`: the lane and the hints rise above the row over the app's other widgets, and the swollen
///   mic and the glass's soft shadow spill past its edges, so nothing of the control is cut off at the row; it takes
///   no input and is hidden from screen readers (the accessible objects below say what it shows);
/// - two more accessible objects placed over their shapes: the capsule (a label "Recording" whose value is the spoken
///   time) and the trash ("Delete" button), each shown only when that part is (hidden elements are hidden widgets,
///   which GTK 4.8 leaves out of the accessibility tree);
/// - the access-off hint's Settings action: a borderless button over the drawn link, so it can be clicked, reached
///   with Tab and activated by a screen reader; it opens the desktop's sound settings (`SoundSettings`).
///
/// Pointer input is one `GtkGestureDrag` on the overlay in the capture phase: presses on the mic (or the send button,
/// or the trash) are claimed, everything else is left to the content. The 0.18 s hold runs on the session's timer
/// (`RecorderControl.holdDeadline`), not GTK's 500 ms long press. Motion comes from `ControlAnimator` on GTK's frame
/// clock, which runs only while something moves or a take records. The reaches follow the allocated width: the
/// canvas's `resize` hands every new size to the session.
///
/// The jobs live in one file each: this one builds the widget and holds its API; `+Geometry` follows the size,
/// `+Pointer`, `+Keys` and `+SessionEvents` translate input and events, `+Frames` draws, `+Accessibility` keeps the
/// accessible objects current, `+Preview` and `+PreviewSliders` are the pause and preview's parts (SPEC D),
/// `+SettingsAction` is the access-off hint's button, `+Lifetime` the window leaving the screen, the control being
/// disabled or destroyed.
public final class VoiceRecorderWidget {
    /// The widget to pack into the app's window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The session the control drives. The app hears what becomes of each take from `session.events`; the
    /// control observes them first (from its creation), so an app's observer runs after the control has drawn
    /// each event's consequences.
    public let session: Session
    /// The texts shown and spoken.
    public var messages: Messages {
        didSet {
            session.messages = messages
            updateAccessibility(force: true)
        }
    }
    /// The look.
    public var style: Style { didSet { relayout() } }
    /// Overrides the desktop's text scaling factor (nil follows the desktop).
    public var textScaleOverride: Double? { didSet { relayout() } }
    /// Overrides the desktop's dark preference (nil follows the desktop).
    public var darkOverride: Bool? { didSet { requestFrames() } }
    /// Opens the desktop's sound settings when the access-off hint's Settings action is used; the default tries
    /// `SoundSettings.standardCommands` and, when none exists, says so on standard error.
    public var openSettings: () -> SoundSettings.Outcome = {
        let outcome = SoundSettings().open()
        if case .unavailable(let tried, let reason) = outcome {
            let line =
                "VoiceRecorder: cannot open the sound settings (\(reason); tried: \(tried.joined(separator: ", ")))\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        return outcome
    }
    /// Hears what the Settings action did (after `openSettings`).
    public var onSettingsOpened: ((SoundSettings.Outcome) -> Void)?
    /// Hears each change of the geometry the reaches follow (`allocatedWidth`, `side`, `direction`), once the
    /// session has it: the window was resized, the text scale or the direction changed.
    public var onGeometryChanged: (() -> Void)?
    /// The mic's keyboard and accessibility object.
    public let micButton: UnsafeMutablePointer<GtkWidget>

    // The parts, and the state the other jobs (the extensions in this folder) share.

    /// The glass look: Cairo and Pango, from the band layout.
    let renderer = ControlRenderer()
    let content: UnsafeMutablePointer<GtkWidget>?
    let row: UnsafeMutablePointer<GtkWidget>
    let canvas: UnsafeMutablePointer<GtkWidget>
    let capsuleElement: UnsafeMutablePointer<GtkWidget>
    let trashButton: UnsafeMutablePointer<GtkWidget>
    let settingsButton: UnsafeMutablePointer<GtkWidget>
    /// With preview on: the pause/mic bubble and the play button, as buttons for the keyboard and screen readers.
    let pauseBubbleButton: UnsafeMutablePointer<GtkWidget>
    let playButton: UnsafeMutablePointer<GtkWidget>
    /// With preview on, while paused: the trim handles and the waveform as sliders ("Start", "Position", "End"),
    /// in reading order, for the keyboard and screen readers (`+PreviewSliders`).
    let previewSliders: [(part: PreviewPart, widget: UnsafeMutablePointer<GtkWidget>)]
    /// Set while the sliders are moved to the session's values, so their own value-changed is not read as a person's.
    var isSyncingSliders = false
    let scheduler: SessionScheduler

    var settings = DesktopSettings.current()
    var animator: ControlAnimator
    /// The clock's digits changing (SPEC A.15): told each clock text as it is drawn.
    var clockDigits = DigitTransition()
    /// The hint out (or last out), for the drawing.
    var hint: HintKind?
    /// The frame clock's tick callback while frames run (0 when settled).
    var tickID: guint = 0
    /// What the current pointer press landed on (nil: no press of ours).
    var pointerTarget: BandLayout.PressTarget?
    /// Where the current pointer press landed, in band coordinates.
    var pressStart = Point.zero
    /// The preview part the current pointer press landed on (SPEC D), instead of `pointerTarget`.
    var previewPress: PreviewPart?
    /// What the paused capsule last showed: it keeps showing it while it melts home after a send or a delete.
    var lastPreview: BandLayoutInput.Preview?
    var lastAccessibility: AccessibilityModel?
    var lastPreviewAccessibility: PreviewAccessibility?
    var isGone = false
    /// The control's own following of the session's events (ended when the control goes away).
    var sessionObservation: EventObservation<SessionEvent>?
    /// The content had the keyboard focus when the capsule covered it: it gets it back when uncovered.
    var contentHadFocus = false
    /// What `followGeometry()` last told the session.
    var followedGeometry: (width: Double, side: Double, direction: LayoutDirection)?

    /// A control around `content` (nil: the mic alone at the trailing end) driving `session`, whose scheduler must
    /// run on the GTK thread (a `GLibScheduler`).
    public init(
        content: UnsafeMutablePointer<GtkWidget>?, session: Session, style: Style = Style(),
        messages: Messages = Messages()
    ) {
        self.content = content
        self.session = session
        self.style = style
        self.messages = messages
        scheduler = session.scheduler
        session.messages = messages
        animator = ControlAnimator(reduceMotion: settings.reduceMotion, at: session.scheduler.now)
        clockDigits.reduceMotion = settings.reduceMotion
        animator.preview = session.preview

        // A layout container: nameless to screen readers (a plain overlay would be read as "GtkOverlay").
        widget = GValues.newWidget(gtk_overlay_get_type(), accessibleRole: GTK_ACCESSIBLE_ROLE_GENERIC)
        row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        micButton = gtk_button_new()
        canvas = gtk_drawing_area_new()
        capsuleElement = gtk_label_new(nil)
        trashButton = gtk_button_new()
        settingsButton = gtk_button_new_with_label(messages.settings)
        pauseBubbleButton = gtk_button_new()
        playButton = gtk_button_new()
        previewSliders = [PreviewPart.startHandle, .waveform, .endHandle].map {
            (part: $0, widget: gtk_scale_new(GTK_ORIENTATION_HORIZONTAL, nil))
        }
        build()
    }

    /// A control around `content` with its own session on the GTK thread, recording from `source` into files made
    /// by `writers`, with the take length limits of SPEC A.4.
    public convenience init(
        content: UnsafeMutablePointer<GtkWidget>?, source: some AudioSource,
        writers: TakeWriterFactory, maximumDuration: Double = Durations.defaultMaximum,
        minimumDuration: Double = Durations.defaultMinimum, messages: Messages = Messages(),
        style: Style = Style(), preview: Bool = false
    ) {
        let session = Session(
            source: source, writers: writers, scheduler: GLibScheduler(),
            durations: Durations(minimum: minimumDuration, maximum: maximumDuration),
            messages: messages, style: style, preview: preview)
        self.init(content: content, session: session, style: style, messages: messages)
    }

    // MARK: - Reading

    /// The control's side (its row height) for the current text scale.
    public var side: Double { style.side(textScale) }

    /// The text scale in effect: the override, or the desktop's.
    public var textScale: TextScale { textScaleOverride.map(TextScale.init) ?? settings.textScale }

    /// The reading direction: the widget's text direction.
    public var direction: LayoutDirection {
        gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
    }

    /// The control's width as allocated (1 before the first allocation, which the canvas's resize then follows).
    public var allocatedWidth: Double { Double(max(gtk_widget_get_width(widget), 1)) }

    /// The mic's centre in the coordinates of `ancestor` (the window, say), once laid out.
    public func micCenter(in ancestor: UnsafeMutablePointer<GtkWidget>) -> Point? {
        let layout = currentLayout(at: scheduler.now)
        var bandPoint = graphene_point_t(x: Float(layout.mic.center.x), y: Float(layout.mic.center.y))
        var out = graphene_point_t()
        guard gtk_widget_compute_point(widget, ancestor, &bandPoint, &out) != 0 else { return nil }
        return Point(x: Double(out.x), y: Double(out.y))
    }

    // MARK: - Building

    private func build() {
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_VISIBLE)
        gtk_overlay_set_child(OpaquePointer(widget), row)
        if let content {
            gtk_widget_set_hexpand(content, 1)
            gtk_widget_set_valign(content, GTK_ALIGN_CENTER)
            gtk_box_append(cast(row), content)
        } else {
            gtk_widget_set_hexpand(micButton, 1)
            gtk_widget_set_halign(micButton, GTK_ALIGN_END)
        }
        gtk_box_append(cast(row), micButton)
        gtk_widget_add_css_class(micButton, "flat")
        gtk_widget_add_css_class(micButton, "circular")
        gtk_widget_set_can_target(micButton, 0)
        gtk_widget_set_focusable(micButton, 1)
        gtk_widget_add_css_class(trashButton, "flat")
        gtk_widget_add_css_class(trashButton, "circular")
        gtk_widget_set_can_target(trashButton, 0)

        gtk_widget_set_can_target(canvas, 0)
        gtk_widget_set_can_target(capsuleElement, 0)
        gtk_widget_set_opacity(capsuleElement, 0)
        gtk_overlay_add_overlay(OpaquePointer(widget), canvas)
        gtk_overlay_add_overlay(OpaquePointer(widget), capsuleElement)
        gtk_overlay_add_overlay(OpaquePointer(widget), trashButton)
        gtk_widget_set_visible(capsuleElement, 0)
        gtk_widget_set_visible(trashButton, 0)
        buildSettingsButton()
        buildPreviewButtons()
        buildPreviewSliders()
        hideDecorationFromScreenReaders()
        relayout()

        Signals.connectChildPosition(UnsafeMutableRawPointer(widget)) { [weak self] child in self?.place(child) }
        followGeometryChanges()
        connectDrawing()
        connectPointer()
        connectKeys()
        connectButtons()
        connectLifetime()
        DesktopSettings.observe { [weak self] in
            guard let self else { return }
            settings = DesktopSettings.current()
            animator.reduceMotion = settings.reduceMotion
            clockDigits.reduceMotion = settings.reduceMotion
            relayout()
        }

        sessionObservation = session.events.observe { [weak self] event in self?.handle(event) }
        updateAccessibility(force: true)
    }

    /// The buttons' activations (a click by keyboard, or a screen reader's): the mic's is the control's activation
    /// (A.14), the trash deletes, the Settings action opens the sound settings.
    private func connectButtons() {
        Signals.connect(UnsafeMutableRawPointer(micButton), "clicked") { [weak self] in
            self?.session.handle(.activate)
        }
        Signals.connect(UnsafeMutableRawPointer(trashButton), "clicked") { [weak self] in self?.session.cancel() }
        Signals.connect(UnsafeMutableRawPointer(settingsButton), "clicked") { [weak self] in self?.settingsActivated() }
        connectPreviewButtons()
        connectPreviewSliders()
    }

    /// How far above the row the canvas reaches: room for the stretched lane and a few lines of hint (plus the
    /// shadow's reach above the highest of them).
    var headroom: Double { (side * 4 + Self.spill).rounded() }

    /// How far the drawing spills past the row's other three edges: the swollen mic (1.1×, so 5 % of the side)
    /// and, past the glass, its soft shadow (radius 18, 8 pt down: three standard deviations of the blur below
    /// and beside the shapes). Without it the canvas would end at the row and cut them off.
    static let spill = 40.0

    /// Where an overlay child goes: the canvas over the row and around it, the accessible objects and the Settings
    /// action over the shapes they stand for.
    private func place(_ child: UnsafeMutablePointer<GtkWidget>) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
        let width = gtk_widget_get_width(widget)
        let height = gtk_widget_get_height(widget)
        if child == canvas {
            let headroom = Int32(self.headroom)
            let spill = Int32(Self.spill)
            return (-spill, -headroom, width + 2 * spill, height + headroom + spill)
        }
        let now = scheduler.now
        let layout = currentLayout(at: now)
        let rect: Rect?
        if child == settingsButton {
            // A little larger than the word, so it is easy to hit.
            rect = renderer.settingsActionRect(for: currentScene(at: now)).map {
                Rect(minX: $0.minX - 4, minY: $0.minY - 4, maxX: $0.maxX + 4, maxY: $0.maxY + 4)
            }
        } else if let slider = previewSliders.first(where: { $0.widget == child }) {
            rect = layout.capsule?.paused.flatMap { Self.sliderRect(slider.part, in: $0) }
        } else if child == pauseBubbleButton || child == playButton {
            rect = child == playButton ? layout.capsule?.paused?.playTarget.rect : layout.pauseBubble?.shape.rect
        } else {
            rect = child == capsuleElement ? layout.capsule?.shape.rect : layout.trash?.shape.rect
        }
        guard let rect, rect.width >= 1, rect.height >= 1 else { return (0, 0, 1, 1) }
        return (
            Int32(rect.minX.rounded()), Int32(rect.minY.rounded()), Int32(rect.width.rounded()),
            Int32(rect.height.rounded())
        )
    }
}
