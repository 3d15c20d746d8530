import CVoiceRecorderTestSupport
import Glibc
import VoiceRecorderPOSIX

/// The three standard streams of a child about to be spawned: the file actions that give the child its ends, and
/// the parent's ends of the pipes.
struct StandardStreams {
    /// One of the child's outputs.
    enum Stream { case output, errors }

    /// Files the child opens as a standard stream: the descriptor, the path and the `open` flags.
    private var opens: [(descriptor: Int32, path: String, flags: Int32)] = []
    /// The child's ends of the pipes, by the standard descriptor each becomes.
    private var childEnds: [(descriptor: Int32, end: Int32)] = []
    /// The parent's end of the standard input pipe, or -1.
    private(set) var parentInput: Int32 = -1
    private var parentOutput: Int32 = -1
    private var parentErrors: Int32 = -1

    init(input: ChildProcess.Input, output: ChildProcess.Output, errors: ChildProcess.Output, command: String) throws {
        do {
            switch input {
            case .null: opens.append((0, "/dev/null", O_RDONLY))
            case .file(let path): opens.append((0, path, O_RDWR))
            case .text, .pipe:
                let (read, write) = try Self.pipe(for: command)
                childEnds.append((0, read))
                parentInput = write
            }
            for (descriptor, stream) in [(Int32(1), output), (2, errors)] {
                switch stream {
                case .null: opens.append((descriptor, "/dev/null", O_WRONLY))
                case .file(let path): opens.append((descriptor, path, O_WRONLY | O_CREAT | O_APPEND))
                case .capture, .stream:
                    let (read, write) = try Self.pipe(for: command)
                    childEnds.append((descriptor, write))
                    if descriptor == 1 { parentOutput = read } else { parentErrors = read }
                }
            }
        } catch {
            closeChildEnds()
            closeParentEnds()
            throw error
        }
    }

    /// Adds the actions that give the child its three streams.
    func addActions(to actions: inout posix_spawn_file_actions_t) {
        for open in opens {
            posix_spawn_file_actions_addopen(&actions, open.descriptor, open.path, open.flags, 0o600)
        }
        // dup2 clears close-on-exec on the copy: the child keeps exactly these.
        for pipe in childEnds { posix_spawn_file_actions_adddup2(&actions, pipe.end, pipe.descriptor) }
    }

    /// Closes the child's ends in the parent (the child has its copies once it is spawned).
    mutating func closeChildEnds() {
        for pipe in childEnds { close(pipe.end) }
        childEnds = []
    }

    /// Closes the parent's ends (when the child could not be started).
    mutating func closeParentEnds() {
        for descriptor in [parentInput, parentOutput, parentErrors] where descriptor >= 0 { close(descriptor) }
        (parentInput, parentOutput, parentErrors) = (-1, -1, -1)
    }

    /// Starts reading the parent's end of `stream` when it is a pipe (`capture` or `stream`).
    func startReading(_ stream: Stream, of output: ChildProcess.Output) -> OutputReader? {
        let descriptor = stream == .output ? parentOutput : parentErrors
        guard descriptor >= 0 else { return nil }
        if case .stream(let handler) = output { return OutputReader(descriptor: descriptor, handler: handler) }
        return OutputReader(descriptor: descriptor, handler: nil)
    }

    /// A close-on-exec pipe: (read end, write end).
    private static func pipe(for command: String) throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard vr_pipe_cloexec(&ends) == 0 else {
            let reason = POSIX.Error(call: "pipe2", code: errno).description
            throw ChildProcess.Failure.cannotStart(command: command, reason: reason)
        }
        return (ends[0], ends[1])
    }
}

/// Writing into a pipe whose reader may be gone.
enum BrokenPipe {
    /// Writes every byte of `bytes` to `descriptor`; returns false when the reader has gone (EPIPE) or the write
    /// failed otherwise. The SIGPIPE such a write raises is held on this thread and taken back, so it never reaches
    /// the test runner (whose default action for it is to end).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var brokenPipe = sigset_t()
        var previous = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        defer {
            // A SIGPIPE raised by the write is pending for this thread: take it before unblocking.
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&brokenPipe, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
