import Foundation
import Testing
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `voice-memos --simulated` in its own X server, with a private sound server (kept awake, so playback
/// timings measure the app) and a scratch home: the app's temporary, configuration and data directories are
/// inside (`TMPDIR`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`), its library in `data/voicerecorder` (`--data-dir`). Its
/// JSON lines are read as they come; it is driven with xdotool. With `accessibility`, it gets a private session bus
/// (as `dbus-run-session` would give it), so GTK publishes its accessible tree over AT-SPI. `stop()` (also on
/// deinit) expects that GTK and GLib printed no warnings or criticals and that every line of standard output was a
/// JSON object.
///
/// Its jobs, a file each: this one starts and stops it all and reads what the app says; `+Driving` moves the
/// pointer and types; `+Accessibility` reads the tree.
final class MemosAppSession: @unchecked Sendable {
    enum Failure: Error, CustomStringConvertible {
        case timedOut(String)
        var description: String {
            switch self {
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    /// The X server the app runs on.
    let screen: VirtualDisplay
    /// The scratch home. A session started over another's `scratch` uses its files (a restart) and leaves the
    /// directory to `removeScratch()`.
    let scratch: URL
    private let sound: SoundServer
    private let sessionBus: SessionBus?
    private let app: ChildProcess
    private let lines = Locked(EventLines())
    private var stopped = false
    /// The app's window, as xdotool names it.
    private(set) var windowID = ""

    /// Starts Xvfb (`width` × `height`), a sound server and the app with `arguments`; returns once the app said
    /// `ready` (or, without `waitsForReady`, once its window is on screen). The same `scratch` can be given again to
    /// start the app over the files a previous session left.
    init(
        arguments: [String] = [], accessibility: Bool = false, width: Int = 800, height: Int = 720,
        scratch: URL? = nil, waitsForReady: Bool = true
    ) throws {
        screen = try VirtualDisplay(width: width, height: height)
        self.scratch =
            scratch
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        for folder in ["tmp", "config", "data"] {
            try FileManager.default.createDirectory(
                at: self.scratch.appendingPathComponent(folder),
                withIntermediateDirectories: true)
        }
        sound = try SoundServer()
        try sound.keepAwake()
        var environment = screen.environment.adding([
            "GSK_RENDERER": "cairo", "PULSE_SERVER": sound.address,
            "TMPDIR": self.scratch.appendingPathComponent("tmp").path,
            "XDG_CONFIG_HOME": self.scratch.appendingPathComponent("config").path,
            "XDG_DATA_HOME": self.scratch.appendingPathComponent("data").path,
        ]).removing("DBUS_SESSION_BUS_ADDRESS")
        if accessibility {
            let bus = try SessionBus()
            sessionBus = bus
            environment = environment.adding(["DBUS_SESSION_BUS_ADDRESS": bus.address])
                .removing("GTK_A11Y", "NO_AT_BRIDGE")
        } else {
            sessionBus = nil
            // No session bus: GTK would complain that it cannot reach the accessibility bus.
            environment = environment.adding(["GTK_A11Y": "none", "NO_AT_BRIDGE": "1"])
        }
        let lines = self.lines
        app = try ChildProcess(
            BuiltExecutables.path(of: "voice-memos"),
            ["--simulated", "--data-dir", self.scratch.appendingPathComponent("data/voicerecorder").path] + arguments,
            environment: environment,
            output: .stream { data in
                let now = Date().timeIntervalSince1970
                lines.withLock { $0.take(data, at: now) }
            },
            errors: .capture)
        do {
            if waitsForReady { try waitFor("ready", timeout: 20) }
            // The visible window: GTK's hidden client-leader window carries the program's name too.
            windowID =
                try screen.xdotool(["search", "--sync", "--onlyvisible", "--name", "^Voice Memos$"])
                .split(separator: "\n").first.map(String.init) ?? ""
        } catch {
            stop(checking: false)
            throw error
        }
    }

    deinit { stop() }

    /// Checks the app's output (see the type's comment), ends the app, the bus and the servers.
    func stop(checking: Bool = true) {
        guard !stopped else { return }
        stopped = true
        if checking {
            usleep(100_000)  // what the app printed last reaches the pipe
            #expect(gtkWarnings.isEmpty, "GTK/GLib complained: \(gtkWarnings)")
            let output = lines.withLock { lines in
                lines.finish()
                return lines
            }
            output.expectOnlyEvents()
        }
        app.end(grace: 1)
        sessionBus?.stop()
        sound.shutdown()
        screen.stop()
    }

    /// Kills the app at once (SIGKILL), as a crash would; `stop()` then ends the rest.
    func killApp() { app.kill() }

    /// Removes the scratch directory (after `stop()`; a test that restarts the app keeps it until the end).
    func removeScratch() { try? FileManager.default.removeItem(at: scratch) }

    /// The library's directory (`--data-dir`): `memos.sqlite`, `memos/`, `takes/`.
    var dataDirectory: URL { scratch.appendingPathComponent("data/voicerecorder") }

    /// The app's streams playing into the sound server now (`pactl list sink-inputs`, the keep-alive left out).
    func playingStreams() throws -> [String] { try sound.playingStreams() }

    /// The X display's number.
    var display: Int { screen.number }

    /// The private session bus's address (with `accessibility`).
    var busAddress: String? { sessionBus?.address }

    /// Whether the app still runs.
    var appIsRunning: Bool { app.isRunning }

    /// The app's exit status, once it has exited by itself within `seconds`.
    func waitForExit(seconds: Double) -> Int32? {
        guard wait(timeout: seconds, interval: 0.02, until: { !app.isRunning }) else { return nil }
        return app.termination?.status
    }

    // MARK: Events

    /// Every event so far, with the moment it was read (seconds since 1970).
    var timedEvents: [(at: Double, fields: [String: Any])] {
        lines.withLock { $0.events.map { (at: $0.receivedAt, fields: $0.fields) } }
    }

    /// How many events there are so far (to wait for one after a step: `since: count`).
    var count: Int { lines.withLock { $0.events.count } }

    /// The events named `name` after the first `since`.
    func events(_ name: String, since: Int = 0) -> [[String: Any]] {
        timedEvents.dropFirst(since).map(\.fields).filter { $0["event"] as? String == name }
    }

    /// Waits for the first event named `name` (matching `where`) among those after the first `since`.
    @discardableResult
    func waitFor(
        _ name: String, timeout: Double = 8, since: Int = 0,
        where matches: @escaping ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        var found: [String: Any]?
        wait(timeout: timeout, interval: 0.02) {
            found = self.events(name, since: since).first(where: matches)
            return found != nil
        }
        guard let found else {
            throw Failure.timedOut("\(name) (saw \(timedEvents.suffix(12).map { $0.fields["event"] ?? "?" }))")
        }
        return found
    }

    /// Everything the app printed on standard error.
    var errorOutput: String { app.capturedErrors }

    /// Lines of standard error where GTK, GDK, GLib or libadwaita warn or report a critical.
    var gtkWarnings: [String] {
        errorOutput.split(separator: "\n").map(String.init).filter { line in
            ["Gtk", "Gdk", "GLib", "GLib-GObject", "GLib-GIO", "Gsk", "Pango", "Cairo", "Adwaita"].contains {
                line.contains("\($0)-WARNING") || line.contains("\($0)-CRITICAL")
            }
        }
    }
}
