import Foundation

/// A private PulseAudio server for one test: its own runtime directory under /tmp, its own socket, a null sink at
/// 24 kHz mono whose monitor is the capture source. `shutdown()` kills it and removes the directory; `deinit` does
/// the same as a safety net, and `withSoundServer` guarantees it even when the test throws.
final class SoundServer: @unchecked Sendable {
    /// The runtime directory (socket, log, generated sounds).
    let directory: URL
    /// The server address for `server:` parameters and `PULSE_SERVER`.
    let address: String
    /// The null sink everything plays into.
    let sinkName = "vr_sink"
    /// Its monitor: the capture source.
    var monitorName: String { "\(sinkName).monitor" }

    /// The server runs as a plain spawned child: PulseAudio closes every inherited descriptor at startup, which
    /// makes Foundation's `Process` block its monitoring thread in `wait4` until the server exits.
    private let serverID: pid_t
    private var serverExited = false
    private let lock = NSLock()
    private var players: [Process] = []
    private var isShutDown = false

    /// Starts the server and waits (up to 5 s) until it answers.
    init() throws {
        directory = URL(fileURLWithPath: "/tmp/vr-pulse-\(UUID().uuidString.prefix(8))")
        let runtime = directory.appendingPathComponent("pulse")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let socket = runtime.appendingPathComponent("native").path
        address = "unix:\(socket)"

        serverID = try spawn("/usr/bin/pulseaudio", [
            "--daemonize=no", "--system=false", "--exit-idle-time=-1", "--disallow-exit", "-n",
            "--use-pid-file=no", "--disable-shm=yes", "--log-target=file:\(directory.path)/server.log",
            "-L", "module-null-sink sink_name=\(sinkName) rate=24000 channels=1",
            "-L", "module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
        ], environment: Self.environment(runtime: directory.path))

        let deadline = Date().addingTimeInterval(5)
        while (try? pactl("info")) == nil {
            guard Date() < deadline, waitpid(serverID, nil, WNOHANG) == 0 else {
                shutdown()
                throw FixtureError("the test sound server did not answer within 5 s")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The environment of the server and of every client tool: private runtime dir, no session bus.
    private static func environment(runtime: String, server: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["HOME"] = runtime
        environment["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
        environment["PULSE_SERVER"] = server
        return environment
    }

    /// The environment a client process needs to reach this server (and no other).
    var clientEnvironment: [String: String] {
        Self.environment(runtime: directory.path, server: address)
    }

    /// Runs `pactl` against this server and returns its output; throws when it fails.
    @discardableResult
    func pactl(_ arguments: String...) throws -> String {
        try run("/usr/bin/pactl", arguments, environment: clientEnvironment)
    }

    /// A WAV of `text` spoken, each sentence followed by `pause` seconds of silence, `repeats` times over.
    func speechFile(_ text: String = "This is a voice message. It has words, and then a pause.",
                    pause: Double = 0.6, repeats: Int = 6) throws -> URL {
        let spoken = directory.appendingPathComponent("spoken.wav")
        let pattern = directory.appendingPathComponent("speech.wav")
        try run("/usr/bin/espeak-ng", ["-w", spoken.path, text], environment: clientEnvironment)
        try run("/usr/bin/sox", [spoken.path, "-r", "24000", "-c", "1", pattern.path,
                                 "pad", "0", "\(pause)", "repeat", "\(repeats - 1)"], environment: clientEnvironment)
        return pattern
    }

    /// Plays `file` into `device` (default: the null sink) with `media.role` = `role`, in the background.
    @discardableResult
    func play(_ file: URL, device: String? = nil, role: String = "music") throws -> Process {
        let player = Process()
        player.executableURL = URL(fileURLWithPath: "/usr/bin/paplay")
        // Low latency keeps the null sink rendering in small blocks; with paplay's default 2 s buffer a capture of
        // its monitor would wait up to 2 s for its first block.
        player.arguments = [
            "--device=\(device ?? sinkName)", "--property=media.role=\(role)", "--latency-msec=20", file.path,
        ]
        player.environment = clientEnvironment
        player.standardOutput = FileHandle.nullDevice
        player.standardError = FileHandle.nullDevice
        try player.run()
        lock.lock(); players.append(player); lock.unlock()
        return player
    }

    /// Waits until `sink` (default: the null sink) is running, i.e. something is playing into it, so a capture
    /// started next hears it from the start.
    func waitForPlayback(sink: String? = nil, timeout: Double = 3) throws {
        let name = sink ?? sinkName
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let sinks = try pactl("list", "short", "sinks").split(separator: "\n")
            if sinks.contains(where: { $0.contains(name) && $0.contains("RUNNING") }) {
                // A null sink that was idle sleeps through one long block (up to 2 s) before it notices a
                // low-latency stream; suspending and resuming restarts its timer at the small block size.
                try pactl("suspend-sink", name, "1")
                try pactl("suspend-sink", name, "0")
                return
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw FixtureError("\(name) did not start playing within \(timeout) s")
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    func kill() {
        lock.lock(); defer { lock.unlock() }
        guard !serverExited else { return }
        serverExited = true
        Foundation.kill(serverID, SIGKILL)
        waitpid(serverID, nil, 0)
    }

    /// Stops the players and the server and removes the directory. Idempotent.
    func shutdown() {
        lock.lock()
        let wasShutDown = isShutDown
        isShutDown = true
        let players = self.players
        lock.unlock()
        if wasShutDown { return }
        for player in players where player.isRunning {
            Foundation.kill(player.processIdentifier, SIGKILL)
            player.waitUntilExit()
        }
        kill()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { shutdown() }
}

/// Runs a test body with its own server, always torn down afterwards.
func withSoundServer<T>(_ body: (SoundServer) async throws -> T) async throws -> T {
    let server = try SoundServer()
    defer { server.shutdown() }
    return try await body(server)
}

/// A fixture step that went wrong.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Starts `executable` as a child with its output discarded, and returns its process id.
func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard result == 0 else { throw FixtureError("cannot start \(executable): error \(result)") }
    return pid
}

/// Runs a tool to completion and returns its standard output; throws with its standard error when it fails.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        let message = String(decoding: errorData, as: UTF8.self)
        throw FixtureError("\(executable) \(arguments.joined(separator: " ")) failed: \(message)")
    }
    return String(decoding: outputData, as: UTF8.self)
}
