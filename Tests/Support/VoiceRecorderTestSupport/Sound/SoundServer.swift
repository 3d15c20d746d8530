import Foundation

/// A private PulseAudio server for one test (as `scripts/sound-server.sh` starts one by hand): its own runtime
/// directory and home under /tmp, an anonymous unix socket there, a null sink at 24 kHz mono whose monitor is the
/// capture source, no session bus. It can speak (espeak-ng) into its sink, the way a person speaks into a
/// microphone.
///
/// `shutdown()` stops its players and the server and removes the directory; `deinit` does the same as a safety net,
/// and `withSoundServer` guarantees it even when the test throws.
public final class SoundServer: Sendable {
    /// The runtime directory (socket, log, generated sounds).
    public let directory: URL
    /// The server address for `server:` parameters and `PULSE_SERVER`.
    public let address: String
    /// The null sink everything plays into (the default sink).
    public let sinkName: String
    /// Its monitor: the capture source (the default source).
    public var monitorName: String { "\(sinkName).monitor" }

    private let scratch: ScratchDirectory
    /// Spawned with `posix_spawn` (as every child is): PulseAudio closes every descriptor it inherits at start-up,
    /// which made Foundation's `Process` block its monitoring thread in `wait4` until the server exited.
    private let server: ChildProcess
    private let players = Locked<[ChildProcess]>([])
    private let isShutDown = Locked(false)

    /// Starts the server and waits (up to `timeout` seconds) until it answers `pactl info`.
    public init(sinkName: String = "vr_sink", timeout: Double = 10) throws {
        // Under /tmp, not TMPDIR: a unix socket's path must stay under 108 bytes.
        scratch = try ScratchDirectory(prefix: "vr-pulse", in: URL(fileURLWithPath: "/tmp"))
        directory = scratch.url
        self.sinkName = sinkName
        let runtime = directory.appendingPathComponent("pulse")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let socket = runtime.appendingPathComponent("native").path
        address = "unix:\(socket)"
        server = try ChildProcess(
            "/usr/bin/pulseaudio",
            [
                "--daemonize=no", "--system=false", "--exit-idle-time=-1", "--disallow-exit", "-n",
                "--use-pid-file=no", "--disable-shm=yes", "--log-target=file:\(directory.path)/server.log",
                "-L", "module-null-sink sink_name=\(sinkName) rate=24000 channels=1",
                "-L", "module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
            ], environment: Self.environment(runtime: directory.path))

        var exited = false
        let answered =
            wait(timeout: timeout, interval: 0.02) {
                if (try? pactl("info")) != nil { return true }
                exited = !server.isRunning
                return exited
            } && !exited
        guard answered else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            shutdown()
            throw FixtureError(
                "the test sound server \(exited ? "exited" : "did not answer within \(timeout) s"): "
                    + log.suffix(1_000))
        }
    }

    deinit { shutdown() }

    /// The environment of the server and of every client tool: the private runtime directory, no session bus.
    private static func environment(runtime: String, server: String? = nil) -> ChildProcess.Environment {
        var environment = ChildProcess.Environment.inherited.adding([
            "XDG_RUNTIME_DIR": runtime, "HOME": runtime, "DBUS_SESSION_BUS_ADDRESS": "disabled:",
        ])
        environment.variables["PULSE_SERVER"] = server
        return environment
    }

    /// The environment a client process needs to reach this server (and no other).
    public var clientEnvironment: ChildProcess.Environment {
        Self.environment(runtime: directory.path, server: address)
    }

    /// Runs `pactl` against this server and returns its output; throws when it fails.
    @discardableResult
    public func pactl(_ arguments: String...) throws -> String {
        try ChildProcess.output(of: "/usr/bin/pactl", arguments, environment: clientEnvironment, timeout: 10)
    }

    /// A WAV of `text` spoken by espeak-ng at 24 kHz mono, each sentence followed by `pause` seconds of silence,
    /// `repeats` times over.
    public func speechFile(
        _ text: String = "This is a voice message. It has words, and then a pause.",
        pause: Double = 0.6, repeats: Int = 6
    ) throws -> URL {
        let spoken = directory.appendingPathComponent("spoken.wav")
        let pattern = directory.appendingPathComponent("speech.wav")
        try ChildProcess.output(of: "/usr/bin/espeak-ng", ["-w", spoken.path, text], environment: clientEnvironment)
        try ChildProcess.output(
            of: "/usr/bin/sox",
            [
                spoken.path, "-r", "24000", "-c", "1", pattern.path,
                "pad", "0", "\(pause)", "repeat", "\(repeats - 1)",
            ],
            environment: clientEnvironment)
        return pattern
    }

    /// Plays `file` into `device` (default: the null sink) with `media.role` = `role`, in the background; the
    /// player is stopped at `shutdown()`.
    @discardableResult
    public func play(_ file: URL, device: String? = nil, role: String = "music") throws -> ChildProcess {
        // Low latency keeps the null sink rendering in small blocks; with paplay's default 2 s buffer a capture of
        // its monitor would wait up to 2 s for its first block.
        let player = try ChildProcess(
            "/usr/bin/paplay",
            [
                "--device=\(device ?? sinkName)", "--property=media.role=\(role)", "--latency-msec=20", file.path,
            ], environment: clientEnvironment)
        players.withLock { $0.append(player) }
        return player
    }

    /// Waits until `sink` (default: the null sink) is running, i.e. something is playing into it, so a capture
    /// started next hears it from the start.
    public func waitForPlayback(sink: String? = nil, timeout: Double = 3) throws {
        let name = sink ?? sinkName
        let playing = try wait(timeout: timeout) {
            try pactl("list", "short", "sinks").split(separator: "\n")
                .contains { $0.contains(name) && $0.contains("RUNNING") }
        }
        guard playing else { throw FixtureError("\(name) did not start playing within \(timeout) s") }
        // A null sink that was idle sleeps through one long block (up to 2 s) before it notices a low-latency
        // stream; suspending and resuming restarts its timer at the small block size.
        try pactl("suspend-sink", name, "1")
        try pactl("suspend-sink", name, "0")
    }

    /// Keeps the null sink rendering in small blocks, as a desktop's sink does: a silent low-latency stream (named
    /// `keep-alive`) plays into it until `shutdown()`. Without one, a null sink with no client renders ahead in one
    /// 2 s block and a stream that connects is not asked for audio until that block has passed, so wall-clock
    /// timings of a player would measure the sink. `sink` names another sink to keep awake (a made source's: it then
    /// records digital silence from its first block on).
    public func keepAwake(sink: String? = nil) throws {
        let keepAlive = try ChildProcess(
            "/bin/sh",
            [
                "-c",
                "exec /usr/bin/pacat --playback --device=\(sink ?? sinkName) --latency-msec=20 --raw --format=float32le "
                    + "--rate=24000 --channels=1 --stream-name=keep-alive < /dev/zero",
            ], environment: clientEnvironment)
        players.withLock { $0.append(keepAlive) }
        try waitForPlayback(sink: sink)
    }

    /// The streams playing into the server other than the keep-alive, as `pactl list sink-inputs` describes each.
    public func playingStreams() throws -> [String] {
        try pactl("list", "sink-inputs").components(separatedBy: "Sink Input #").dropFirst()
            .filter { !$0.contains("media.name = \"keep-alive\"") }
    }

    /// The programs connected to the server now, by `application.name` (`pactl list clients`; pactl itself, asking,
    /// left out).
    public func clientNames() throws -> [String] {
        try pactl("list", "clients").split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("application.name = \"") else { return nil }
            return String(text.dropFirst("application.name = \"".count).dropLast())
        }.filter { $0 != "pactl" }
    }

    /// Waits up to `timeout` seconds until no program named `name` is connected, and returns whether none was: a
    /// capture's or a player's connection closing is the last thing it does, so once the server has seen it go,
    /// nothing more of it can be on its way — the later event a check that nothing came after a stop waits for.
    @discardableResult
    public func waitUntilDisconnected(_ name: String, timeout: Double = 3) -> Bool {
        wait(timeout: timeout, interval: 0.02) { (try? clientNames().contains(name)) == false }
    }

    /// The same as `waitUntilDisconnected(_:timeout:)`, suspending between checks: the one an async test gets.
    @discardableResult
    public func waitUntilDisconnected(_ name: String, timeout: Double = 3) async -> Bool {
        await wait(timeout: timeout, interval: 0.02) { (try? clientNames().contains(name)) == false }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    public func kill() { server.kill() }

    /// Stops the players and the server and removes the directory. Idempotent.
    public func shutdown() {
        let wasShutDown = isShutDown.withLock { isShutDown in
            defer { isShutDown = true }
            return isShutDown
        }
        if wasShutDown { return }
        for player in players.value { player.kill() }
        server.kill()
        scratch.remove()
    }
}

/// Runs a test body with its own server, always torn down afterwards.
public func withSoundServer<T>(_ body: (SoundServer) async throws -> T) async throws -> T {
    let server = try SoundServer()
    defer { server.shutdown() }
    return try await body(server)
}
