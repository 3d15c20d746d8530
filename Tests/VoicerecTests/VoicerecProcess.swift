import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `voicerec`, run as a child process with its own temporary directory, as a person or a script would.
struct VoicerecProcess {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("voicerec").path

    /// What a finished run left.
    struct Result {
        var status: Int32
        var signalled: Bool
        var stdout: String
        var stderr: String
    }

    let process = Process()
    private let stdinPipe = Pipe()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()

    /// Starts `voicerec arguments` (through `bash -c` with `shellPrefix` when given, e.g. `ulimit -f 40;`).
    init(_ arguments: [String], temporaryDirectory: URL, shellPrefix: String? = nil, environment: [String: String] = [:]) throws {
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            let quoted = ([Self.binary] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
            process.arguments = ["-c", "\(shellPrefix) exec \(quoted.joined(separator: " "))"]
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = temporaryDirectory.path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
    }

    /// Types `text` on the process's standard input.
    func type(_ text: String) { stdinPipe.fileHandleForWriting.write(Data(text.utf8)) }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the end (killing the process after `timeout` seconds, so a hang fails the test instead of the run).
    func wait(timeout: Double = 60) -> Result {
        try? stdinPipe.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        let outData = Locked(Data()), errData = Locked(Data())
        let group = DispatchGroup()
        for (pipe, box) in [(stdoutPipe, outData), (stderrPipe, errData)] {
            group.enter()
            DispatchQueue.global().async {
                box.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { send(SIGKILL) }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                      stdout: String(decoding: outData.get(), as: UTF8.self),
                      stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    /// Runs to the end.
    static func run(_ arguments: [String], temporaryDirectory: URL, shellPrefix: String? = nil,
                    environment: [String: String] = [:], input: String = "", timeout: Double = 60) throws -> Result {
        let process = try VoicerecProcess(arguments, temporaryDirectory: temporaryDirectory, shellPrefix: shellPrefix,
                                          environment: environment)
        process.type(input)
        return process.wait(timeout: timeout)
    }
}

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}

/// A fresh directory under the system's temporary directory, removed at the end of the test.
final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("voicerec-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
}

/// Decodes one JSON object line.
func jsonObject(_ text: String) -> [String: Any]? {
    guard let line = text.split(separator: "\n").last else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
}
