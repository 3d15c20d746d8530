import COpus
import VoiceRecorderPOSIX

/// A failure while writing or reading an Ogg Opus file, told in words.
///
/// `description` is one line naming the file and saying what is wrong: "voice-….ogg: cannot write more audio (No
/// space left on device)", "note.ogg: not an Opus file (the Ogg stream holds Vorbis)". What caused it stays
/// available: libopus's code (its words come from `opus_strerror`), the system's `errno`, or the file's own shape.
public struct OpusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the failure came from.
    public enum Cause: Sendable, Equatable {
        /// libopus returned this (negative) error code.
        case library(Int32)
        /// A system call failed with this `errno`.
        case system(Int32)
        /// The file is not what it should be (not Ogg, not Opus, damaged, cut short).
        case format
        /// The call does not fit the writer's state (finished, discarded).
        case state
    }

    public let cause: Cause
    /// What is wrong, in words.
    public let message: String
    /// What was being done, e.g. `"opus_encode_float"` or `"append"`.
    public let operation: String
    /// The file concerned (its last path component), when there is one.
    public let file: String?

    /// An error with the adapter's own words.
    public init(_ cause: Cause, _ message: String, operation: String, file: String? = nil) {
        self.cause = cause
        self.message = message
        self.operation = operation
        self.file = file
    }

    /// libopus's failure `code` in `operation`, in its own words ("invalid argument").
    init(libraryCode code: Int32, operation: String) {
        self.init(.library(code), String(cString: opus_strerror(code)), operation: operation)
    }

    /// A system call's failure while working on `file`: "`summary` (`the errno's words`)".
    init(_ error: POSIX.Error, file: String?, summary: String, operation: String) {
        self.init(.system(error.code), "\(summary) (\(error.words))", operation: operation, file: file)
    }

    /// `"file: message"`, or the message alone.
    public var description: String {
        guard let file else { return message }
        return "\(file): \(message)"
    }

    /// Whether the file could not grow: a full disk, a size limit or a quota.
    public var isOutOfSpace: Bool {
        guard case .system(let code) = cause else { return false }
        return POSIX.Error(call: operation, code: code).isOutOfSpace
    }

    /// This error as it concerns `file`: unless it already names one, "`summary` (`message`)".
    func concerning(_ file: String, _ summary: String) -> OpusError {
        guard self.file == nil else { return self }
        return OpusError(cause, "\(summary) (\(message))", operation: operation, file: file)
    }

    /// `result` when libopus succeeded (0 or more); its error otherwise.
    @discardableResult
    static func check(_ result: Int32, _ operation: String) throws(OpusError) -> Int32 {
        guard result >= 0 else { throw OpusError(libraryCode: result, operation: operation) }
        return result
    }

    /// How errors name the file at `path`: its last path component.
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
