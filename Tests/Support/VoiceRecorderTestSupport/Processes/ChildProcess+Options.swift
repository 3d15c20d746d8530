import Foundation

extension ChildProcess {
    /// The environment a child starts with: the test runner's own, changed, or exactly the given variables.
    public struct Environment: Sendable, Equatable {
        /// Every variable the child gets, by name.
        public var variables: [String: String]

        /// Exactly `variables`, nothing inherited.
        public init(_ variables: [String: String]) { self.variables = variables }

        /// The test runner's environment as it is now.
        public static var inherited: Environment { Environment(ProcessInfo.processInfo.environment) }

        /// This environment with `more` added (replacing variables of the same names).
        public func adding(_ more: [String: String]) -> Environment {
            Environment(variables.merging(more) { _, new in new })
        }

        /// This environment without the variables `names`.
        public func removing(_ names: String...) -> Environment {
            Environment(variables.filter { !names.contains($0.key) })
        }

        /// The `NAME=value` strings `posix_spawn` takes.
        var entries: [String] { variables.map { "\($0.key)=\($0.value)" } }
    }

    /// Where a child's standard input comes from.
    public enum Input: Sendable {
        /// `/dev/null`: the child reads the end at once.
        case null
        /// This text, then the end. It is written as the child starts: a text longer than a pipe holds (64 KiB)
        /// waits there until the child has read the rest.
        case text(String)
        /// A pipe the test types into with `type(_:)`; the end comes with `closeInput()` or `wait(timeout:)`.
        case pipe
        /// The file at this path, opened for reading and writing: a `PseudoTerminal`'s terminal end, for a child
        /// that must find a terminal on its input.
        case file(String)
    }

    /// Where a child's standard output or error goes.
    public enum Output: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe read as it arrives: `capturedOutput` / `capturedErrors` so far, all of it in the `Outcome`.
        case capture
        /// A pipe whose every chunk goes to `handler` as it arrives, on a thread of its own (nothing is kept).
        case stream(@Sendable (Data) -> Void)
        /// Appended to the file at this path (created `0600` if needed): a log, which stdout and stderr may share.
        case file(String)
    }

    /// How a child ended.
    public struct Termination: Sendable, Equatable, CustomStringConvertible {
        /// The exit status, or the number of the signal that ended it (as `Process.terminationStatus` has it).
        /// -1 when something else in the test runner reaped the child first, so its status is unknown.
        public var status: Int32
        /// Whether a signal ended it.
        public var signalled: Bool

        public init(status: Int32, signalled: Bool) {
            self.status = status
            self.signalled = signalled
        }

        public var description: String { signalled ? "killed by signal \(status)" : "exited with status \(status)" }
    }

    /// What a finished child left: how it ended and what it wrote on the outputs that were captured.
    public struct Outcome: Sendable {
        public var termination: Termination
        /// Its standard output (empty unless captured).
        public var stdout: String
        /// Its standard error (empty unless captured).
        public var stderr: String

        /// The exit status, or the number of the signal that ended it.
        public var status: Int32 { termination.status }
        /// Whether a signal ended it.
        public var signalled: Bool { termination.signalled }
        /// Whether it exited with status 0.
        public var succeeded: Bool { !signalled && status == 0 }
    }

    /// A child that could not be started, ran past its time, or (for `output(of:)`) failed.
    public enum Failure: Error, CustomStringConvertible {
        /// `posix_spawn` (or a pipe for it) failed: the command and the call's error.
        case cannotStart(command: String, reason: String)
        /// It was still running after `seconds`: it was killed. What it had written by then.
        case timedOut(command: String, seconds: Double, stdout: String, stderr: String)
        /// It ended other than with status 0.
        case failed(command: String, outcome: Outcome)

        public var description: String {
            switch self {
            case .cannotStart(let command, let reason):
                "cannot start \(command): \(reason)"
            case .timedOut(let command, let seconds, let stdout, let stderr):
                "\(command) was still running after \(seconds) s and was killed (stdout: \(stdout.suffix(2_000)); "
                    + "stderr: \(stderr.suffix(2_000)))"
            case .failed(let command, let outcome):
                "\(command) \(outcome.termination): \(outcome.stderr.suffix(2_000))"
            }
        }
    }
}
