import CGtk
import VoiceRecorder
import VoiceRecorderRendering

/// Frames: GTK's frame clock drives the animator while something moves (or a take records: its dot, bars and
/// clock move), and each frame draws the renderer's scene for the layout at that moment, moves the accessible
/// objects with their shapes and fades the content under the capsule.
extension VoiceRecorderWidget {
    /// Runs the frame clock until the motion settles (and while a take records).
    func requestFrames() {
        gtk_widget_queue_draw(canvas)
        guard tickID == 0, !isGone else { return }
        tickID = Signals.addTickCallback(canvas) { [weak self] in self?.frameTick() ?? false }
    }

    /// One frame: redraw, update the content and the accessible objects; false once everything has settled.
    private func frameTick() -> Bool {
        let now = scheduler.now
        gtk_widget_queue_draw(canvas)
        updateContent(at: now)
        updateAccessibility(force: false)
        // The accessible objects and the Settings action follow their shapes as they move.
        if session.phase != .idle || gtk_widget_get_visible(settingsButton) != 0 { gtk_widget_queue_allocate(widget) }
        // A paused take being listened to moves its playhead and clock: frames run on (at GTK's frame rate, well
        // above the 30 a second of SPEC D.3).
        let settled =
            animator.isSettled(at: now) && clockDigits.isSettled(at: now) && !session.phase.isRecording
            && !session.isListening
        followWaveformTrack()
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
    func focusIsInside(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// The layout input for `time`: the widget's geometry and settings, the session's clock, the animator's motion.
    func currentInput(at time: Double) -> BandLayoutInput {
        let phase = session.phase
        // The capsule's clock runs from the hold, even before a slow microphone's first audio.
        let elapsed = session.clock
        let countdown = Countdown.isActive(elapsed: elapsed, maximum: session.durations.maximum)
        var input = BandLayoutInput(
            width: allocatedWidth, textScale: textScale, direction: direction,
            style: style, hasContent: content != nil, dotBreathes: phase.isRecording && !countdown,
            elapsed: elapsed, time: time, preview: previewShown())
        animator.frame(at: time).apply(to: &input)
        return input
    }

    /// The layout drawn at `time`, with the texts measured as the renderer draws them (hit tests must agree with the
    /// picture).
    func currentLayout(at time: Double) -> BandLayout { renderer.layout(for: currentScene(at: time)) }

    /// What the renderer draws at `time`.
    func currentScene(at time: Double) -> ControlScene {
        // Listening, the clock shows the playhead's position (SPEC D.2).
        let clock =
            session.isListening
            ? session.playhead.map { ClockReading(elapsed: $0, maximum: session.durations.maximum, messages: messages) }
            : nil
        return ControlScene(
            layout: currentInput(at: time), phase: session.phase, windowLoudnesses: session.windows,
            maximumDuration: session.durations.maximum, clock: clock, hint: hint, messages: messages,
            appearance: (darkOverride ?? settings.dark) ? .dark : .light, highContrast: settings.highContrast,
            isEnabled: gtk_widget_is_sensitive(widget) != 0)
    }

    func connectDrawing() {
        Signals.setDrawFunction(canvas) { [weak self] cr, _, _ in self?.draw(cr) }
    }

    private func draw(_ cr: OpaquePointer) {
        let now = scheduler.now
        var scene = currentScene(at: now)
        // A clock that shows new digits starts their change, which needs frames to run until it settles (a seek
        // while paused changes them with nothing else moving).
        if clockDigits.show(session.phase == .idle ? nil : scene.clock.text, at: now) { requestFrames() }
        scene.clockChange = clockDigits.frame(at: now)
        cairo_save(cr)
        // The canvas starts `spill` before the row and `headroom` above it: move to band coordinates.
        cairo_translate(cr, Self.spill, headroom)
        renderer.draw(scene: scene, on: cr)
        cairo_restore(cr)
    }
}
