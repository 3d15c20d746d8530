import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// TO MOVE onto the shared test-support target when it lands: Xvfb on a free display, spawning and reaping
// children, waiting, the JSON event lines and the AT-SPI tree reader are DemoSession's approach
// (Tests/VoiceRecorderGTKTests), cut to what the app's tests use.

/// One run of `voice-memos --simulated` in its own X server: Xvfb on a free display, the app there with a scratch
/// directory for its files (`TMPDIR`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `--data-dir`), its JSON lines read as they
/// come, driven with xdotool. With `accessibility`, it gets a private session bus (as `dbus-run-session` would
/// give it), so GTK publishes its accessible tree over AT-SPI. `stop()` (also on deinit) expects that GTK and GLib
/// printed no warnings or criticals and that every line of standard output was a JSON object.
final class MemosAppSession: @unchecked Sendable {
    enum Failure: Error, CustomStringConvertible {
        case noFreeDisplay
        case serverDidNotStart(Int)
        case timedOut(String)
        case missingTool(String)
        var description: String {
            switch self {
            case .noFreeDisplay: "no free X display number"
            case .serverDidNotStart(let display): "Xvfb :\(display) did not start"
            case .timedOut(let what): "timed out waiting for \(what)"
            case .missingTool(let tool): "\(tool) not found"
            }
        }
    }

    /// The app, built next to the test runner.
    static var appURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("voice-memos")
    }

    let display: Int
    /// The scratch directory: the app's temporary, configuration and data directories are inside.
    let scratch: URL
    private let server: Process
    private var app: Process?
    private var sessionBus: Process?
    private(set) var busAddress: String?
    private let lock = NSLock()
    private var output = Data()
    private var events: [(at: Double, fields: [String: Any])] = []
    private var strayLines: [String] = []
    private var errorText = Data()
    private var stopped = false
    private(set) var windowID = ""

    /// Starts Xvfb (`width` × `height`) and the app with `arguments`; returns once the app said `ready`. The same
    /// `scratch` can be given again to start the app over the files a previous session left (the remembered speed).
    init(
        arguments: [String] = [], accessibility: Bool = false, width: Int = 800, height: Int = 720,
        scratch: URL? = nil
    ) throws {
        display = try Self.freeDisplay()
        self.scratch =
            scratch
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("memos-e2e-\(UUID().uuidString)")
        for folder in ["tmp", "config", "data"] {
            try FileManager.default.createDirectory(
                at: self.scratch.appendingPathComponent(folder),
                withIntermediateDirectories: true)
        }
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = [":\(display)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        guard Self.wait(seconds: 10, until: { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") })
        else {
            Self.end(server)
            throw Failure.serverDidNotStart(display)
        }
        do {
            try launch(arguments: arguments, accessibility: accessibility)
        } catch {
            stop(checking: false)
            throw error
        }
    }

    private func launch(arguments: [String], accessibility: Bool) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(display)"
        environment["GSK_RENDERER"] = "cairo"
        environment["TMPDIR"] = scratch.appendingPathComponent("tmp").path
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = scratch.appendingPathComponent("data").path
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        if accessibility {
            let bus = Process()
            bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            bus.arguments = ["--session", "--nofork", "--print-address=1"]
            let address = Pipe()
            bus.standardOutput = address
            bus.standardError = FileHandle.nullDevice
            try bus.run()
            sessionBus = bus
            busAddress = String(decoding: address.fileHandleForReading.availableData, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
            environment.removeValue(forKey: "GTK_A11Y")
            environment.removeValue(forKey: "NO_AT_BRIDGE")
        } else {
            // No session bus: GTK would complain that it cannot reach the accessibility bus.
            environment["GTK_A11Y"] = "none"
            environment["NO_AT_BRIDGE"] = "1"
        }
        let app = Process()
        app.executableURL = Self.appURL
        app.arguments = ["--simulated", "--data-dir", scratch.appendingPathComponent("data/memos").path] + arguments
        app.environment = environment
        let out = Pipe()
        let errors = Pipe()
        app.standardOutput = out
        app.standardError = errors
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.take(handle.availableData) }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            lock.withLock { errorText.append(data) }
        }
        self.app = app
        try app.run()
        try waitFor("ready", timeout: 20)
        // The visible window: GTK's hidden client-leader window carries the program's name too.
        windowID =
            try xdotool(["search", "--sync", "--onlyvisible", "--name", "^Voice Memos$"])
            .split(separator: "\n").first.map(String.init) ?? ""
    }

    deinit { stop() }

    /// Checks the app's output (see the type's comment), ends the app, the bus and the X server.
    func stop(checking: Bool = true) {
        guard !stopped else { return }
        stopped = true
        if checking {
            usleep(100_000)  // what the app printed last reaches the pipe
            #expect(gtkWarnings.isEmpty, "GTK/GLib complained: \(gtkWarnings)")
            let stray = lock.withLock { strayLines + (output.isEmpty ? [] : [String(decoding: output, as: UTF8.self)]) }
            #expect(stray.isEmpty, "the app printed lines that are not JSON events: \(stray)")
        }
        if let app { Self.end(app) }
        if let sessionBus { Self.end(sessionBus) }
        Self.end(server)
    }

    /// Removes the scratch directory (after `stop()`; a test that restarts the app keeps it until the end).
    func removeScratch() { try? FileManager.default.removeItem(at: scratch) }

    /// Whether the app still runs.
    var appIsRunning: Bool { app?.isRunning ?? false }

    /// The app's exit status, once it has exited by itself.
    func waitForExit(seconds: Double) -> Int32? {
        guard let app, Self.wait(seconds: seconds, until: { !app.isRunning }) else { return nil }
        return app.terminationStatus
    }

    private static func end(_ process: Process) {
        guard process.processIdentifier > 0, process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if !wait(seconds: 1, until: { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            _ = wait(seconds: 3, until: { !process.isRunning })
        }
    }

    // MARK: Events

    private func take(_ data: Data) {
        let now = Date().timeIntervalSince1970
        lock.withLock {
            output.append(data)
            while let newline = output.firstIndex(of: 0x0A) {
                let line = output[output.startIndex ..< newline]
                output.removeSubrange(output.startIndex ... newline)
                if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                    events.append((now, object))
                } else {
                    strayLines.append(String(decoding: line, as: UTF8.self))
                }
            }
        }
    }

    /// Every event so far, with the moment it was read (seconds since 1970).
    var timedEvents: [(at: Double, fields: [String: Any])] { lock.withLock { events } }

    /// How many events there are so far (to wait for one after a step: `since: count`).
    var count: Int { lock.withLock { events.count } }

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
        _ = Self.wait(seconds: timeout) {
            found = self.events(name, since: since).first(where: matches)
            return found != nil
        }
        guard let found else {
            throw Failure.timedOut("\(name) (saw \(timedEvents.suffix(12).map { $0.fields["event"] ?? "?" }))")
        }
        return found
    }

    /// Everything the app printed on standard error.
    var errorOutput: String { lock.withLock { String(decoding: errorText, as: UTF8.self) } }

    /// Lines of standard error where GTK, GDK, GLib or libadwaita warn or report a critical.
    var gtkWarnings: [String] {
        errorOutput.split(separator: "\n").map(String.init).filter { line in
            ["Gtk", "Gdk", "GLib", "GLib-GObject", "GLib-GIO", "Gsk", "Pango", "Cairo", "Adwaita"].contains {
                line.contains("\($0)-WARNING") || line.contains("\($0)-CRITICAL")
            }
        }
    }

    // MARK: Driving

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try run(["DISPLAY=:\(display)", "/usr/bin/xdotool"] + arguments)
    }

    /// Moves the pointer to (`x`, `y`) in window coordinates and clicks.
    func click(_ point: (x: Double, y: Double)) throws {
        try xdotool([
            "mousemove", "--window", windowID, "\(Int(point.x.rounded()))", "\(Int(point.y.rounded()))",
            "click", "1",
        ])
    }

    /// Presses keys, as xdotool names them ("Delete", "ctrl+z").
    func key(_ keys: String...) throws { try xdotool(["key", "--delay", "40"] + keys) }

    /// Types `text` into what has the focus.
    func type(_ text: String) throws { try xdotool(["type", "--delay", "30", text]) }

    /// Holds the mic for `seconds` and lets go; returns the `memoAdded` line of the memo it made, once its row is
    /// laid out (the rows it moved are reported in the same frame).
    @discardableResult
    func record(seconds: Double) throws -> [String: Any] {
        let since = count
        let mic = try #require(events("ready").first?["mic"] as? [String: Double])
        try xdotool(["mousemove", "--window", windowID, "\(Int(mic["x"]!))", "\(Int(mic["y"]!))", "mousedown", "1"])
        try waitFor("phase", since: since) { $0["phase"] as? String == "holding" }
        usleep(useconds_t(seconds * 1_000_000))
        try xdotool(["mouseup", "1"])
        let added = try waitFor("memoAdded", since: since)
        try waitFor("row", since: since) { $0["id"] as? String == added["id"] as? String }
        return added
    }

    /// The latest `row` line of memo `id` in `list`, once there is one (after `since`).
    func row(_ id: String, list: String = "memos", since: Int = 0) throws -> [String: Any] {
        try waitFor("row", since: since) { $0["id"] as? String == id && $0["list"] as? String == list }
        return events("row").last { $0["id"] as? String == id && $0["list"] as? String == list }!
    }

    /// A point of a `row` line ("play", "title", …) as (x, y).
    static func point(_ row: [String: Any], _ name: String) throws -> (x: Double, y: Double) {
        let point = try #require(row[name] as? [String: Double], "no \(name) in \(row)")
        return (point["x"]!, point["y"]!)
    }

    /// The centre of a header button of the latest `view` line ("recentlyDeleted", "back", "search").
    func button(_ name: String) throws -> (x: Double, y: Double) {
        let view = try #require(events("view").last)
        return try Self.point(try #require(view["buttons"] as? [String: Any]), name)
    }

    /// Saves a screenshot of the whole screen (the window at the top left) as PNG at `path`.
    func screenshot(to path: String) throws {
        try run(["/usr/bin/import", "-display", ":\(display)", "-window", "root", path])
    }

    // MARK: Processes

    /// Runs a command (through `env`, so it may start with `NAME=value`) and returns its standard output.
    /// Spawned and reaped directly, its output through a file: Foundation's `Process` was seen not to notice a
    /// short-lived child's exit while long-lived ones ran.
    @discardableResult
    func run(_ command: [String]) throws -> String {
        let outputPath = scratch.appendingPathComponent("run-\(UUID().uuidString).out").path
        defer { unlink(outputPath) }
        let argv = ["/usr/bin/env"] + command
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard status == 0 else { throw Failure.missingTool("\(command) (posix_spawn \(status))") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 {
            if errno == EINTR { continue }
            // ECHILD: Foundation, watching its own children, reaped it first; it is gone, its output complete.
            _ = Self.wait(seconds: 10) { kill(pid, 0) != 0 }
            break
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// A display number no running X server holds.
    static func freeDisplay() throws -> Int {
        for display in (200 ..< 300).shuffled() {
            let lock = "/tmp/.X\(display)-lock"
            if let text = try? String(contentsOfFile: lock, encoding: .utf8) {
                guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0,
                    kill(pid, 0) != 0 && errno == ESRCH
                else { continue }
            } else if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") {
                continue
            }
            return display
        }
        throw Failure.noFreeDisplay
    }
}
