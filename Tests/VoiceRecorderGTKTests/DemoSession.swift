import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of `voicerecorder-demo --simulated` in its own X server: starts Xvfb on a free display, launches the demo
/// there (files going to a scratch temporary directory), reads its JSON lines, and drives it with xdotool. `stop()`
/// (also run on deinit) kills the demo and the server.
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
    private let lock = NSLock()
    private var lines: [[String: Any]] = []
    private var partial = Data()
    private(set) var windowID = ""
    /// The mic's centre in window coordinates, from the `ready` line.
    private(set) var mic = (x: 0.0, y: 0.0)

    init(arguments: [String] = []) throws {
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

        demo = Process()
        demo.executableURL = Self.demoURL
        demo.arguments = ["--simulated"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(display)"
        environment["GTK_A11Y"] = "none"
        environment["GSK_RENDERER"] = "cairo"
        environment["TMPDIR"] = scratch.path
        environment["NO_AT_BRIDGE"] = "1"
        demo.environment = environment
        let output = Pipe()
        demo.standardOutput = output
        demo.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.take(handle.availableData)
        }
        try demo.run()

        let ready = try waitFor("ready", timeout: 20)
        let mic = ready["mic"] as? [String: Any]
        self.mic = ((mic?["x"] as? Double) ?? 0, (mic?["y"] as? Double) ?? 0)
        windowID = try xdotool(["search", "--sync", "--name", "Voice Recorder"])
            .split(separator: "\n").first.map(String.init) ?? ""
    }

    deinit { stop() }

    /// Kills the demo and the X server, and removes the scratch directory.
    func stop() {
        Self.end(demo)
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

    // MARK: Events

    private func take(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        partial.append(data)
        while let newline = partial.firstIndex(of: 0x0A) {
            let line = partial[partial.startIndex ..< newline]
            partial.removeSubrange(partial.startIndex ... newline)
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] { lines.append(object) }
        }
    }

    /// Every event printed so far.
    var events: [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// The events named `name` so far.
    func events(_ name: String) -> [[String: Any]] { events.filter { $0["event"] as? String == name } }

    /// Waits for the first event named `name` (optionally matching `where`) after the first `after` such events.
    @discardableResult
    func waitFor(_ name: String, timeout: Double = 8,
                 where matches: @escaping ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        var found: [String: Any]?
        _ = Self.wait(seconds: timeout) {
            found = self.events(name).first(where: matches)
            return found != nil
        }
        guard let found else { throw Failure.timedOut("\(name) (saw \(events.compactMap { $0["event"] }))") }
        return found
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
        let outputPath = scratch.appendingPathComponent("xdotool-\(UUID().uuidString).out").path
        defer { unlink(outputPath) }
        let argv = ["/usr/bin/env", "DISPLAY=:\(display)", "/usr/bin/xdotool"] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard status == 0 else { throw Failure.missingTool("xdotool (posix_spawn \(status))") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) == -1 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Moves the pointer to the mic and presses the primary button.
    func pressMic() throws {
        try xdotool(["mousemove", "--window", windowID, "\(Int(mic.x))", "\(Int(mic.y))", "mousedown", "1"])
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

    /// A display number with neither a lock file nor a socket.
    static func freeDisplay() throws -> Int {
        for display in (90 ..< 190).shuffled() {
            let taken = FileManager.default.fileExists(atPath: "/tmp/.X\(display)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)")
            if !taken { return display }
        }
        throw Failure.noFreeDisplay
    }
}
