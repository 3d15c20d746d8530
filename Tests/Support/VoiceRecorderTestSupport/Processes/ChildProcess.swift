import CVoiceRecorderTestSupport
import Foundation
import Glibc
import Synchronization
import VoiceRecorderPOSIX

/// A program run as a child of the test: started with `posix_spawn`, reaped with `waitpid`, its standard input,
/// output and error wherever the test says.
///
/// Every child of every test goes through here, for what the copies before it learned:
/// - Foundation's `Process` blocked its monitoring thread in `wait4` when the child closed the descriptors it
///   inherited (PulseAudio does, at start-up), and its `waitUntilExit()` was seen never to return for a
///   short-lived child while long-lived ones ran. Here the child is reaped by its own `waitpid`, polled, so a wait
///   always ends: with the child's end, or with its time, when the child is killed and the wait fails.
/// - A child of the test runner may inherit signals the runner's threads block (SIGTERM was seen blocked; SIGKILL
///   always works): each child starts with no signal blocked and every signal at its default action.
/// - A child inherits only its standard input, output and error: every other descriptor is closed in it, and the
///   pipes made here are close-on-exec, so one child never holds another's pipe open (which would keep its reader
///   from ever seeing the end).
/// - `waitpid` may answer ECHILD when something else in the runner reaped the child first: it is then gone, with
///   its status unknown (-1).
///
/// A child still running when this object goes away is killed (SIGKILL) and reaped, so no test leaves one behind.
public final class ChildProcess: Sendable {
    /// The program and its arguments, for messages.
    public let command: [String]
    /// Its process id.
    public let pid: pid_t

    private struct State {
        /// Set once the child is reaped.
        var termination: Termination?
        /// The parent's end of the standard input pipe, while it is open (`Input.pipe` and `.text`).
        var input: Int32 = -1
    }

    private let state: Mutex<State>
    private let output: OutputReader?
    private let errors: OutputReader?

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`, without waiting for it.
    public init(
        _ executable: String, _ arguments: [String] = [], environment: Environment = .inherited,
        workingDirectory: String? = nil, input: Input = .null, output: Output = .null, errors: Output = .null
    ) throws {
        command = [executable] + arguments
        let description = command.joined(separator: " ")
        var streams = try StandardStreams(input: input, output: output, errors: errors, command: description)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        streams.addActions(to: &actions)
        if let workingDirectory { vr_spawn_file_actions_addchdir(&actions, workingDirectory) }
        vr_spawn_file_actions_addclosefrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        var noSignal = sigset_t()
        sigfillset(&everySignal)
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.entries.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        streams.closeChildEnds()
        guard result == 0 else {
            streams.closeParentEnds()
            throw Failure.cannotStart(
                command: description,
                reason: POSIX.Error(
                    call: "posix_spawn", code: result,
                    path: executable
                ).description)
        }
        self.pid = pid
        state = Mutex(State(input: streams.parentInput))
        self.output = streams.startReading(.output, of: output)
        self.errors = streams.startReading(.errors, of: errors)
        if case .text(let text) = input {
            type(text)
            closeInput()
        }
    }

    deinit {
        closeInput()
        if isRunning {
            Glibc.kill(pid, SIGKILL)
            _ = reap(waitingUpTo: 5)
        }
    }

    /// Whether the child is still running (it is reaped as soon as it is seen to have ended).
    public var isRunning: Bool { poll() == nil }

    /// How it ended, once it has.
    public var termination: Termination? { poll() }

    /// Its standard output so far (with `Output.capture`).
    public var capturedOutput: String { output?.text ?? "" }

    /// Its standard error so far (with `Output.capture`).
    public var capturedErrors: String { errors?.text ?? "" }

    /// Types `text` on its standard input (with `Input.pipe`). A child that has stopped reading makes this a no-op,
    /// never a SIGPIPE for the test runner.
    public func type(_ text: String) {
        state.withLock { state in
            guard state.input >= 0 else { return }
            _ = BrokenPipe.writeAll(Array(text.utf8), to: state.input)
        }
    }

    /// Ends its standard input: the child reads the end.
    public func closeInput() {
        state.withLock { state in
            guard state.input >= 0 else { return }
            close(state.input)
            state.input = -1
        }
    }

    /// Sends `signal` to it, if it has not been reaped (its pid could by then be another process's).
    public func send(_ signal: Int32) {
        state.withLock { state in
            if state.termination == nil { Glibc.kill(pid, signal) }
        }
    }

    /// Ends its input and waits until it ends and its captured outputs are read to their end; then returns how it
    /// ended and what it wrote. After `timeout` seconds it is killed (SIGKILL) and the wait throws
    /// `Failure.timedOut`: a hang fails the test instead of hanging the run.
    @discardableResult
    public func wait(timeout: Double = 60) throws -> Outcome {
        closeInput()
        let start = ContinuousClock.now
        guard let termination = reap(waitingUpTo: timeout) else {
            Glibc.kill(pid, SIGKILL)
            _ = reap(waitingUpTo: 5)
            finishReading(timeout: 1)
            throw Failure.timedOut(
                command: command.joined(separator: " "), seconds: timeout,
                stdout: capturedOutput, stderr: capturedErrors)
        }
        let left = timeout - Self.seconds(since: start)
        finishReading(timeout: max(left, 2))
        return Outcome(termination: termination, stdout: capturedOutput, stderr: capturedErrors)
    }

    /// Ends it: SIGTERM, then SIGKILL if it is still there after `grace` seconds; reaped either way. Nothing
    /// happens if it has already ended.
    public func end(grace: Double = 1) {
        closeInput()
        guard isRunning else { return }
        send(SIGTERM)
        if reap(waitingUpTo: grace) == nil {
            send(SIGKILL)
            _ = reap(waitingUpTo: 5)
        }
    }

    /// Kills it at once (SIGKILL), as a crash would, and reaps it.
    public func kill() {
        send(SIGKILL)
        _ = reap(waitingUpTo: 5)
    }

    /// Waits up to `timeout` seconds until its captured and streamed outputs are read to their end (after it has
    /// ended: every writer has closed them); returns whether they were. Then everything it wrote has been handed
    /// over: a test that checks what a child printed checks all of it, not what had arrived so far.
    @discardableResult
    public func readToTheEnd(timeout: Double = 2) -> Bool {
        let start = ContinuousClock.now
        let output = self.output?.waitForEnd(timeout: timeout) ?? true
        let left = max(timeout - Self.seconds(since: start), 0)
        return (errors?.waitForEnd(timeout: left) ?? true) && output
    }

    // MARK: Reaping

    /// Polls until the child has ended (reaping it) or `seconds` have passed; returns how it ended.
    /// Seconds since `start` on the monotonic clock (the wall clock can be stepped under a test).
    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func reap(waitingUpTo seconds: Double) -> Termination? {
        var termination: Termination?
        // A short interval: xdotool and pactl calls end in milliseconds, and the end-to-end tests make many.
        VoiceRecorderTestSupport.wait(timeout: seconds, interval: 0.002) {
            termination = poll()
            return termination != nil
        }
        return termination
    }

    /// Reaps the child if it has ended (without blocking), and returns how it ended.
    private func poll() -> Termination? {
        state.withLock { state in
            if let termination = state.termination { return termination }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, WNOHANG) } while result == -1 && errno == EINTR
            if result == 0 { return nil }
            if result == -1 {
                // ECHILD: reaped elsewhere in the runner; it no longer exists, and its status is lost.
                state.termination = Termination(status: -1, signalled: false)
            } else {
                // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal (0: exited).
                let signal = status & 0x7F
                state.termination =
                    signal == 0
                    ? Termination(status: (status >> 8) & 0xFF, signalled: false)
                    : Termination(status: signal, signalled: true)
            }
            return state.termination
        }
    }

    /// Waits for the captured outputs to reach their end.
    private func finishReading(timeout: Double) {
        output?.waitForEnd(timeout: timeout)
        errors?.waitForEnd(timeout: timeout)
    }
}
