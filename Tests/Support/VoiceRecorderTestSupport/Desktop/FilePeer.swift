import Foundation

/// Another GTK 4 app on a test's display (PyGObject, as a file manager or a chat window would be): a window that
/// files are dragged from (`source`) or dropped on (`target`), for SPEC J.3's other side. It speaks in JSON lines:
/// `ready`, `prepared` when a drag of its files starts, `dropped` with the paths it was given.
public final class FilePeer: @unchecked Sendable {
    public enum Role: Sendable {
        /// Its window drags out these files (as GTK does: `text/uri-list` between apps).
        case source([String])
        /// Its window takes files dropped on it.
        case target
    }

    private let process: ChildProcess
    private let display: VirtualDisplay
    /// The X window.
    public let windowID: String

    /// Starts the peer on `display` and moves its window (`width` × `height`) to (`x`, `y`) on the screen.
    public init(_ role: Role, on display: VirtualDisplay, x: Int, y: Int, width: Int = 260, height: Int = 260) throws {
        self.display = display
        let arguments: [String]
        switch role {
        case .source(let paths): arguments = ["source", "\(width)", "\(height)"] + paths
        case .target: arguments = ["target", "\(width)", "\(height)"]
        }
        let title = "File peer \(UUID().uuidString.prefix(8))"
        // Debian's Python, which has GObject introspection (`python3-gi`).
        let process = try ChildProcess(
            "/usr/bin/python3", ["-c", Self.script, title] + arguments, environment: display.environment,
            output: .capture, errors: .capture)
        self.process = process
        guard wait(timeout: 20, until: { process.capturedOutput.contains("\"ready\"") || !process.isRunning }),
            process.isRunning
        else {
            throw FixtureError("the file peer did not start: \(process.capturedErrors.suffix(1_000))")
        }
        windowID = try display.xdotool(["search", "--sync", "--name", title]).split(separator: "\n")[0]
            .trimmingCharacters(in: .whitespaces)
        try display.xdotool(["windowmove", "--sync", windowID, "\(x)", "\(y)"])
    }

    deinit { process.end(grace: 0.5) }

    /// What it has said, one object a line.
    public var events: [[String: Any]] {
        process.capturedOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Waits up to `timeout` seconds for a line with `event`.
    public func waitFor(_ event: String, timeout: Double = 10) throws -> [String: Any] {
        var found: [String: Any]?
        _ = wait(timeout: timeout) {
            found = events.first { $0["event"] as? String == event }
            return found != nil
        }
        guard let found else {
            throw FixtureError("the file peer never said \(event): \(process.capturedOutput) \(process.capturedErrors)")
        }
        return found
    }

    /// A drag with the primary button from screen point `from` to `to`, a finger's step between moves, as a person
    /// drags a file from one window onto another.
    public static func drag(on display: VirtualDisplay, from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 16)
        throws
    {
        try display.xdotool(["mousemove", "\(from.x)", "\(from.y)", "mousedown", "1"])
        for step in 1 ... steps {
            let x = from.x + (to.x - from.x) * step / steps
            let y = from.y + (to.y - from.y) * step / steps
            letTimePass(AppSession.fingerStep)
            try display.xdotool(["mousemove", "\(x)", "\(y)"])
        }
        // The target hears the pointer arrive before the button comes up, as with a hand on a mouse.
        letTimePass(0.3)
        try display.xdotool(["mouseup", "1"])
    }

    private static let script = #"""
        import json, sys
        import gi
        gi.require_version("Gtk", "4.0")
        gi.require_version("Gdk", "4.0")
        from gi.repository import Gdk, Gio, Gtk

        title, role, width, height, paths = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]

        def say(**line):
            print(json.dumps(line), flush=True)

        def activate(app):
            window = Gtk.ApplicationWindow(application=app, title=title)
            window.set_default_size(width, height)
            label = Gtk.Label(label="Drag from here" if role == "source" else "Drop here")
            label.set_hexpand(True)
            label.set_vexpand(True)
            window.set_child(label)
            if role == "source":
                source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
                def prepare(_source, _x, _y):
                    say(event="prepared")
                    files = [Gio.File.new_for_path(path) for path in paths]
                    return Gdk.ContentProvider.new_for_value(Gdk.FileList.new_from_list(files))
                source.connect("prepare", prepare)
                label.add_controller(source)
            else:
                target = Gtk.DropTarget.new(Gdk.FileList, Gdk.DragAction.COPY)
                def drop(_target, files, _x, _y):
                    say(event="dropped", paths=[file.get_path() for file in files.get_files()])
                    return True
                target.connect("drop", drop)
                label.add_controller(target)
            window.present()
            say(event="ready")

        app = Gtk.Application(flags=Gio.ApplicationFlags.NON_UNIQUE)
        app.connect("activate", activate)
        app.run([])
        """#
}
