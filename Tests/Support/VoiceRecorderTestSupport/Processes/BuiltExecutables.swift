import Foundation

/// The package's executables, built beside the test bundle (`swift build --build-tests` puts them in the same
/// directory as the runner, `CommandLine.arguments[0]`).
public enum BuiltExecutables {
    /// The build directory the test runner was started from.
    public static var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The path of the built executable `name` (e.g. `"voicerec"`, `"voicerecorder-demo"`).
    public static func path(of name: String) -> String { directory.appendingPathComponent(name).path }
}

/// The built `voicerec`, run as a person or a script would: a child process, usually with its own temporary
/// directory (`TMPDIR`, where it writes its takes).
public enum Voicerec {
    /// The built executable.
    public static var path: String { BuiltExecutables.path(of: "voicerec") }

    /// Starts `voicerec arguments` without waiting, its output and errors captured. `shellPrefix` runs it through
    /// `bash -c` after those shell commands (e.g. `"ulimit -f 40;"`); `temporaryDirectory` becomes its `TMPDIR`.
    public static func start(
        _ arguments: [String], temporaryDirectory: URL? = nil, environment: ChildProcess.Environment = .inherited,
        shellPrefix: String? = nil, input: ChildProcess.Input = .pipe
    ) throws -> ChildProcess {
        var environment = environment
        if let temporaryDirectory { environment = environment.adding(["TMPDIR": temporaryDirectory.path]) }
        guard let shellPrefix else {
            return try ChildProcess(
                path, arguments, environment: environment, input: input, output: .capture,
                errors: .capture)
        }
        let quoted = ([path] + arguments).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
        return try ChildProcess(
            "/bin/bash", ["-c", "\(shellPrefix) exec \(quoted.joined(separator: " "))"],
            environment: environment, input: input, output: .capture, errors: .capture)
    }

    /// Runs `voicerec arguments` to its end with `input` on its standard input (see `start`); a run longer than
    /// `timeout` seconds is killed and throws.
    public static func run(
        _ arguments: [String], temporaryDirectory: URL? = nil, environment: ChildProcess.Environment = .inherited,
        shellPrefix: String? = nil, input: String = "", timeout: Double = 60
    ) throws -> ChildProcess.Outcome {
        try start(
            arguments, temporaryDirectory: temporaryDirectory, environment: environment,
            shellPrefix: shellPrefix, input: .text(input)
        )
        .wait(timeout: timeout)
    }
}
