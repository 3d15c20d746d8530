import Foundation

/// What the app says: its JSON event lines, read as they arrive, and its standard error.
///
/// A test waits for the line that says what it expects (`waitFor`). That something did *not* happen is checked
/// after a later line that would have come after it: the last line of the same step, or the answer to a harmless
/// step taken for the purpose (each app's session has its own) — never after a fixed sleep, which passes when the
/// unwanted line is merely late.
extension AppSession {
    /// Every event printed so far, with the moment it was read (seconds since 1970), oldest first.
    public var timedEvents: [(receivedAt: Double, fields: [String: Any])] { lines.withLock { $0.events } }

    /// Every event printed so far.
    public var events: [[String: Any]] { timedEvents.map(\.fields) }

    /// How many events there are so far: to look only at what a step made, take it before the step (`since:`).
    public var count: Int { lines.withLock { $0.events.count } }

    /// The events after the first `since`.
    public func events(since: Int) -> [[String: Any]] { Array(events.dropFirst(since)) }

    /// The events named `name` after the first `since` (and matching `where`).
    public func events(
        _ name: String, since: Int = 0, where matches: ([String: Any]) -> Bool = { _ in true }
    ) -> [[String: Any]] {
        events.dropFirst(since).filter { $0["event"] as? String == name && matches($0) }
    }

    /// Waits for the first event named `name` (matching `where`) among the events after the first `since`, and
    /// returns it; throws `Failure.timedOut` (naming the last events seen) after `timeout` seconds.
    @discardableResult
    public func waitFor(
        _ name: String, timeout: Double = 8, since: Int = 0,
        where matches: @escaping ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        var found: [String: Any]?
        wait(timeout: timeout, interval: 0.01) {
            found = events(name, since: since, where: matches).first
            return found != nil
        }
        guard let found else {
            let seen = events.suffix(12).map { "\($0["event"] ?? "?")" }
            throw Failure.timedOut("\(name) after event \(since) (the last events: \(seen))")
        }
        return found
    }

    /// Everything the app printed on standard error so far.
    public var errorOutput: String { app.capturedErrors }

    /// The lines of standard error where GTK, GDK, GLib or libadwaita warn or report a critical ("Gtk-WARNING **",
    /// "GLib-GObject-CRITICAL **", …).
    public var gtkWarnings: [String] {
        errorOutput.split(separator: "\n").map(String.init).filter { line in
            ["Gtk", "Gdk", "GLib", "GLib-GObject", "GLib-GIO", "Gsk", "Pango", "Cairo", "Adwaita"].contains {
                line.contains("\($0)-WARNING") || line.contains("\($0)-CRITICAL")
            }
        }
    }
}
