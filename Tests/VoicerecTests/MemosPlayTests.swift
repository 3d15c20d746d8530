import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `voicerec memos play ID`: a memo played through a real (private) sound server.
@Suite("voicerec memos play")
struct MemosPlayTests {
    @Test func aMemoPlaysToItsEnd() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 1.5)["id"] as? String)
        let server = try PrivateSoundServer()
        defer { server.shutdown() }
        let started = Date()
        let result = try memos.run(["play", id], environment: server.clientEnvironment, timeout: 20)
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(took > 1.3 && took < 4, "played 1.5 s in \(took) s")
    }

    @Test func ctrlCStopsPlaybackPromptly() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 5)["id"] as? String)
        let server = try PrivateSoundServer()
        defer { server.shutdown() }
        let process = try VoicerecProcess(["memos", "play", id, "--data-dir", memos.dataDirectory.path],
                                          temporaryDirectory: memos.scratch.url, environment: server.clientEnvironment)
        usleep(800_000)
        let stoppedAt = Date()
        process.send(SIGINT)
        let result = process.wait(timeout: 10)
        #expect(Date().timeIntervalSince(stoppedAt) < 1)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aMemoWhoseFileIsGoneSaysSo() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let file = memos.memosDirectory.appendingPathComponent("\(id).m4a")
        try FileManager.default.removeItem(at: file)
        let result = try memos.run(["play", id])
        #expect(result.status == 1)
        #expect(result.stderr == "voicerec memos play: memo \(id)'s file is missing (\(file.path))\n")
    }

    @Test func withoutASoundServerItSaysSo() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let result = try memos.run(["play", id], environment: ["PULSE_SERVER": "unix:\(memos.scratch.url.path)/no-server"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("voicerec memos play: no sound server is reachable ("), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

/// A private PulseAudio server with one null sink, for one test: its own runtime directory and socket, so the tests
/// never reach the desktop's. (A small copy of the PulseAudio tests' fixture, until a shared test-support target
/// holds one.)
final class PrivateSoundServer: @unchecked Sendable {
    let directory: URL
    let address: String
    private let serverID: pid_t
    private var isShutDown = false

    /// Starts the server and waits (up to 5 s) until it answers.
    init() throws {
        directory = URL(fileURLWithPath: "/tmp/vr-memos-pulse-\(UUID().uuidString.prefix(8))")
        let runtime = directory.appendingPathComponent("pulse")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let socket = runtime.appendingPathComponent("native").path
        address = "unix:\(socket)"
        serverID = try Self.spawn("/usr/bin/pulseaudio", [
            "--daemonize=no", "--system=false", "--exit-idle-time=-1", "--disallow-exit", "-n",
            "--use-pid-file=no", "--disable-shm=yes", "--log-target=file:\(directory.path)/server.log",
            "-L", "module-null-sink sink_name=vr_sink rate=24000 channels=1",
            "-L", "module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
        ], environment: Self.environment(runtime: directory.path, server: nil))
        let deadline = Date().addingTimeInterval(5)
        while !answers() {
            guard Date() < deadline, waitpid(serverID, nil, WNOHANG) == 0 else {
                shutdown()
                throw PrivateSoundServerError(description: "the test sound server did not answer within 5 s")
            }
            usleep(20_000)
        }
    }

    /// The environment a client needs to reach this server, and no other.
    var clientEnvironment: [String: String] { Self.environment(runtime: directory.path, server: address) }

    private static func environment(runtime: String, server: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["HOME"] = runtime
        environment["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
        environment["PULSE_SERVER"] = server
        return environment
    }

    /// Whether `pactl info` gets an answer.
    private func answers() -> Bool {
        let pactl = Process()
        pactl.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        pactl.arguments = ["info"]
        pactl.environment = clientEnvironment
        pactl.standardOutput = FileHandle.nullDevice
        pactl.standardError = FileHandle.nullDevice
        guard (try? pactl.run()) != nil else { return false }
        pactl.waitUntilExit()
        return pactl.terminationStatus == 0
    }

    /// Kills the server and removes its directory. Idempotent.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        kill(serverID, SIGKILL)
        waitpid(serverID, nil, 0)
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { shutdown() }

    /// A plain spawned child: PulseAudio closes every inherited descriptor at start-up, which makes Foundation's
    /// `Process` block its monitoring thread until the server exits.
    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> pid_t {
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
        guard result == 0 else { throw PrivateSoundServerError(description: "cannot start \(executable): error \(result)") }
        return pid
    }
}

struct PrivateSoundServerError: Error, CustomStringConvertible {
    let description: String
}
