import Foundation

/// Writes one JSON object per line: the package's tools print their events this way, so scripts and tests can
/// follow them. Each line goes out in one write, at once (nothing waits in a buffer), so a reader sees an event as
/// soon as it happens and lines from two threads never interleave.
public struct JSONLineWriter: Sendable {
    private let write: @Sendable (String) -> Void

    /// A writer handing each line (with its newline) to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Lines on standard output.
    public static let standardOutput = JSONLineWriter { line in FileHandle.standardOutput.write(Data(line.utf8)) }

    /// Writes `value` as one line.
    public func write(_ value: JSONValue) { write(value.text + "\n") }
}
