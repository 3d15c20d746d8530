import Foundation
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built `memos-crash-probe`, run as a child process with its own temporary directory.
struct ProbeProcess {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("memos-crash-probe").path

    /// What a finished run left.
    struct Result {
        var status: Int32
        /// Killed by a signal (then `status` is the signal's number).
        var signalled: Bool
        var stdout: String
        var stderr: String

        /// Each stdout line that is a JSON object.
        var events: [[String: Any]] {
            stdout.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }

        /// The first event named `name`.
        func event(_ name: String) -> [String: Any]? {
            events.first { $0["event"] as? String == name }
        }
    }

    let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let output = Collected()

    /// Starts `memos-crash-probe arguments`, with `TMPDIR` set to `temporaryDirectory` and `environment` added.
    /// With `runAs`, it is run through `setpriv` as that user and group id (to be refused what root is allowed).
    init(
        _ arguments: [String], temporaryDirectory: URL, environment: [String: String] = [:], runAs: UInt32? = nil
    ) throws {
        if let runAs {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(runAs)", "--regid=\(runAs)", "--clear-groups", Self.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = temporaryDirectory.path
        env.removeValue(forKey: "MEMOS_PROBE_KILL_AFTER")
        env.removeValue(forKey: "MEMOS_PROBE_KILL_EDIT_AFTER")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        let output = output
        // Read as it comes, so a test can wait for a line while the process still runs.
        stdoutPipe.fileHandleForReading.readabilityHandler = { handle in output.appendOut(handle.availableData) }
        stderrPipe.fileHandleForReading.readabilityHandler = { handle in output.appendErr(handle.availableData) }
        try process.run()
    }

    /// Waits until stdout holds `text` (or the process ends, or `timeout` passes); true when it does.
    func waitForOutput(_ text: String, timeout: Double = 60) -> Bool {
        let output = output
        let process = process
        VoiceRecorderTestSupport.wait(timeout: timeout, interval: 0.005) {
            output.stdout.contains(text) || !process.isRunning
        }
        return output.stdout.contains(text)
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the end (killing the process after `timeout` seconds, so a hang fails the test instead of the run).
    func wait(timeout: Double = 120) -> Result {
        let process = process
        if !VoiceRecorderTestSupport.wait(timeout: timeout, interval: 0.005, until: { !process.isRunning }) {
            send(SIGKILL)
        }
        process.waitUntilExit()
        stdoutPipe.fileHandleForReading.readabilityHandler = nil
        stderrPipe.fileHandleForReading.readabilityHandler = nil
        output.appendOut(stdoutPipe.fileHandleForReading.readDataToEndOfFile())
        output.appendErr(stderrPipe.fileHandleForReading.readDataToEndOfFile())
        return Result(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            stdout: output.stdout, stderr: output.stderr)
    }

    /// Runs to the end.
    static func run(
        _ arguments: [String], temporaryDirectory: URL, environment: [String: String] = [:],
        runAs: UInt32? = nil
    ) throws -> Result {
        try ProbeProcess(arguments, temporaryDirectory: temporaryDirectory, environment: environment, runAs: runAs)
            .wait()
    }
}

/// Output gathered from a child's pipes on other threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    func appendOut(_ data: Data) { lock.withLock { out.append(data) } }
    func appendErr(_ data: Data) { lock.withLock { err.append(data) } }
    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
}
