import CAdwaita
import CGtk
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderGTK

/// A memo's waveform drawn with Cairo from its samples (SPEC A.5, B.3): one rounded bar per slot across the whole
/// width, the part already heard in the accent colour and the rest faint, with a cursor where playback is. A press
/// or a drag on it asks to move there (`onSeek`, a fraction 0…1 of the memo). Right to left, it reads from the
/// right. For screen readers it is a slider whose value is the position in words; the play button and the time
/// beside it are what the keyboard uses.
final class WaveformView {
    /// The drawing area, to pack into a row.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// A press or drag at this fraction of the memo.
    var onSeek: ((Double) -> Void)?

    /// What is drawn: the memo's levels, oldest first (kept as the memo keeps them: no copy as doubles per row).
    var waveform = Waveform(levels: []) { didSet { if waveform != oldValue { gtk_widget_queue_draw(widget) } } }
    /// How far playback is, 0…1.
    var progress = 0.0 { didSet { if progress != oldValue { gtk_widget_queue_draw(widget) } } }
    /// Whether the cursor shows (while playing, or when the memo was left part-way).
    var showsCursor = false { didSet { if showsCursor != oldValue { gtk_widget_queue_draw(widget) } } }

    /// Bars are this wide, with this much space between them (as the control's bars: SPEC A.18's defaults).
    private static let barWidth = 3.0, barSpacing = 2.0

    init() {
        widget = GValues.newWidget(gtk_drawing_area_get_type(), accessibleRole: GTK_ACCESSIBLE_ROLE_SLIDER)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_size_request(widget, 60, 36)
        gtk_widget_add_css_class(widget, "waveform")
        Signals.setDrawFunction(widget) { [weak self] cr, width, height in self?.draw(cr, width, height) }
        connectSeeking()
    }

    /// Sets what screen readers read: "Playback position", and the value in words ("0:01 of 0:04").
    func setAccessibleValue(_ text: String) {
        GValues.setAccessibleLabel(widget, tr("Playback position"))
        GValues.setAccessible(widget, [(GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text)])
    }

    private func connectSeeking() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(drag, 1)
        var startX = 0.0
        let raw = UnsafeMutableRawPointer(drag)
        Signals.connectPoint(raw, "drag-begin") { [weak self] x, _ in
            // Claimed at once: a press on the waveform is a seek, not the start of the list's own drag.
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            startX = x
            self?.seek(toX: x)
        }
        Signals.connectPoint(raw, "drag-update") { [weak self] dx, _ in self?.seek(toX: startX + dx) }
        gtk_widget_add_controller(widget, drag)
    }

    private func seek(toX x: Double) {
        let width = Double(max(gtk_widget_get_width(widget), 1))
        var fraction = min(max(x / width, 0), 1)
        if isRightToLeft { fraction = 1 - fraction }
        onSeek?(fraction)
    }

    private var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }

    // MARK: Drawing

    private func draw(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let context = gtk_widget_get_style_context(widget)
        var ink = GdkRGBA(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        gtk_style_context_get_color(context, &ink)
        var accent = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)
        _ = gtk_style_context_lookup_color(context, "accent_color", &accent)

        let pitch = Self.barWidth + Self.barSpacing
        let bars = max(Int((width + Self.barSpacing) / pitch), 1)
        // The bars are spread over the whole width: whatever is left over goes between them.
        let step = bars > 1 ? (width - Self.barWidth) / Double(bars - 1) : 0
        let playedX = progress * width
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, Self.barWidth)
        for played in [false, true] {
            for bar in 0 ..< bars {
                let along = Self.barWidth / 2 + Double(bar) * step
                guard (along <= playedX && showsCursor) == played else { continue }
                let level = level(atBar: bar, of: bars)
                // At least a dot, so silence still reads as part of the memo.
                let half = max((height - Self.barWidth) * level, 0) / 2
                let x = isRightToLeft ? width - along : along
                cairo_move_to(cr, x, height / 2 - half)
                cairo_line_to(cr, x, height / 2 + half)
            }
            let color = played ? accent : ink
            cairo_set_source_rgba(
                cr, Double(color.red), Double(color.green), Double(color.blue),
                Double(color.alpha) * (played ? 1 : 0.35))
            cairo_stroke(cr)
        }
        guard showsCursor else { return }
        let cursorX = isRightToLeft ? width - playedX : playedX
        cairo_set_source_rgba(cr, Double(accent.red), Double(accent.green), Double(accent.blue), Double(accent.alpha))
        cairo_rectangle(cr, min(max(cursorX - 1, 0), width - 2), 0, 2, height)
        cairo_fill(cr)
    }

    /// The loudness a bar shows: the loudest sample in its stretch of the memo.
    private func level(atBar bar: Int, of bars: Int) -> Double {
        let levels = waveform.levels
        guard !levels.isEmpty else { return 0 }
        let start = bar * levels.count / bars
        let end = max((bar + 1) * levels.count / bars, start + 1)
        return Double(levels[start ..< min(end, levels.count)].max() ?? 0) / Double(UInt8.max)
    }
}
