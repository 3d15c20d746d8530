import Foundation
import VoiceRecorderTestSupport

/// What the demo says: its JSON event lines (read as they arrive) and its standard error.
extension DemoSession {
    /// Every event printed so far.
    var events: [[String: Any]] {
        timedEvents.map(\.fields)
    }

    /// Every event printed so far, with the moment each was read (seconds since 1970).
    var timedEvents: [(receivedAt: Double, fields: [String: Any])] {
        lines.withLock { $0.events }
    }

    /// The events named `name` so far.
    func events(_ name: String) -> [[String: Any]] { events.filter { $0["event"] as? String == name } }

    /// Waits for the first event named `name` (optionally matching `where`) among the events printed after the
    /// first `since` (an `events.count` taken earlier).
    @discardableResult
    func waitFor(
        _ name: String, timeout: Double = 8, since: Int = 0,
        where matches: @escaping ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        var found: [String: Any]?
        wait(timeout: timeout, interval: 0.02) {
            found = self.events.dropFirst(since).first { $0["event"] as? String == name && matches($0) }
            return found != nil
        }
        guard let found else { throw Failure.timedOut("\(name) (saw \(events.compactMap { $0["event"] }))") }
        return found
    }

    /// The mic's centre in window coordinates, from the latest `ready` or `control` line (the mic moves when the
    /// window is resized).
    var mic: (x: Double, y: Double) {
        let mic = latestGeometry["mic"] as? [String: Any]
        return ((mic?["x"] as? Double) ?? 0, (mic?["y"] as? Double) ?? 0)
    }

    /// The control's allocated width and side (its height) in pixels, and how much it grew with the text, from the
    /// latest `ready` or `control` line.
    var control: (width: Double, side: Double, grow: Double) {
        let control = latestGeometry["control"] as? [String: Any]
        return (
            (control?["width"] as? Double) ?? 0, (control?["side"] as? Double) ?? 0,
            (control?["grow"] as? Double) ?? 1
        )
    }

    /// The latest line saying where the mic is and how large the control is.
    private var latestGeometry: [String: Any] {
        events.last { ["ready", "control"].contains($0["event"] as? String) } ?? [:]
    }

    /// The lines of standard error where GTK, GDK or GLib warn or report a critical ("Gtk-WARNING **",
    /// "GLib-GObject-CRITICAL **", ...).
    var gtkWarnings: [String] {
        errorOutput.split(separator: "\n").map(String.init).filter { line in
            (line.contains("-WARNING **") || line.contains("-CRITICAL **"))
                && ["Gtk", "Gdk", "GLib", "GLib-GObject", "GLib-GIO", "Gsk", "Pango", "Cairo"].contains {
                    line.contains("\($0)-WARNING") || line.contains("\($0)-CRITICAL")
                }
        }
    }

    /// The `.m4a` files in the scratch directory.
    var takeFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasSuffix(".m4a") }
    }
}
