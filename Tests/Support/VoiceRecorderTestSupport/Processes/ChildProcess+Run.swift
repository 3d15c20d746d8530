import Foundation

extension ChildProcess {
    /// Runs `executable` with `arguments` to its end, `input` on its standard input, its output and errors
    /// captured; throws `Failure.timedOut` (the child killed) when it runs longer than `timeout` seconds.
    public static func run(
        _ executable: String, _ arguments: [String] = [], environment: Environment = .inherited,
        workingDirectory: String? = nil, input: String = "", timeout: Double = 60
    ) throws -> Outcome {
        try ChildProcess(
            executable, arguments, environment: environment, workingDirectory: workingDirectory,
            input: .text(input), output: .capture, errors: .capture
        )
        .wait(timeout: timeout)
    }

    /// Runs a tool to its end and returns its standard output; throws `Failure.failed` (with its standard error)
    /// when it does not exit with status 0.
    @discardableResult
    public static func output(
        of executable: String, _ arguments: [String] = [], environment: Environment = .inherited,
        timeout: Double = 60
    ) throws -> String {
        let outcome = try run(executable, arguments, environment: environment, timeout: timeout)
        guard outcome.succeeded else {
            throw Failure.failed(command: ([executable] + arguments).joined(separator: " "), outcome: outcome)
        }
        return outcome.stdout
    }
}
