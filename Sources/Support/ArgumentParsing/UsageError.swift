/// A command line that could not be understood, said in words ("--max takes a number of seconds above 0, got 'x'").
/// The package's tools exit with `ExitStatus.usage` for it.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, without the command's name (the tool adds it).
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// The exit statuses every tool of the package uses.
public enum ExitStatus {
    /// It did what was asked.
    public static let success: Int32 = 0
    /// It was understood but failed (a file that cannot be read, nothing was sent).
    public static let failure: Int32 = 1
    /// The command line could not be understood.
    public static let usage: Int32 = 2
}
