import CGtk
import VoiceRecorderGTK
import VoiceRecorderJSON

/// Where things are on screen, for the `ready`, `control` and `message` lines scripts click by.
extension DemoApp {
    /// `point` in `widget`'s coordinates as X window coordinates (window coordinates moved by the surface
    /// transform, the client-side decoration's margin), or nil when not laid out.
    func windowPoint(_ widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) -> (x: Double, y: Double)? {
        var point = graphene_point_t(x: Float(x), y: Float(y))
        var out = graphene_point_t()
        guard gtk_widget_compute_point(widget, window, &point, &out) != 0 else { return nil }
        var dx = 0.0
        var dy = 0.0
        if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &dx, &dy) }
        return (Double(out.x) + dx, Double(out.y) + dy)
    }

    /// Prints a `message` line for a newly shown bubble: where its play button and its waveform are.
    func announce(_ row: VoiceMessageRow) {
        let button = row.playButton
        let wave = row.wave
        guard
            let play = windowPoint(
                button, x: Double(gtk_widget_get_width(button)) / 2,
                y: Double(gtk_widget_get_height(button)) / 2),
            let waveOrigin = windowPoint(wave, x: 0, y: 0)
        else { return }
        EventPrinter.print([
            "event": "message", "index": .integer(messages.count - 1),
            "play": ["x": .number(play.x), "y": .number(play.y)],
            "waveform": [
                "x": .number(waveOrigin.x), "y": .number(waveOrigin.y),
                "width": .number(Double(gtk_widget_get_width(wave))),
                "height": .number(Double(gtk_widget_get_height(wave))),
            ],
        ])
    }

    /// The mic's centre in X window coordinates (window coordinates moved by the surface transform, the
    /// client-side decoration's margin) and the control's size, as the `ready` and `control` lines give them; nil
    /// while the control is not laid out.
    func geometryFields() -> [(String, JSONValue)]? {
        guard let center = recorder.micCenter(in: window) else { return nil }
        var dx = 0.0
        var dy = 0.0
        if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &dx, &dy) }
        return [
            ("mic", ["x": .number(center.x + dx), "y": .number(center.y + dy)]),
            (
                "control",
                [
                    "width": .number(recorder.allocatedWidth), "side": .number(recorder.side),
                    "grow": .number(recorder.textScale.grow),
                ]
            ),
        ]
    }

    /// Prints a `control` line once the control's new size is laid out (after the allocation that changed it).
    func announceGeometryWhenLaidOut() {
        GLibScheduler.invoke { [weak self] in
            guard let self, let fields = geometryFields() else { return }
            EventPrinter.print(.object([("event", "control")] + fields))
        }
    }

    /// Prints `ready` with the mic's centre and the control's size once the window is mapped and laid out; from
    /// then on a `control` line follows each change of the control's size.
    func announceReadyWhenLaidOut() {
        scheduler.schedule(after: 0.05) { [weak self] in
            guard let self else { return }
            guard gtk_widget_get_mapped(recorder.widget) != 0, gtk_widget_get_width(recorder.widget) > 0,
                let fields = geometryFields()
            else { return announceReadyWhenLaidOut() }
            let direction: JSONValue = options.rightToLeft ? "rtl" : "ltr"
            EventPrinter.print(
                .object(
                    [("event", "ready")] + fields
                        + [
                            ("direction", direction), ("recordingFormat", .string(recorder.format.rawValue)),
                            ("microphones", microphoneChoicesJSON),
                        ]))
            recorder.onGeometryChanged = { [weak self] in self?.announceGeometryWhenLaidOut() }
        }
    }
}
