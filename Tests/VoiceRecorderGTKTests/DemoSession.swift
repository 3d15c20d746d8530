import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One run of `voicerecorder-demo --simulated` in its own X server: starts Xvfb on a free display, launches the demo
/// there (files going to a scratch temporary directory), reads its JSON lines and its standard error, and drives it
/// with xdotool. With `accessibility`, the demo also gets a private session bus (the bus `dbus-run-session` would
/// give it), so GTK publishes its accessible tree over AT-SPI and `accessibleTree()` can read it. With
/// `windowManager`, a window manager (Openbox) runs on the display, so the window can be minimised and restored
/// (bare Xvfb has none: minimising there does nothing). `sound` chooses the sound server the demo plays to.
/// `stop()` (also run on deinit) expects that GTK and GLib printed no warnings or criticals and that every line of
/// standard output was a JSON event, then kills the demo and the servers.
final class DemoSession: @unchecked Sendable {
    enum Failure: Error, CustomStringConvertible {
        case noFreeDisplay, serverDidNotStart(Int), timedOut(String), missingTool(String)
        var description: String {
            switch self {
            case .noFreeDisplay: "no free X display number"
            case .serverDidNotStart(let display): "Xvfb :\(display) did not start"
            case .timedOut(let what): "timed out waiting for \(what)"
            case .missingTool(let tool): "\(tool) not found"
            }
        }
    }

    /// The sound server the demo's playback reaches.
    enum SoundServer {
        /// Whatever the environment says (the test command unsets `PULSE_SERVER`).
        case inherited
        /// A private PulseAudio server for this session: a null sink at 24 kHz mono, on a socket in the scratch
        /// directory.
        case privateServer
        /// None: `PULSE_SERVER` names a socket nobody listens on.
        case none
    }

    /// The demo binary, built next to the test runner.
    static var demoURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("voicerecorder-demo")
    }

    let display: Int
    /// Where the demo writes its takes.
    let scratch: URL
    private let server: Process
    private let demo: Process
    private let sessionBus: Process?
    /// Children started with `spawn` (the window manager, the sound server), ended in reverse order by `stop()`.
    private var spawned: [pid_t] = []
    /// The private sound server's address (with `.privateServer`).
    private(set) var soundServerAddress: String?
    /// The private session bus's address (with `accessibility`).
    private(set) var busAddress: String?
    private var errorText = Data()
    private var stopped = false
    private let lock = NSLock()
    /// Standard output: each event with the moment it was read, and any line that was not an event.
    private var lines = EventLines()
    private(set) var windowID = ""
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
        return ((control?["width"] as? Double) ?? 0, (control?["side"] as? Double) ?? 0,
                (control?["grow"] as? Double) ?? 1)
    }
    /// The latest line saying where the mic is and how large the control is.
    private var latestGeometry: [String: Any] {
        events.last { ["ready", "control"].contains($0["event"] as? String) } ?? [:]
    }

    init(arguments: [String] = [], accessibility: Bool = false, windowManager: Bool = false,
         sound: SoundServer = .inherited) throws {
        display = try Self.freeDisplay()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gtk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = [":\(display)", "-screen", "0", "800x700x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let socket = "/tmp/.X11-unix/X\(display)"
        guard Self.wait(seconds: 10, until: { FileManager.default.fileExists(atPath: socket) }) else {
            server.terminate()
            throw Failure.serverDidNotStart(display)
        }

        var children: [pid_t] = []
        var environment = ProcessInfo.processInfo.environment
        do {
            if windowManager { children.append(try Self.startWindowManager(display: display, scratch: scratch)) }
            switch sound {
            case .inherited: break
            case .privateServer:
                let (pid, address) = try Self.startSoundServer(scratch: scratch)
                children.append(pid)
                soundServerAddress = address
                environment["PULSE_SERVER"] = address
            case .none: environment["PULSE_SERVER"] = "unix:" + scratch.appendingPathComponent("no-sound-server").path
            }
        } catch {
            // Not fully built, this session is never deinitialised: what it started so far ends here.
            for pid in children.reversed() { Self.end(pid) }
            Self.end(server)
            throw error
        }
        environment["DISPLAY"] = ":\(display)"
        environment["GSK_RENDERER"] = "cairo"
        environment["TMPDIR"] = scratch.path
        if accessibility {
            let bus = Process()
            bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            bus.arguments = ["--session", "--nofork", "--print-address=1"]
            let address = Pipe()
            bus.standardOutput = address
            bus.standardError = FileHandle.nullDevice
            try bus.run()
            sessionBus = bus
            let line = String(decoding: address.fileHandleForReading.availableData, as: UTF8.self)
            busAddress = line.trimmingCharacters(in: .whitespacesAndNewlines)
            environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
            environment.removeValue(forKey: "GTK_A11Y")
            environment.removeValue(forKey: "NO_AT_BRIDGE")
        } else {
            sessionBus = nil
            // No session bus here: without these GTK would complain that it cannot reach the accessibility bus.
            environment["GTK_A11Y"] = "none"
            environment["NO_AT_BRIDGE"] = "1"
        }

        demo = Process()
        demo.executableURL = Self.demoURL
        demo.arguments = ["--simulated"] + arguments
        demo.environment = environment
        let output = Pipe(), errors = Pipe()
        demo.standardOutput = output
        demo.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.take(handle.availableData)
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            lock.lock()
            errorText.append(data)
            lock.unlock()
        }
        spawned = children
        try demo.run()

        try waitFor("ready", timeout: 20)
        // The title exactly: GTK's hidden client-leader window is named after the program ("Voice Recorder Demo").
        windowID = try xdotool(["search", "--sync", "--name", "^Voice Recorder$"])
            .split(separator: "\n").first.map(String.init) ?? ""
    }

    deinit { stop() }

    /// Expects a quiet standard error (no GTK or GLib warnings or criticals) and nothing but events on standard
    /// output, kills the demo, the bus and the X server, and removes the scratch directory.
    func stop() {
        guard !stopped else { return }
        stopped = true
        usleep(100_000) // what the demo printed last reaches the pipe
        #expect(gtkWarnings.isEmpty, "GTK/GLib complained: \(gtkWarnings)")
        lock.lock()
        lines.finish()
        let output = lines
        lock.unlock()
        output.expectOnlyEvents()
        Self.end(demo)
        if let sessionBus { Self.end(sessionBus) }
        for pid in spawned.reversed() { Self.end(pid) }
        Self.end(server)
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Ends a child: SIGTERM, then SIGKILL if it lingers. (Polls instead of `waitUntilExit()`, which was seen to
    /// hang here while other children ran.)
    private static func end(_ process: Process) {
        guard process.processIdentifier > 0, process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if !wait(seconds: 0.5, until: { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            _ = wait(seconds: 3, until: { !process.isRunning })
        }
    }

    /// Ends a child started with `spawn`: SIGTERM, then SIGKILL if it lingers; reaped either way.
    private static func end(_ pid: pid_t) {
        var status: Int32 = 0
        kill(pid, SIGTERM)
        if !wait(seconds: 1, until: { waitpid(pid, &status, WNOHANG) != 0 }) {
            kill(pid, SIGKILL)
            _ = wait(seconds: 3, until: { waitpid(pid, &status, WNOHANG) != 0 })
        }
    }

    /// Whether the demo is still running (it must never exit by itself).
    var demoIsRunning: Bool { demo.isRunning }

    // MARK: Window manager and sound server

    /// Starts Openbox on the display and waits until it manages it (it then answers `wmctrl -m`).
    private static func startWindowManager(display: Int, scratch: URL) throws -> pid_t {
        let home = scratch.appendingPathComponent("window-manager")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // The server's socket appears a moment before it accepts clients, and a window manager that cannot
        // connect gives up at once: wait until the display answers.
        guard wait(seconds: 10, until: {
            (try? run(["DISPLAY=:\(display)", "/usr/bin/xdotool", "getdisplaygeometry"], scratch: scratch))?
                .isEmpty == false
        }) else { throw Failure.serverDidNotStart(display) }
        // Openbox's own settings, less the iconify animation: while it plays, the restored window is not yet where
        // it will be, and a click sent as soon as the window says it is back would land beside it.
        let configuration = home.appendingPathComponent("rc.xml")
        let settings = try String(contentsOfFile: "/etc/xdg/openbox/rc.xml", encoding: .utf8)
            .replacingOccurrences(of: "<animateIconify>yes</animateIconify>", with: "<animateIconify>no</animateIconify>")
        try settings.write(to: configuration, atomically: true, encoding: .utf8)
        let log = home.appendingPathComponent("openbox.log").path
        var pid = try spawn(["/usr/bin/openbox", "--config-file", configuration.path],
                            environment: ["DISPLAY=:\(display)", "HOME=\(home.path)"], log: log)
        var answer = ""
        guard wait(seconds: 10, until: {
            answer = (try? run(["DISPLAY=:\(display)", "/usr/bin/wmctrl", "-m"], scratch: scratch)) ?? "(no answer)"
            if answer.contains("Name:") { return true }
            // Seen on a loaded machine: Openbox failing to open a display that had just answered. It gives up at
            // once then, so it is started again.
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 || kill(pid, 0) != 0,
               let again = try? spawn(["/usr/bin/openbox", "--config-file", configuration.path],
                                      environment: ["DISPLAY=:\(display)", "HOME=\(home.path)"], log: log) {
                pid = again
            }
            return false
        }) else {
            end(pid)
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure.timedOut("the window manager (wmctrl: \(answer); openbox: \(said))")
        }
        return pid
    }

    /// Starts a private PulseAudio server (as `scripts/sound-server.sh` does: its own runtime directory and home, a
    /// null sink at 24 kHz mono, an anonymous unix socket) and returns its address once it answers.
    ///
    /// Spawned directly: the server closes the descriptors it inherits, and Foundation's `Process` was seen to hang
    /// on such a child.
    private static func startSoundServer(scratch: URL) throws -> (pid: pid_t, address: String) {
        let directory = scratch.appendingPathComponent("sound")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("pulse"),
                                                withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let socket = directory.appendingPathComponent("pulse/native").path
        let address = "unix:" + socket
        let pid = try spawn(
            ["/usr/bin/pulseaudio", "--daemonize=no", "--system=false", "--exit-idle-time=-1", "--disallow-exit", "-n",
             "--use-pid-file=no", "--disable-shm=yes", "--log-target=file:\(directory.path)/server.log",
             "-L", "module-null-sink sink_name=voicerecorder_test_sink rate=24000 channels=1",
             "-L", "module-native-protocol-unix auth-anonymous=1 socket=\(socket)"],
            environment: ["XDG_RUNTIME_DIR=\(directory.path)", "HOME=\(directory.path)",
                          "DBUS_SESSION_BUS_ADDRESS=disabled:"])
        guard wait(seconds: 10, until: {
            FileManager.default.fileExists(atPath: socket)
                && (try? run(["PULSE_SERVER=\(address)", "/usr/bin/pactl", "info"], scratch: scratch))?
                    .contains("Server Name") == true
        }) else {
            end(pid)
            throw Failure.timedOut("the sound server (see \(directory.path)/server.log)")
        }
        return (pid, address)
    }

    /// Starts `command` with this process's environment plus `environment` (`NAME=value`), its output going to
    /// `log` (discarded by default), and returns its process id without waiting.
    private static func spawn(_ command: [String], environment: [String], log: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let argv = ["/usr/bin/env"] + environment + command
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard status == 0 else { throw Failure.missingTool("\(command[0]) (posix_spawn \(status))") }
        return pid
    }

    // MARK: Events

    private func take(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        lines.take(data, at: Date().timeIntervalSince1970)
    }

    /// Every event printed so far.
    var events: [[String: Any]] {
        timedEvents.map(\.fields)
    }

    /// Every event printed so far, with the moment each was read (seconds since 1970).
    var timedEvents: [(receivedAt: Double, fields: [String: Any])] {
        lock.lock()
        defer { lock.unlock() }
        return lines.events
    }

    /// The events named `name` so far.
    func events(_ name: String) -> [[String: Any]] { events.filter { $0["event"] as? String == name } }

    /// Waits for the first event named `name` (optionally matching `where`) among the events printed after the
    /// first `since` (an `events.count` taken earlier).
    @discardableResult
    func waitFor(_ name: String, timeout: Double = 8, since: Int = 0,
                 where matches: @escaping ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        var found: [String: Any]?
        _ = Self.wait(seconds: timeout) {
            found = self.events.dropFirst(since).first { $0["event"] as? String == name && matches($0) }
            return found != nil
        }
        guard let found else { throw Failure.timedOut("\(name) (saw \(events.compactMap { $0["event"] }))") }
        return found
    }

    /// Everything the demo printed on standard error so far.
    var errorOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errorText, as: UTF8.self)
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

    // MARK: Driving

    /// Runs xdotool against this display and returns its output.
    ///
    /// Spawned and reaped directly (posix_spawn + waitpid), its output through a file: Foundation's `Process`
    /// waiting here never saw this short-lived child exit while the long-lived ones ran.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try run(["DISPLAY=:\(display)", "/usr/bin/xdotool"] + arguments)
    }

    /// Runs a command (through `env`, so it may start with `NAME=value` settings) and returns its output.
    @discardableResult
    func run(_ command: [String]) throws -> String { try Self.run(command, scratch: scratch) }

    /// Runs a command, its output going through a file in `scratch`, and returns its output.
    @discardableResult
    static func run(_ command: [String], scratch: URL) throws -> String {
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
            // ECHILD: something else in this process (Foundation, watching its own children) reaped it first.
            // Reaped, it is gone, and its output is complete once it no longer exists.
            _ = wait(seconds: 10) { kill(pid, 0) != 0 }
            break
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Minimises the window through the window manager (needs `windowManager`).
    func minimize() throws { try xdotool(["windowminimize", windowID]) }

    /// Asks the window manager to restore (and activate) the minimised window; the demo's `window` line tells when
    /// it is back.
    func restore() throws {
        try run(["DISPLAY=:\(display)", "/usr/bin/wmctrl", "-i", "-a", windowID])
    }

    /// Moves the pointer to `point` in window coordinates and clicks the primary button.
    func click(x: Double, y: Double) throws {
        try xdotool(["mousemove", "--window", windowID, "\(Int(x.rounded()))", "\(Int(y.rounded()))", "click", "1"])
    }

    /// Moves the pointer to the mic and presses the primary button.
    func pressMic() throws {
        try xdotool(["mousemove", "--window", windowID, "\(Int(mic.x))", "\(Int(mic.y))", "mousedown", "1"])
    }

    /// Presses the mic and waits until the hold has started a take.
    func holdMic() throws {
        try pressMic()
        try waitFor("phase") { $0["phase"] as? String == "holding" }
    }

    /// Lifts the primary button.
    func release() throws { try xdotool(["mouseup", "1"]) }

    /// Drags the pressed pointer by (dx, dy) in `steps` even moves, like a finger.
    func drag(dx: Int, dy: Int, steps: Int = 10) throws {
        for _ in 0 ..< steps {
            try xdotool(["mousemove_relative", "--", "\(dx / steps)", "\(dy / steps)"])
            usleep(25_000)
        }
    }

    // MARK: Helpers

    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// A display number no running X server holds: no lock file, or a stale one whose server has died (killed
    /// servers leave theirs behind; Xvfb replaces a stale lock and socket itself).
    static func freeDisplay() throws -> Int {
        for display in (90 ..< 190).shuffled() {
            let lock = "/tmp/.X\(display)-lock"
            if let text = try? String(contentsOfFile: lock, encoding: .utf8) {
                guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0,
                      kill(pid, 0) != 0 && errno == ESRCH else { continue }
            } else if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)") {
                continue
            }
            return display
        }
        throw Failure.noFreeDisplay
    }
}
