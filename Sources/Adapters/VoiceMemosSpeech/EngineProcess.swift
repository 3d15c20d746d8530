import Foundation
import VoiceRecorderPOSIX

/// One running speech engine: a child process spoken to in JSON lines on its stdin and stdout. Its lines and its
/// end are handed to `onLine` and `onExit` on a thread of its own, in order; it never blocks its caller.
/// `@unchecked Sendable`: `closed` and writes to the engine are under `lock`; the rest are `let`s
final class EngineProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var closed = false

    /// An engine `program` run by `python` with `arguments`, not yet started.
    init(python: URL, program: URL, arguments: [String] = [], environment: [String: String]) {
        process.executableURL = python
        process.arguments = [program.path] + arguments
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        // The engine's own logging (libraries' warnings) is not the protocol and says nothing a person needs.
        process.standardError = FileHandle.nullDevice
    }

    /// Starts it: each line it writes goes to `onLine`, and its end (exit status) to `onExit`, from a thread of
    /// its own. Throws when the process can't be started.
    func start(
        onLine: @escaping @Sendable (EngineProcess, String) -> Void,
        onExit: @escaping @Sendable (EngineProcess, Int32) -> Void
    ) throws {
        try process.run()
        let reading = output.fileHandleForReading
        // A thread of its own, blocked in read(2): the engine may stay silent for a minute while it works.
        let reader = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex ..< newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex ... newline)
                    if !line.trimmingCharacters(in: .whitespaces).isEmpty { onLine(self, line) }
                }
            }
            process.waitUntilExit()
            onExit(self, process.terminationStatus)
        }
        reader.name = "speech engine output"
        reader.start()
    }

    /// The engine's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Writes one request line; false when the engine's input is closed (it has exited or is being asked to).
    @discardableResult
    func send(_ object: [String: String]) -> Bool {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return false
        }
        return write(data + Data([UInt8(ascii: "\n")]))
    }

    /// Writes bytes to the engine's input as they are (the live mode's audio); false when its input is closed.
    /// Blocks while the pipe is full: call it from a queue of its own.
    @discardableResult
    func write(_ data: Data) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            do {
                try input.fileHandleForWriting.write(contentsOf: data)
                return true
            } catch {
                return false
            }
        }
    }

    /// Asks the engine to finish: its input ends, and it exits once its current request is answered.
    func quit() {
        lock.withLock {
            guard !closed else { return }
            closed = true
            try? input.fileHandleForWriting.close()
        }
    }

    /// Holds the engine where it is (SIGSTOP): it uses no CPU until `resume()`.
    func pause() { POSIX.send(signal: SIGSTOP, to: process.processIdentifier) }

    /// Lets a paused engine go on (SIGCONT).
    func resume() { POSIX.send(signal: SIGCONT, to: process.processIdentifier) }

    /// Ends the engine at once (SIGKILL: it writes no files, so nothing is left half). Its exit is still reported.
    func kill() {
        // The signal first: a write blocked on a full pipe holds the input's lock, and ends only when the engine does.
        if process.isRunning { POSIX.send(signal: SIGKILL, to: process.processIdentifier) }
        quit()
    }
}
