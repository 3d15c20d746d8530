// TO BE REPLACED by the shared test-support target's sound server once it lands: this is the smallest private
// server these tests need, kept in this one file so that swapping it is one deletion.
import Foundation

/// A private PulseAudio server for one test: its own runtime directory under /tmp with an anonymous unix socket, a
/// null sink at 24 kHz mono, and a silent keep-alive stream into that sink. `shutdown()` kills everything and removes
/// the directory (`deinit` too).
///
/// Why the keep-alive: a null sink with no client renders ahead in one long block (2 s), and a stream that connects
/// then is not asked for audio until that block has passed. A low-latency stream that always plays keeps the sink
/// rendering in small blocks, as a desktop's sink does, so wall-clock timings measure the player, not the sink.
final class PrivateSoundServer: @unchecked Sendable {
    /// The runtime directory.
    let directory: URL
    /// The server address for `server:` parameters.
    let address: String
    /// The null sink everything plays into.
    let sinkName = "vr_memos_sink"

    private var children: [pid_t] = []
    private let lock = NSLock()
    private var isShutDown = false

    /// Starts the server and the keep-alive; returns once the sink is running (or throws after 5 s).
    init() throws {
        directory = URL(fileURLWithPath: "/tmp/vr-memos-pulse-\(UUID().uuidString.prefix(8))")
        let runtime = directory.appendingPathComponent("pulse")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let socket = runtime.appendingPathComponent("native").path
        address = "unix:\(socket)"

        // Spawned directly, not with Foundation's `Process`: PulseAudio closes every descriptor it inherited at
        // startup, which leaves `Process`'s monitoring thread blocked in `wait4` until the server exits.
        children.append(try spawn("/usr/bin/pulseaudio", [
            "--daemonize=no", "--system=false", "--exit-idle-time=-1", "--disallow-exit", "-n",
            "--use-pid-file=no", "--disable-shm=yes", "--log-target=file:\(directory.path)/server.log",
            "-L", "module-null-sink sink_name=\(sinkName) rate=24000 channels=1",
            "-L", "module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
        ], isServer: true))
        do {
            try waitUntil("the test sound server did not answer within 5 s") { (try? pactl("info")) != nil }
            children.append(try spawn("/usr/bin/pacat", [
                "--playback", "--device=\(sinkName)", "--latency-msec=20", "--raw", "--format=float32le",
                "--rate=24000", "--channels=1", "--stream-name=keep-alive",
            ], input: "/dev/zero"))
            try waitUntil("the keep-alive stream did not start within 5 s") {
                (try? pactl("list", "short", "sinks"))?.contains("RUNNING") == true
            }
            // The sink noticed the keep-alive only at the end of its long block; restarting it starts its timer at
            // the small block size now.
            try pactl("suspend-sink", sinkName, "1")
            try pactl("suspend-sink", sinkName, "0")
        } catch {
            shutdown()
            throw error
        }
    }

    /// The streams playing into the sink other than the keep-alive, as `pactl list short sink-inputs` lists them.
    func playingStreams() throws -> [String] {
        let keepAlive = children.count > 1 ? "\(children[1])" : ""
        return try pactl("list", "sink-inputs").components(separatedBy: "Sink Input #").dropFirst()
            .filter { !$0.contains("application.process.id = \"\(keepAlive)\"") }
    }

    /// Runs `pactl` against this server and returns its output; throws when it fails.
    @discardableResult
    func pactl(_ arguments: String...) throws -> String {
        let output = directory.appendingPathComponent("pactl-\(UUID().uuidString.prefix(8)).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try spawn("/usr/bin/pactl", arguments, output: output.path)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        // Exited normally (no signal) with status 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw ServerError("pactl \(arguments.joined(separator: " ")) failed")
        }
        return text
    }

    /// Kills the keep-alive and the server and removes the directory. Idempotent.
    func shutdown() {
        lock.lock()
        let wasShutDown = isShutDown
        isShutDown = true
        lock.unlock()
        if wasShutDown { return }
        for child in children.reversed() {
            kill(child, SIGKILL)
            while waitpid(child, nil, 0) < 0 && errno == EINTR {}
        }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { shutdown() }

    private func waitUntil(_ failure: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            guard Date() < deadline, waitpid(children[0], nil, WNOHANG) == 0 else { throw ServerError(failure) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Starts `executable` with this server's private environment; standard input from `input`, standard output
    /// into `output` (both /dev/null by default), standard error discarded.
    private func spawn(_ executable: String, _ arguments: [String], input: String = "/dev/null",
                       output: String = "/dev/null", isServer: Bool = false) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["HOME"] = directory.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
        environment["PULSE_SERVER"] = isServer ? nil : address
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw ServerError("cannot start \(executable): \(String(cString: strerror(result)))") }
        return pid
    }
}

/// Runs a test body with its own server, always torn down afterwards.
func withPrivateSoundServer<T>(_ body: (PrivateSoundServer) async throws -> T) async throws -> T {
    let server = try PrivateSoundServer()
    defer { server.shutdown() }
    return try await body(server)
}

/// A fixture step that went wrong.
struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
