import CGtk
import VoiceRecorder

/// Pause and preview (SPEC D) in the widget: what the paused capsule shows comes from the session, presses on the
/// preview's parts go to `session.handle(PreviewInput)` (which part a press lands on is the layout's to say), and
/// the session is told where the waveform lies so a point on it reads as a time. The rules are the core's.
extension VoiceRecorderWidget {
    /// What the paused capsule shows now: the session's paused take, or (while the capsule melts home after a send
    /// or a delete) what it last showed; nil with preview off or before a pause.
    func previewShown() -> BandLayoutInput.Preview? {
        guard session.preview else { return nil }
        if let kept = session.keptRange, let length = session.takeLength {
            let shown = BandLayoutInput.Preview(
                length: length, kept: kept, playhead: session.playhead ?? kept.start,
                isListening: session.isListening)
            lastPreview = shown
            return shown
        }
        return lastPreview
    }

    /// Tells the session where the paused waveform lies, as drawn now (nil when it is not shown).
    func followWaveformTrack() {
        guard session.preview else { return }
        let track = session.phase == .paused ? currentLayout(at: scheduler.now).waveformTrack : nil
        session.setWaveformTrack(track)
    }

    /// A press at `point` (band coordinates): true when it landed on a preview part, which then has it.
    func beginPreviewPress(at point: Point) -> Bool {
        guard session.preview, let part = currentLayout(at: scheduler.now).previewPart(at: point, phase: session.phase)
        else { return false }
        previewPress = part
        if !part.isButton {
            followWaveformTrack()
            session.handle(.dragBegan(part, x: point.x))
            requestFrames()
        }
        return true
    }

    /// The pressed pointer moved to `point`.
    func movePreviewPress(to point: Point) {
        guard let part = previewPress, !part.isButton else { return }
        session.handle(.dragMoved(x: point.x))
        requestFrames()
    }

    /// The pointer came up at `point`: a button is clicked only if it comes up on the same part.
    func endPreviewPress(at point: Point) {
        guard let part = previewPress else { return }
        previewPress = nil
        if part.isButton {
            if currentLayout(at: scheduler.now).previewPart(at: point, phase: session.phase) == part {
                session.handle(.click(part))
            }
        } else {
            session.handle(.dragEnded(x: point.x))
        }
        requestFrames()
    }

    /// The system took the press away.
    func cancelPreviewPress() {
        guard previewPress != nil else { return }
        previewPress = nil
        session.handle(.dragCancelled)
    }
}

extension VoiceRecorderWidget {
    /// Where the preview's parts are now, in the coordinates of `ancestor` (the window, say), for scripts and tests
    /// that drive the control with a pointer: the centre of each part shown, and the waveform's row.
    public struct PreviewGeometry: Sendable, Equatable {
        /// The pause/mic bubble's centre, nil while it is home.
        public var bubble: Point?
        /// The play button's, the start handle's and the end handle's centres, nil unless paused.
        public var playButton: Point?
        public var startHandle: Point?
        public var endHandle: Point?
        /// The waveform's row, nil unless paused.
        public var waveform: Rect?
    }

    /// The preview's parts as laid out now, in `ancestor`'s coordinates (nil when the widget is not in it).
    public func previewGeometry(in ancestor: UnsafeMutablePointer<GtkWidget>) -> PreviewGeometry? {
        let layout = currentLayout(at: scheduler.now)
        func converted(_ point: Point) -> Point? {
            var from = graphene_point_t(x: Float(point.x), y: Float(point.y))
            var out = graphene_point_t()
            guard gtk_widget_compute_point(widget, ancestor, &from, &out) != 0 else { return nil }
            return Point(x: Double(out.x), y: Double(out.y))
        }
        guard converted(.zero) != nil else { return nil }
        let items = layout.capsule?.paused
        let waveform = items.flatMap { items -> Rect? in
            guard let origin = converted(items.waveform.origin) else { return nil }
            return Rect(origin: origin, size: items.waveform.size)
        }
        return PreviewGeometry(
            bubble: layout.pauseBubble.flatMap { converted($0.shape.rect.center) },
            playButton: items.flatMap { converted($0.playGlyph.center) },
            startHandle: items.flatMap { converted($0.startHandle.center) },
            endHandle: items.flatMap { converted($0.endHandle.center) }, waveform: waveform)
    }
}

// MARK: - The preview's buttons (keyboard and screen readers, SPEC D.7)

extension VoiceRecorderWidget {
    /// The pause/mic bubble and the play button as real buttons over their shapes: reached with Tab, activated by
    /// a screen reader or the keyboard, read as "Pause recording" / "Resume recording" and "Play recording" /
    /// "Pause". The bubble rises above the row, so it takes the pointer too (the overlay's capture-phase gesture
    /// claims the press before the button sees it, and routes it as a preview click).
    func buildPreviewButtons() {
        Self.installStyleSheet()
        for button in [pauseBubbleButton, playButton] {
            gtk_widget_add_css_class(button, "voicerecorder-preview-button")
            gtk_widget_set_focusable(button, 1)
            gtk_overlay_add_overlay(OpaquePointer(widget), button)
            gtk_widget_set_visible(button, 0)
        }
        gtk_widget_set_can_target(playButton, 0)
    }

    func connectPreviewButtons() {
        Signals.connect(UnsafeMutableRawPointer(pauseBubbleButton), "clicked") { [weak self] in
            self?.session.handle(.click(.pauseBubble))
        }
        Signals.connect(UnsafeMutableRawPointer(playButton), "clicked") { [weak self] in
            self?.session.handle(.click(.playButton))
        }
    }

    /// The buttons' and the sliders' labels and presence, from the core's `PreviewAccessibility`.
    func updatePreviewAccessibility(force: Bool) {
        guard session.preview else { return }
        let model = PreviewAccessibility.make(
            phase: session.phase, isListening: session.isListening, playhead: session.playhead,
            kept: session.keptRange, messages: messages)
        guard force || model != lastPreviewAccessibility else { return }
        lastPreviewAccessibility = model
        for (button, element) in [(pauseBubbleButton, model.bubble), (playButton, model.playButton)] {
            if let element { GValues.setAccessible(button, [(GTK_ACCESSIBLE_PROPERTY_LABEL, element.label)]) }
            gtk_widget_set_visible(button, element == nil ? 0 : 1)
        }
        updatePreviewSliders(model.adjustables)
    }
}
