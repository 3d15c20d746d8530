import CGtk
import Foundation
import VoiceMemos
import VoiceRecorderGTK

/// The editor's waveform (SPEC I.1): what the edits keep, the selection between the two handles in the accent
/// colour over a tint and the rest faint, and a cursor while listening. The handles are widgets of their own over
/// it (`MemoEditorPage`); a press or a drag anywhere on it or them moves the nearer handle there (`onPress`,
/// `onDrag`: seconds of what is kept). Right to left, time runs from the right.
final class EditorWaveformView {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// A press at these seconds, and where a drag from it has got to.
    var onPress: ((Double) -> Void)?
    var onDrag: ((Double) -> Void)?

    /// What is drawn, as the editor has it.
    var editor: MemoEditor? { didSet { if editor != oldValue { gtk_widget_queue_draw(widget) } } }
    /// Where the listening is, seconds of what is kept; nil when not listening.
    var cursor: Double? { didSet { if cursor != oldValue { gtk_widget_queue_draw(widget) } } }

    private static let barWidth = 3.0, barSpacing = 2.0

    init() {
        widget = gtk_drawing_area_new()!
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_size_request(widget, 200, 96)
        gtk_widget_add_css_class(widget, "editor-waveform")
        // The handles are what screen readers and the keyboard use; the drawing itself says nothing.
        GValues.setAccessibleHidden(widget)
        Signals.setDrawFunction(widget) { [weak self] cr, width, height in self?.draw(cr, width, height) }
    }

    /// Follows presses and drags on `surface` (the waveform with the handles over it, which fills the same space):
    /// a press on a handle is a press on the waveform there.
    func followPresses(on surface: UnsafeMutablePointer<GtkWidget>) {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(drag, 1)
        var startX = 0.0
        Signals.connectPoint(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self] x, _ in
            guard let self else { return }
            gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            startX = x
            onPress?(seconds(atX: x))
        }
        Signals.connectPoint(UnsafeMutableRawPointer(drag), "drag-update") { [weak self] dx, _ in
            guard let self else { return }
            onDrag?(seconds(atX: startX + dx))
        }
        gtk_widget_add_controller(surface, drag)
    }

    /// The x (from the widget's left) of `seconds` of what is kept.
    func x(of seconds: Double) -> Double {
        let width = Double(gtk_widget_get_width(widget))
        guard let duration = editor?.duration, duration > 0 else { return 0 }
        let along = min(max(seconds / duration, 0), 1) * width
        return isRightToLeft ? width - along : along
    }

    private func seconds(atX x: Double) -> Double {
        let width = Double(max(gtk_widget_get_width(widget), 1))
        var fraction = min(max(x / width, 0), 1)
        if isRightToLeft { fraction = 1 - fraction }
        return fraction * (editor?.duration ?? 0)
    }

    private var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }

    private func draw(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        guard let editor, editor.duration > 0 else { return }
        let context = gtk_widget_get_style_context(widget)
        var ink = GdkRGBA(red: 0.2, green: 0.2, blue: 0.2, alpha: 1)
        gtk_style_context_get_color(context, &ink)
        var accent = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)
        _ = gtk_style_context_lookup_color(context, "accent_color", &accent)
        let selected = (min(x(of: editor.start), x(of: editor.end)), max(x(of: editor.start), x(of: editor.end)))
        // The selection's tint, behind the bars.
        setColor(cr, accent, alpha: 0.12)
        cairo_rectangle(cr, selected.0, 0, selected.1 - selected.0, height)
        cairo_fill(cr)

        let levels = editor.waveform.levels
        let pitch = Self.barWidth + Self.barSpacing
        let bars = max(Int((width + Self.barSpacing) / pitch), 1)
        let step = bars > 1 ? (width - Self.barWidth) / Double(bars - 1) : 0
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, Self.barWidth)
        for inside in [false, true] {
            for bar in 0 ..< bars {
                let x = Self.barWidth / 2 + Double(bar) * step
                guard (x >= selected.0 && x <= selected.1) == inside, !levels.isEmpty else { continue }
                let start = bar * levels.count / bars
                let end = min(max((bar + 1) * levels.count / bars, start + 1), levels.count)
                let level = Double(levels[start ..< end].max() ?? 0) / Double(UInt8.max)
                let half = max((height - Self.barWidth) * level, 0) / 2
                cairo_move_to(cr, x, height / 2 - half)
                cairo_line_to(cr, x, height / 2 + half)
            }
            setColor(cr, inside ? accent : ink, alpha: inside ? 1 : 0.35)
            cairo_stroke(cr)
        }
        if let cursor {
            setColor(cr, ink, alpha: 0.9)
            cairo_rectangle(cr, min(max(x(of: cursor) - 1, 0), width - 2), 0, 2, height)
            cairo_fill(cr)
        }
    }

    private func setColor(_ cr: OpaquePointer, _ color: GdkRGBA, alpha: Double) {
        cairo_set_source_rgba(
            cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * alpha)
    }
}
