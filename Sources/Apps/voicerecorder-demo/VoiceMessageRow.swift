import CGtk
import Foundation
import VoiceRecorder
import VoiceRecorderGTK

/// One sent voice message: a rounded, tinted bubble at the trailing edge holding a play/stop button, the waveform
/// with the playback progress drawn over it (the played part in ink, the rest faint), and the duration — the
/// position while playing. Pressing or dragging on the waveform seeks. The row only shows and reports; the
/// `MessageList` owns playback, so only one message plays at a time.
/// Touched on the GTK thread only, hence `@unchecked Sendable`.
/// `@unchecked Sendable`: touched on the GTK thread only
final class VoiceMessageRow: @unchecked Sendable {
    /// What the row shows about playback.
    enum State: Equatable {
        case idle, playing
        /// Playing failed; the text says why (shown under the waveform and as the button's tooltip).
        case failed(String)
    }

    /// The bubble, to append to the list.
    let widget: UnsafeMutablePointer<GtkWidget>
    let recording: Recording
    /// Play/stop was pressed.
    var onToggle: (() -> Void)?
    /// The waveform was pressed or dragged at this fraction of its length (0…1).
    var onSeek: ((Double) -> Void)?

    /// The playback position in seconds (0 when idle).
    var position = 0.0 { didSet { refresh() } }
    var state = State.idle { didSet { refresh() } }

    /// The play/stop button (scripts click it: its centre is on the `message` event line).
    let playButton: UnsafeMutablePointer<GtkWidget>
    private let glyph: UnsafeMutablePointer<GtkWidget>
    /// The waveform, pressed or dragged to seek.
    let wave: UnsafeMutablePointer<GtkWidget>
    private let timeLabel: UnsafeMutablePointer<GtkWidget>
    private let errorLabel: UnsafeMutablePointer<GtkWidget>

    static let waveWidth: Int32 = 180

    init(recording: Recording) {
        self.recording = recording
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        playButton = gtk_button_new()
        glyph = gtk_drawing_area_new()
        wave = gtk_drawing_area_new()
        timeLabel = gtk_label_new(nil)
        errorLabel = gtk_label_new(nil)
        build()
        refresh()
    }

    private func build() {
        // END is the trailing edge, so the bubble sits at the right, or at the left right to left.
        gtk_widget_set_halign(widget, GTK_ALIGN_END)
        gtk_widget_set_margin_top(widget, 6)
        gtk_widget_set_margin_bottom(widget, 2)
        gtk_widget_set_margin_start(widget, 48)
        gtk_widget_set_margin_end(widget, 14)
        gtk_widget_add_css_class(widget, "voice-bubble")

        gtk_widget_add_css_class(playButton, "play-button")
        gtk_widget_set_valign(playButton, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(glyph, 36, 36)
        gtk_widget_set_can_target(glyph, 0)
        // The glyph only draws (the button's label says play or stop): unnamed, it would be read as a widget.
        GValues.setAccessibleHidden(glyph)
        gtk_button_set_child(cast(playButton), glyph)
        Signals.setDrawFunction(glyph) { [weak self] cr, width, height in self?.drawGlyph(cr, width, height) }
        Signals.connect(UnsafeMutableRawPointer(playButton), "clicked") { [weak self] in self?.onToggle?() }

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(wave, Self.waveWidth, 30)
        Signals.setDrawFunction(wave) { [weak self] cr, width, height in self?.drawWave(cr, width, height) }
        connectScrubbing()
        GValues.setAccessibleLabel(wave, "Waveform; press or drag to seek")
        gtk_label_set_xalign(cast(timeLabel), 0)
        gtk_widget_add_css_class(timeLabel, "time")
        gtk_label_set_xalign(cast(errorLabel), 0)
        gtk_label_set_wrap(cast(errorLabel), 1)
        gtk_label_set_max_width_chars(cast(errorLabel), 28)
        gtk_widget_add_css_class(errorLabel, "error-text")
        gtk_box_append(cast(column), wave)
        gtk_box_append(cast(column), timeLabel)
        gtk_box_append(cast(column), errorLabel)

        gtk_box_append(cast(widget), playButton)
        gtk_box_append(cast(widget), column)
    }

    private func connectScrubbing() {
        let drag = gtk_gesture_drag_new()!
        var startX = 0.0
        let raw = UnsafeMutableRawPointer(drag)
        Signals.connectPoint(raw, "drag-begin") { [weak self] x, _ in
            startX = x
            self?.seek(toX: x)
        }
        Signals.connectPoint(raw, "drag-update") { [weak self] dx, _ in self?.seek(toX: startX + dx) }
        gtk_widget_add_controller(wave, drag)
    }

    private func seek(toX x: Double) {
        let width = Double(max(gtk_widget_get_width(wave), 1))
        var fraction = min(max(x / width, 0), 1)
        // The waveform reads in the text's direction: right to left, its start is at the right.
        if gtk_widget_get_direction(wave) == GTK_TEXT_DIR_RTL { fraction = 1 - fraction }
        onSeek?(fraction)
    }

    private var progress: Double {
        recording.duration > 0 ? min(max(position / recording.duration, 0), 1) : 0
    }

    private func refresh() {
        let playing = state == .playing
        gtk_label_set_text(
            cast(timeLabel),
            Self.clock(playing || position > 0 ? position : recording.duration)
                + (playing || position > 0 ? " / " + Self.clock(recording.duration) : ""))
        let label = playing ? "Stop voice message" : "Play voice message"
        GValues.setAccessibleLabel(playButton, label)
        if case .failed(let message) = state {
            gtk_label_set_text(cast(errorLabel), "Cannot play: \(message)")
            gtk_widget_set_visible(errorLabel, 1)
            gtk_widget_set_tooltip_text(playButton, "Cannot play: \(message)")
        } else {
            gtk_widget_set_visible(errorLabel, 0)
            gtk_widget_set_tooltip_text(playButton, label)
        }
        gtk_widget_queue_draw(glyph)
        gtk_widget_queue_draw(wave)
    }

    // MARK: Drawing

    /// The theme's text colour for `widget` (so the drawing follows light and dark).
    private func ink(_ widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
        var color = GdkRGBA(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        return color
    }

    /// A filled circle in the accent colour with a play triangle, a stop square, or (after a failure) a "!".
    private func drawGlyph(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let radius = min(width, height) / 2
        let cx = width / 2
        let cy = height / 2
        if case .failed = state {
            cairo_set_source_rgb(cr, 0.75, 0.11, 0.16)
        } else {
            cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)
        }
        cairo_arc(cr, cx, cy, radius, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        switch state {
        case .playing:
            cairo_rectangle(cr, cx - 5, cy - 5, 10, 10)
            cairo_fill(cr)
        case .idle:
            // The triangle points in the reading direction and sits a little off-centre, as optical centring wants.
            let mirror = gtk_widget_get_direction(glyph) == GTK_TEXT_DIR_RTL ? -1.0 : 1.0
            cairo_move_to(cr, cx - 4 * mirror, cy - 7)
            cairo_line_to(cr, cx + 7 * mirror, cy)
            cairo_line_to(cr, cx - 4 * mirror, cy + 7)
            cairo_close_path(cr)
            cairo_fill(cr)
        case .failed:
            cairo_rectangle(cr, cx - 1.5, cy - 9, 3, 11)
            cairo_rectangle(cr, cx - 1.5, cy + 5, 3, 3)
            cairo_fill(cr)
        }
    }

    /// The waveform as round-ended bars; the played part in full ink, the rest faint.
    private func drawWave(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let samples = recording.samples.isEmpty ? [0.0] : recording.samples
        let color = ink(wave)
        let rtl = gtk_widget_get_direction(wave) == GTK_TEXT_DIR_RTL
        let pitch = width / Double(samples.count)
        let barWidth = max(min(pitch * 0.6, 3), 1)
        let playedX = progress * width
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, barWidth)
        for played in [false, true] {
            for (index, level) in samples.enumerated() {
                let along = (Double(index) + 0.5) * pitch
                guard (along <= playedX) == played else { continue }
                let x = rtl ? width - along : along
                let half = max((height - barWidth) * min(max(level, 0), 1), 0) / 2
                cairo_move_to(cr, x, height / 2 - half)
                cairo_line_to(cr, x, height / 2 + half)
            }
            cairo_set_source_rgba(
                cr, Double(color.red), Double(color.green), Double(color.blue),
                Double(color.alpha) * (played ? 1 : 0.35))
            cairo_stroke(cr)
        }
    }

    /// `m:ss`, in whole seconds heard (rounded down, so a position never runs ahead of the audio).
    private static func clock(_ seconds: Double) -> String {
        ClockFormat.text(elapsed: seconds, maximum: 0)
    }
}
