import CGtk
import VoiceRecorderCore
import VoiceRecorderGTK
import VoiceRecorderJSON

/// The `preview` line (with `--preview`): where the pause/mic bubble, and while paused the play button, the
/// handles and the waveform are, in X window coordinates, printed after each `phase` line for `locked` and
/// `paused` and each `listening` line, so scripts can press them; with the paused take's `length`, `kept` range
/// (`start`, `end`) and `playhead`, in seconds (null unless paused).
extension DemoApp {
    func printPreviewGeometry() {
        guard recorder.session.preview, let geometry = recorder.previewGeometry(in: window) else { return }
        var dx = 0.0
        var dy = 0.0
        if let native = gtk_widget_get_native(window) { gtk_native_get_surface_transform(native, &dx, &dy) }
        func point(_ point: Point?) -> JSONValue {
            guard let point else { return nil }
            return ["x": .number(point.x + dx), "y": .number(point.y + dy)]
        }
        var waveform: JSONValue = nil
        if let row = geometry.waveform {
            waveform = [
                "x": .number(row.minX + dx), "y": .number(row.minY + dy), "width": .number(row.width),
                "height": .number(row.height),
            ]
        }
        let session = recorder.session
        var kept: JSONValue = nil
        if let range = session.keptRange { kept = ["start": .number(range.start), "end": .number(range.end)] }
        EventPrinter.print([
            "event": "preview", "bubble": point(geometry.bubble), "play": point(geometry.playButton),
            "startHandle": point(geometry.startHandle), "endHandle": point(geometry.endHandle),
            "waveform": waveform, "length": session.takeLength.map(JSONValue.number) ?? nil, "kept": kept,
            "playhead": session.playhead.map(JSONValue.number) ?? nil, "listening": .bool(session.isListening),
        ])
    }
}
