import CAdwaita
import CGtk
import Foundation
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The geometry lines, for scripts that click: `ready` once the window is laid out (the mic's centre, the header
/// buttons', the number of memos), `view` when the page changes, and `row` whenever a row is laid out or moves.
/// Checked after each frame is painted (the frame clock's `after-paint`), so they follow scrolling, resizing and
/// rows coming and going, and cost nothing while nothing is drawn, nor where nobody reads the lines
/// (`EventLine.isRead`). The first screen being drawn is told to the model either way.
extension MemosWindow {
    func followGeometry() {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        if options.frameLines {
            // Connected after GTK's own handlers, so each runs as its phase ends (a frame may skip layout or paint).
            for (signal, phase) in [("before-paint", 0), ("layout", 1), ("paint", 2)] {
                Signals.connect(UnsafeMutableRawPointer(clock), signal) { [weak self] in
                    self?.phaseEnds[phase] = g_get_monotonic_time()
                }
            }
        }
        Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.reportGeometry() }
        gtk_widget_queue_draw(window)
    }

    private func reportGeometry() {
        if options.frameLines {
            // For measuring the drawing (scripts/memos-window-benchmark.py): when each frame was painted, how long
            // its layout and paint phases took, and where the list was scrolled to.
            let adjustment = gtk_scrolled_window_get_vadjustment(cast(memoList.widget))
            EventLine.print([
                "event": "frame", "t": .number(Double(g_get_monotonic_time()) / 1_000_000),
                "scroll": .number(gtk_adjustment_get_value(adjustment)),
                "height": .number(gtk_adjustment_get_upper(adjustment)),
                "page": .number(gtk_adjustment_get_page_size(adjustment)),
                "layoutMs": .number(Double(max(phaseEnds[1] - phaseEnds[0], 0)) / 1000),
                "paintMs": .number(Double(max(phaseEnds[2] - max(phaseEnds[1], phaseEnds[0]), 0)) / 1000),
            ])
            phaseEnds = [0, 0, 0]
        }
        if !isReady {
            guard model.state.library != .opening, model.state.library != .closed,
                gtk_widget_get_mapped(recorder.widget) != 0, gtk_widget_get_width(recorder.widget) > 0,
                let mic = recorder.micCenter(in: window)
            else { return }
            isReady = true
            // The first screen is on screen: the model reads the rest of the library now (whoever reads the lines).
            model.send(.firstScreenShown)
            guard EventLine.isRead else { return }
            var dx = 0.0
            var dy = 0.0
            if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &dx, &dy) }
            EventLine.print([
                "event": "ready", "mic": ["x": .number(mic.x + dx), "y": .number(mic.y + dy)],
                "memos": .integer(model.state.visibleMemos.count), "buttons": buttonCenters(),
                "direction": gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL ? "rtl" : "ltr",
                "dark": .bool(adw_style_manager_get_dark(adw_style_manager_get_default()) != 0),
                "recordingFormat": .string(recorder.format.rawValue),
                "microphones": microphoneChoicesJSON,
            ])
        }
        // The rest is only for scripts: the rows' geometry is not worked out where nobody reads it.
        guard EventLine.isRead else { return }
        if reportedView != page.rawValue {
            reportedView = page.rawValue
            EventLine.print(["event": "view", "view": .string(page.rawValue), "buttons": buttonCenters()])
        }
        reportBannerButton()
        reportEditorGeometry()
        let lines = page == .memos ? memoList.geometryLines(in: window) : deletedList.geometryLines(in: window)
        for line in lines { EventLine.print(line) }
    }

    /// The header buttons shown now, by name, and where their centres are.
    private func buttonCenters() -> JSONValue {
        var fields: [(String, JSONValue)] = []
        for (name, button) in [
            ("recentlyDeleted", deletedButton.widget), ("back", backButton.widget), ("search", searchButton.widget),
            ("menu", menuButton),
        ] {
            guard gtk_widget_get_visible(button) != 0, let center = windowCenter(button, in: window) else { continue }
            fields.append((name, point(center)))
        }
        return .object(fields)
    }
}
