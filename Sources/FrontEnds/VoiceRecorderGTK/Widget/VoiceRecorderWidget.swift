import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderRendering

/// The hold-to-record control as a GTK 4 widget (SPEC A, C): it wraps the app's own content (a `GtkEntry`, say),
/// which fills the leading space, with the mic resting at the trailing end 26 pt from it.
///
/// Structure (one `GtkOverlay`, `widget`):
/// - the row: the content, then the mic — a flat `GtkButton` that takes no pointer input itself but holds the
///   keyboard focus and is the mic's accessible object (role button, label, description, activation);
/// - a canvas (`GtkDrawingArea`) laid over the row *and the space around it*, through the overlay's
///   `get-child-position`: the lane and the hints rise above the row over the app's other widgets, and the swollen
///   mic and the glass's soft shadow spill past its edges, so nothing of the control is cut off at the row; it takes
///   no input;
/// - two more accessible objects placed over their shapes: the capsule (a label "Recording" whose value is the spoken
///   time) and the trash ("Delete" button), each shown only when that part is (hidden elements are hidden widgets,
///   which GTK 4.8 leaves out of the accessibility tree);
/// - the access-off hint's Settings action: a borderless button over the drawn link, so it can be clicked, reached
///   with Tab and activated by a screen reader; it opens the desktop's sound settings (`SoundSettings`).
///
/// Pointer input is one `GtkGestureDrag` on the overlay in the capture phase: presses on the mic (or the send button,
/// or the trash) are claimed, everything else is left to the content. The 0.18 s hold runs on the session's timer
/// (`RecorderControl.holdDeadline`), not GTK's 500 ms long press. Motion comes from `ControlAnimator` on GTK's frame
/// clock, which runs only while something moves or a take records.
public final class VoiceRecorderWidget {
    /// The widget to pack into the app's window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The session the control drives.
    public let session: Session
    /// Receives each sent take.
    public var onSend: ((Recording) -> Void)?
    /// Hears about each discarded take (never a too-short one).
    public var onCancel: ((DiscardReason) -> Void)?
    /// Every session event, after the control has drawn its consequences.
    public var onEvent: ((SessionEvent) -> Void)?
    /// The texts shown and spoken.
    public var messages: Messages {
        didSet { session.messages = messages; updateAccessibility(force: true) }
    }
    /// The look.
    public var style: Style { didSet { relayout() } }
    /// Overrides the desktop's text scaling factor (nil follows the desktop).
    public var textScaleOverride: Double? { didSet { relayout() } }
    /// Overrides the desktop's dark preference (nil follows the desktop).
    public var darkOverride: Bool? { didSet { requestFrames() } }
    /// Opens the desktop's sound settings when the access-off hint's Settings action is used; the default tries
    /// `SoundSettings.candidates` and, when none exists, says so on standard error.
    public var openSettings: () -> SoundSettings.Outcome = {
        let outcome = SoundSettings.open()
        if case .unavailable(let tried, let reason) = outcome {
            let line = "VoiceRecorder: cannot open the sound settings (\(reason); tried: \(tried.joined(separator: ", ")))\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        return outcome
    }
    /// Hears what the Settings action did (after `openSettings`).
    public var onSettingsOpened: ((SoundSettings.Outcome) -> Void)?
    /// Hears each change of the geometry the reaches follow (`allocatedWidth`, `side`, `direction`), once the
    /// session has it: the window was resized, the text scale or the direction changed.
    public var onGeometryChanged: (() -> Void)?
    /// Paints one frame on a Cairo context in band coordinates, replacing the glass renderer (nil: `ControlRenderer`).
    public var painter: ((ControlFrame, OpaquePointer) -> Void)?
    /// The glass look: Cairo and Pango, from the band layout.
    private let renderer = ControlRenderer()

    private let content: UnsafeMutablePointer<GtkWidget>?
    private let row: UnsafeMutablePointer<GtkWidget>
    /// The mic's keyboard and accessibility object.
    public let micButton: UnsafeMutablePointer<GtkWidget>
    private let canvas: UnsafeMutablePointer<GtkWidget>
    private let capsuleElement: UnsafeMutablePointer<GtkWidget>
    private let trashButton: UnsafeMutablePointer<GtkWidget>
    private let settingsButton: UnsafeMutablePointer<GtkWidget>
    private let scheduler: SessionScheduler

    private var settings = DesktopSettings.current()
    private var animator: ControlAnimator
    private var hint: HintKind?
    private var tickID: guint = 0
    private var pointerTarget: PointerTarget = .none
    private var pressStart = Point.zero
    private var lastAccessibility: AccessibilityModel?
    private var isGone = false
    /// The content had the keyboard focus when the capsule covered it: it gets it back when uncovered.
    private var contentHadFocus = false
    /// What `followGeometry()` last told the session.
    private var followedGeometry: (width: Double, side: Double, direction: LayoutDirection)?

    private enum PointerTarget { case none, mic, trash }

    /// A control around `content` (nil: the mic alone at the trailing end) driving `session`, whose scheduler must
    /// run on the GTK thread (a `GLibScheduler`).
    public init(content: UnsafeMutablePointer<GtkWidget>?, session: Session, style: Style = Style(),
                messages: Messages = Messages()) {
        self.content = content
        self.session = session
        self.style = style
        self.messages = messages
        scheduler = session.scheduler
        session.messages = messages
        animator = ControlAnimator(reduceMotion: settings.reduceMotion, at: session.scheduler.now)

        widget = gtk_overlay_new()
        row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        micButton = gtk_button_new()
        canvas = gtk_drawing_area_new()
        capsuleElement = gtk_label_new(nil)
        trashButton = gtk_button_new()
        settingsButton = gtk_button_new_with_label(messages.settings)
        build()
    }

    /// A control around `content` with its own session on the GTK thread, recording from `source` into files made
    /// by `writers`, with the take length limits of SPEC A.4.
    public convenience init(content: UnsafeMutablePointer<GtkWidget>?, source: some AudioSource,
                            writers: TakeWriterFactory, maximumDuration: Double = Durations.defaultMaximum,
                            minimumDuration: Double = Durations.defaultMinimum, messages: Messages = Messages(),
                            style: Style = Style()) {
        let session = Session(source: source, writers: writers, scheduler: GLibScheduler(),
                              durations: Durations(minimum: minimumDuration, maximum: maximumDuration),
                              messages: messages, style: style)
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
        relayout()

        let raw = UnsafeMutableRawPointer(widget)
        Signals.connectChildPosition(raw) { [weak self] child in self?.place(child) }
        // The reaches depend on the allocated width (and the direction): followed whenever either changes, never
        // read once at construction, when the widget has no size yet.
        Signals.connectResize(UnsafeMutableRawPointer(canvas)) { [weak self] _, _ in self?.followGeometry() }
        Signals.connectDirectionChanged(raw) { [weak self] in self?.relayout() }
        connectDrawing()
        connectPointer()
        connectKeys()
        Signals.connect(UnsafeMutableRawPointer(micButton), "clicked") { [weak self] in
            self?.session.handle(.activate)
        }
        Signals.connect(UnsafeMutableRawPointer(trashButton), "clicked") { [weak self] in self?.session.cancel() }
        Signals.connect(UnsafeMutableRawPointer(settingsButton), "clicked") { [weak self] in self?.settingsActivated() }
        Signals.connectStateFlagsChanged(raw) { [weak self] in self?.sensitivityMayHaveChanged() }
        Signals.connect(raw, "realize") { [weak self] in self?.watchToplevel() }
        Signals.connect(raw, "unmap") { [weak self] in self?.leftTheScreen() }
        Signals.connect(raw, "destroy") { [weak self] in self?.goAway() }
        DesktopSettings.observe { [weak self] in
            guard let self else { return }
            settings = DesktopSettings.current()
            animator.reduceMotion = settings.reduceMotion
            relayout()
        }

        session.onSend = { [weak self] recording in self?.onSend?(recording) }
        session.onCancel = { [weak self] reason in self?.onCancel?(reason) }
        session.onEvent = { [weak self] event in self?.handle(event) }
        updateAccessibility(force: true)
    }

    /// Sizes the row for the side (after a change of text scale, style or direction) and follows the new geometry.
    private func relayout() {
        let side = Int32(self.side.rounded())
        gtk_widget_set_size_request(micButton, side, side)
        gtk_widget_set_size_request(row, -1, side)
        gtk_widget_set_margin_start(micButton, content == nil ? 0 : Int32(BandLayout.contentGap))
        gtk_widget_set_valign(micButton, GTK_ALIGN_CENTER)
        followGeometry()
        gtk_widget_queue_allocate(widget)
        requestFrames()
    }

    /// The control's width as allocated (1 before the first allocation, which the canvas's resize then follows).
    public var allocatedWidth: Double { Double(max(gtk_widget_get_width(widget), 1)) }

    /// Tells the session and the animator the geometry the reaches and the mirroring depend on: the allocated
    /// width, the side for the text scale, the direction. Takes effect from the next press.
    private func followGeometry() {
        session.resizeControl(width: allocatedWidth, style: style, textScale: textScale, direction: direction)
        animator.direction = direction
        let geometry = (width: allocatedWidth, side: side, direction: direction)
        guard followedGeometry.map({ $0 != geometry }) ?? true else { return }
        followedGeometry = geometry
        onGeometryChanged?()
    }

    /// How far above the row the canvas reaches: room for the stretched lane and a few lines of hint (plus the
    /// shadow's reach above the highest of them).
    private var headroom: Double { (side * 4 + Self.spill).rounded() }

    /// How far the drawing spills past the row's other three edges: the swollen mic (1.1×, so 5 % of the side)
    /// and, past the glass, its soft shadow (radius 18, 8 pt down: three standard deviations of the blur below
    /// and beside the shapes). Without it the canvas would end at the row and cut them off.
    static let spill = 40.0

    private func place(_ child: UnsafeMutablePointer<GtkWidget>) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        if child == canvas {
            let headroom = Int32(self.headroom), spill = Int32(Self.spill)
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
        } else {
            rect = child == capsuleElement ? layout.capsule?.shape.rect : layout.trash?.shape.rect
        }
        guard let rect, rect.width >= 1, rect.height >= 1 else { return (0, 0, 1, 1) }
        return (Int32(rect.minX.rounded()), Int32(rect.minY.rounded()), Int32(rect.width.rounded()),
                Int32(rect.height.rounded()))
    }

    // MARK: - Session events

    private func handle(_ event: SessionEvent) {
        let now = scheduler.now
        switch event {
        case .phase(let phase):
            animator.handle(.phase(phase), at: now)
            updateAccessibility(force: true)
            gtk_widget_queue_allocate(widget)
        case .pressed(let pressed):
            animator.handle(.pressed(pressed), at: now)
        case .springHome(let velocity):
            animator.handle(.springHome(velocity: velocity), at: now)
        case .sent:
            animator.handle(.ended(.sent), at: now)
        case .tooShort:
            animator.handle(.ended(.tooShort), at: now)
        case .cancelled(let reason):
            animator.handle(.ended(reason == .cancelled ? .discarded : .dropped), at: now)
        case .hint(let kind, _):
            hint = kind
            animator.handle(.hint(true), at: now)
            showSettingsAction(kind == .accessOff)
        case .hintHidden:
            animator.handle(.hint(false), at: now)
            showSettingsAction(false)
        case .announce(let text):
            announce(text)
        case .feedback, .accessRequested, .failure, .missingMicrophoneUsageDeclaration, .passThrough:
            break
        }
        requestFrames()
        onEvent?(event)
    }

    /// Feeds the drag interpreter's state to the animator after a finger moved.
    private func followDrag() {
        guard let drag = session.control.drag else { return }
        animator.handle(.drag(slide: drag.slide, stretch: drag.stretch, cancelProgress: drag.cancelProgress,
                              armed: drag.isArmed, showsLane: drag.showsLane), at: scheduler.now)
        requestFrames()
    }

    // MARK: - Pointer

    private func connectPointer() {
        let gesture = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(gesture, 1)
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
        let raw = UnsafeMutableRawPointer(gesture)
        Signals.connectPoint(raw, "drag-begin") { [weak self] x, y in
            guard let self else { return }
            pointerTarget = target(at: Point(x: x, y: y))
            guard pointerTarget != .none else {
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
            pressStart = Point(x: x, y: y)
            if pointerTarget == .mic { session.handle(.touchDown(pressStart, fingers: 1)) }
        }
        Signals.connectPoint(raw, "drag-update") { [weak self] dx, dy in
            guard let self, pointerTarget == .mic else { return }
            session.handle(.touchMove(pressStart + Point(x: dx, y: dy)))
            followDrag()
        }
        Signals.connectPoint(raw, "drag-end") { [weak self] dx, dy in
            guard let self else { return }
            let point = pressStart + Point(x: dx, y: dy)
            switch pointerTarget {
            case .mic: session.handle(.touchUp(point))
            case .trash: if target(at: point) == .trash { session.cancel() }
            case .none: break
            }
            pointerTarget = .none
        }
        Signals.connectGestureCancel(raw) { [weak self] in
            guard let self, pointerTarget == .mic else { return }
            // Making the widget insensitive resets its gestures before "state-flags-changed" is emitted: the
            // cancel arrives first, and must count as the disabling it is (the take cancelled as Delete), not as
            // a touch the system took away.
            if gtk_widget_get_sensitive(widget) == 0 || gtk_widget_is_sensitive(widget) == 0 {
                session.interrupt(.disabled)
            }
            forgetPress()
        }
        gtk_widget_add_controller(widget, gesture)
    }

    /// What a press at `point` (band coordinates) lands on.
    private func target(at point: Point) -> PointerTarget {
        let layout = currentLayout(at: scheduler.now)
        if contains(layout.mic.shape.rect, point) { return .mic }
        if let trash = layout.trash, session.phase == .locked || session.phase == .stopped,
           contains(trash.shape.rect, point) { return .trash }
        return .none
    }

    private func contains(_ rect: Rect, _ point: Point) -> Bool {
        // Circles and pills: inside the rounded shape, judged by the distance to the rectangle's core line.
        let radius = min(rect.width, rect.height) / 2
        let cx = min(max(point.x, rect.minX + radius), rect.maxX - radius)
        let cy = min(max(point.y, rect.minY + radius), rect.maxY - radius)
        return Point(x: cx, y: cy).distance(to: point) <= radius
    }

    // MARK: - Keys

    private func connectKeys() {
        let keys = gtk_event_controller_key_new()!
        // Capture phase: Space and Return must reach the control before the button's own activation bindings.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        let raw = UnsafeMutableRawPointer(keys)
        Signals.connectKeyPressed(raw) { [weak self] keyval, _ in
            guard let self else { return false }
            switch keyval {
            case 0x020: session.handle(.key(.spaceDown))                     // GDK_KEY_space
            case 0xff0d, 0xff8d: session.handle(.activate)                     // GDK_KEY_Return, GDK_KEY_KP_Enter
            case 0xff1b: session.handle(.key(.escape))                         // GDK_KEY_Escape
            default: return false
            }
            return true
        }
        Signals.connectKeyReleased(raw) { [weak self] keyval in
            if keyval == 0x020 { self?.session.handle(.key(.spaceUp)) }
        }
        gtk_widget_add_controller(micButton, keys)
    }

    // MARK: - Window, sensitivity, lifetime

    private func watchToplevel() {
        guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native) else { return }
        Signals.connectNotify(UnsafeMutableRawPointer(surface), property: "state") { [weak self] in
            let state = gdk_toplevel_get_state(surface)
            if state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0 { self?.leftTheScreen() }
        }
    }

    /// The window was minimised or the control hidden: the app left the foreground (A.6, C).
    private func leftTheScreen() {
        session.interrupt(.background)
        forgetPress()
    }

    /// The press on the mic (if any) is over without a lift the control will hear: the button may come up while
    /// the window is away, where GTK no longer reports it, or the gesture was reset. The session's control is told
    /// the touch was taken away; otherwise it would still be tracking the old press and ignore the next one (the
    /// first press after the window came back did nothing). Fed after any interruption, on an idle session it only
    /// forgets the press; on a held take it would end it as interrupted, as a cancelled touch does.
    private func forgetPress() {
        // Whatever the gesture reports later for this press is not a new touch.
        pointerTarget = .none
        session.handle(.touchCancel)
    }

    private func sensitivityMayHaveChanged() {
        if gtk_widget_is_sensitive(widget) == 0 && session.phase != .idle { session.interrupt(.disabled) }
        requestFrames()
    }

    private func goAway() {
        guard !isGone else { return }
        isGone = true
        if tickID != 0 { gtk_widget_remove_tick_callback(canvas, tickID); tickID = 0 }
        session.interrupt(.gone)
        session.onEvent = nil
    }

    // MARK: - Frames

    /// Runs the frame clock until the motion settles (and while a take records: its dot, bars and clock move).
    private func requestFrames() {
        gtk_widget_queue_draw(canvas)
        guard tickID == 0, !isGone else { return }
        let box = Unmanaged.passRetained(Signals.Box<() -> Bool> { [weak self] in self?.frameTick() ?? false })
            .toOpaque()
        tickID = gtk_widget_add_tick_callback(canvas, { _, _, data in
            // G_SOURCE_CONTINUE (1) while moving, G_SOURCE_REMOVE (0) once settled.
            Unmanaged<Signals.Box<() -> Bool>>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0
        }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }

    /// One frame: redraw, update the content and the accessible objects; false once everything has settled.
    private func frameTick() -> Bool {
        let now = scheduler.now
        gtk_widget_queue_draw(canvas)
        updateContent(at: now)
        updateAccessibility(force: false)
        // The accessible objects and the Settings action follow their shapes as they move.
        if session.phase != .idle || gtk_widget_get_visible(settingsButton) != 0 { gtk_widget_queue_allocate(widget) }
        let settled = animator.isSettled(at: now) && !session.phase.isRecording
        if settled {
            tickID = 0
            gtk_widget_queue_allocate(widget)
        }
        return !settled
    }

    private func updateContent(at now: Double) {
        guard let content else { return }
        let frame = animator.frame(at: now)
        gtk_widget_set_opacity(content, frame.contentVisibility)
        // Covered by the capsule, the content takes no input (A.3).
        let covered = animator.contentIsCovered(at: now)
        guard covered == (gtk_widget_get_sensitive(content) != 0) else { return }
        if covered {
            // The focus leaves first: a text field made insensitive while it holds the focus never hears it go
            // (GTK warns), and the keyboard user would be left with no focus at all. The mic takes it: it is what
            // Return and Escape act on now.
            contentHadFocus = focusIsInside(content)
            if contentHadFocus { gtk_widget_grab_focus(micButton) }
            gtk_widget_set_sensitive(content, 0)
        } else {
            gtk_widget_set_sensitive(content, 1)
            if contentHadFocus && focusIsInside(micButton) { gtk_widget_grab_focus(content) }
            contentHadFocus = false
        }
    }

    /// Whether the window's focus is on `widget` or inside it (an entry's focus is on its inner text widget).
    private func focusIsInside(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// The layout input for `time`: the widget's geometry and settings, the session's clock, the animator's motion.
    func currentInput(at time: Double) -> BandLayoutInput {
        let phase = session.phase
        let elapsed = session.elapsed
        let countdown = Countdown.isActive(elapsed: elapsed, maximum: session.durations.maximum)
        var input = BandLayoutInput(
            width: allocatedWidth, textScale: textScale, direction: direction,
            style: style, hasContent: content != nil, dotBreathes: phase.isRecording && !countdown,
            elapsed: elapsed, time: time)
        animator.frame(at: time).apply(to: &input)
        return input
    }

    /// The layout drawn at `time`, with the texts measured as the renderer draws them (hit tests must agree with the
    /// picture).
    func currentLayout(at time: Double) -> BandLayout { renderer.layout(for: currentScene(at: time)) }

    /// What the renderer draws at `time`.
    func currentScene(at time: Double) -> ControlScene {
        ControlScene(
            layout: currentInput(at: time), phase: session.phase, windowLoudnesses: session.windows,
            maximumDuration: session.durations.maximum, hint: hint, messages: messages,
            appearance: (darkOverride ?? settings.dark) ? .dark : .light, highContrast: settings.highContrast,
            isEnabled: gtk_widget_is_sensitive(widget) != 0)
    }

    private func connectDrawing() {
        let box = Unmanaged.passRetained(Signals.Box<(OpaquePointer) -> Void> { [weak self] cr in self?.draw(cr) })
            .toOpaque()
        gtk_drawing_area_set_draw_func(cast(canvas), { _, cr, _, _, data in
            guard let cr else { return }
            Unmanaged<Signals.Box<(OpaquePointer) -> Void>>.fromOpaque(data!).takeUnretainedValue().body(cr)
        }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }

    private func draw(_ cr: OpaquePointer) {
        let now = scheduler.now
        let input = currentInput(at: now)
        let frame = ControlFrame(
            input: input, layout: BandLayout(input), phase: session.phase, windowLoudnesses: session.windows,
            maximumDuration: session.durations.maximum, hint: hint, messages: messages,
            dark: darkOverride ?? settings.dark, highContrast: settings.highContrast,
            isEnabled: gtk_widget_is_sensitive(widget) != 0)
        cairo_save(cr)
        // The canvas starts `spill` before the row and `headroom` above it: move to band coordinates.
        cairo_translate(cr, Self.spill, headroom)
        if let painter {
            painter(frame, cr)
        } else {
            renderer.draw(scene: currentScene(at: now), on: cr)
        }
        cairo_restore(cr)
    }

    // MARK: - Accessibility

    private func updateAccessibility(force: Bool) {
        let model = AccessibilityModel.make(phase: session.phase, screenReader: true, elapsed: session.elapsed,
                                            maximum: session.durations.maximum, messages: messages)
        guard force || model != lastAccessibility else { return }
        lastAccessibility = model
        GValues.setAccessible(micButton, [(GTK_ACCESSIBLE_PROPERTY_LABEL, model.micLabel),
                                          (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, model.micHint)])
        gtk_widget_set_tooltip_text(micButton, model.micHint)
        if let capsule = model.capsule {
            gtk_label_set_text(OpaquePointer(capsuleElement), capsule.value ?? "")
            // GTK 4.8 reports a label's value text to AT-SPI only through its text; the description carries the
            // spoken time too, so screen readers that read names and descriptions hear it.
            GValues.setAccessible(capsuleElement, [(GTK_ACCESSIBLE_PROPERTY_LABEL, capsule.label),
                                                   (GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, capsule.value),
                                                   (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, capsule.value)])
        }
        gtk_widget_set_visible(capsuleElement, model.capsule == nil ? 0 : 1)
        if let trash = model.trash {
            GValues.setAccessible(trashButton, [(GTK_ACCESSIBLE_PROPERTY_LABEL, trash.label)])
        }
        gtk_widget_set_visible(trashButton, model.trash == nil ? 0 : 1)
    }

    // MARK: - Settings action

    private func buildSettingsButton() {
        // Borderless and transparent: the renderer draws the link; the button is what is clicked, focused and read.
        gtk_widget_add_css_class(settingsButton, "voicerecorder-settings-action")
        Self.installStyleSheet()
        gtk_widget_set_focusable(settingsButton, 1)
        GValues.setAccessible(settingsButton, [(GTK_ACCESSIBLE_PROPERTY_LABEL, messages.settings),
                                               (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, messages.accessOff)])
        gtk_overlay_add_overlay(OpaquePointer(widget), settingsButton)
        gtk_widget_set_visible(settingsButton, 0)
    }

    /// The settings action's look: no frame or fill of its own, a focus ring when reached by keyboard.
    private static let styleSheet = """
        button.voicerecorder-settings-action { background: none; border: none; box-shadow: none; color: transparent;
          min-height: 0; min-width: 0; padding: 0; margin: 0; }
        button.voicerecorder-settings-action:focus-visible { outline: 2px solid alpha(currentColor, 0);
          box-shadow: inset 0 0 0 2px @accent_color; border-radius: 6px; }
        """

    private nonisolated(unsafe) static var styleSheetInstalled = false

    /// Adds the settings action's style sheet to the display once (GTK's styling is per display).
    private static func installStyleSheet() {
        guard !styleSheetInstalled, let display = gdk_display_get_default() else { return }
        styleSheetInstalled = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, styleSheet, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Shows the Settings action while the access-off hint is out; hiding it hands its focus back to the mic.
    private func showSettingsAction(_ shown: Bool) {
        if !shown && focusIsInside(settingsButton) { gtk_widget_grab_focus(micButton) }
        gtk_widget_set_visible(settingsButton, shown ? 1 : 0)
        // A keyboard user who pressed the mic is taken to the action, so Return or Space opens the settings; the
        // focus comes back to the mic when the hint goes home.
        if shown && focusIsInside(micButton) { gtk_widget_grab_focus(settingsButton) }
        gtk_widget_queue_allocate(widget)
    }

    private func settingsActivated() {
        let outcome = openSettings()
        onSettingsOpened?(outcome)
    }

    /// GTK 4.8 has no announcement API: the text goes into the mic's description, which screen readers report as
    /// it changes, and is restored by the next update.
    private func announce(_ text: String) {
        GValues.setAccessible(micButton, [(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)])
    }
}

/// A GTK instance pointer as a pointer to one of its parent or own types (GTK's cast macros don't import).
func cast<T>(_ instance: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(instance).assumingMemoryBound(to: T.self)
}

/// One frame of the control, as the widget hands it to a painter.
public struct ControlFrame: Sendable, Equatable {
    /// The layout input (geometry, motion, clocks).
    public var input: BandLayoutInput
    /// Where everything is.
    public var layout: BandLayout
    /// The session's phase.
    public var phase: Phase
    /// The take's 50 ms loudnesses, for the bars.
    public var windowLoudnesses: [Double]
    /// The take's maximum, for the clock's reserved width and the countdown.
    public var maximumDuration: Double
    /// The hint out (or last out), if any.
    public var hint: HintKind?
    /// The texts.
    public var messages: Messages
    /// The dark appearance.
    public var dark: Bool
    /// Solid fills instead of glass.
    public var highContrast: Bool
    /// False when the widget is insensitive: drawn desaturated.
    public var isEnabled: Bool

    public static func == (a: ControlFrame, b: ControlFrame) -> Bool {
        a.input == b.input && a.layout == b.layout && a.phase == b.phase && a.windowLoudnesses == b.windowLoudnesses
            && a.maximumDuration == b.maximumDuration && a.hint == b.hint && a.dark == b.dark
            && a.highContrast == b.highContrast && a.isEnabled == b.isEnabled
    }
}
