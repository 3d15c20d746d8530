import CFFmpeg
import Glibc
import VoiceRecorderPOSIX

/// A failure reported by FFmpeg's libraries, or found while using them, told in words.
///
/// `description` is one line that names the file and says what is wrong with it, with no codes and nothing of
/// FFmpeg's log: `"cut.m4a: the file is truncated"`, `"voice-….m4a: cannot write more audio (File too large)"`.
/// The code, the call and FFmpeg's own last message stay available for programs and for debugging
/// (`debugDescription`).
public struct FFmpegError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// FFmpeg's error code (a negative `AVERROR` value; for a system failure, `AVERROR(errno)`).
    public let code: Int32
    /// What is wrong, in words, e.g. "not an audio file (it has no index)".
    public let message: String
    /// What was being done, e.g. `"avformat_open_input"` or `"append"`.
    public let operation: String
    /// The name of the file concerned (its last path component), when there is one.
    public let file: String?
    /// The last error FFmpeg logged while the failed call ran, e.g. "moov atom not found", when it logged one.
    public let libraryMessage: String?

    /// An error for `code`, described by FFmpeg's text for it (`av_strerror`).
    public init(code: Int32, operation: String) {
        self.init(code: code, message: FFmpegError.describe(code), operation: operation)
    }

    /// An error with the adapter's own description.
    public init(code: Int32, message: String, operation: String, file: String? = nil, libraryMessage: String? = nil) {
        self.code = code
        self.message = message
        self.operation = operation
        self.file = file
        self.libraryMessage = libraryMessage
    }

    /// A system call's failure while working on `file`: "`summary` (`the errno's words`)".
    init(_ error: POSIX.Error, file: String, summary: String, operation: String) {
        self.init(
            code: vr_averror(error.code), message: "\(summary) (\(error.words))", operation: operation, file: file)
    }

    /// `"file: message"`, or the message alone when no file is concerned.
    public var description: String {
        guard let file else { return message }
        return "\(file): \(message)"
    }

    /// The description with the call, the code and FFmpeg's own message, for debugging.
    public var debugDescription: String {
        "\(description) [\(operation), code \(code)\(libraryMessage.map { ", FFmpeg: \($0)" } ?? "")]"
    }

    /// Whether this is the "no space left" / "file too large" kind of failure (ENOSPC, EFBIG, EDQUOT).
    public var isOutOfSpace: Bool {
        [ENOSPC, EFBIG, EDQUOT].contains { vr_averror($0) == code }
    }

    /// This error as it concerns `file`: unless it already names a file (and so already says what is wrong with it),
    /// its message becomes "`summary` (`message`)", e.g. "cannot write more audio (File too large)".
    func concerning(_ file: String, _ summary: String) -> FFmpegError {
        guard self.file == nil else { return self }
        return FFmpegError(
            code: code, message: "\(summary) (\(message))", operation: operation, file: file,
            libraryMessage: libraryMessage)
    }

    /// How errors name the file at `path`: its last path component.
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// FFmpeg's text for an error code, e.g. "Invalid data found when processing input". Without FFmpeg's libraries
    /// (they cannot be loaded), a system failure's code is still told in the system's words.
    static func describe(_ code: Int32) -> String {
        guard FFmpegLibraries.isAvailable else {
            return code < 0 && -code < 4_096 ? POSIX.words(for: -code) : "an unknown FFmpeg error"
        }
        var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
        // For a code it does not know, av_strerror writes "Error number … occurred" and fails: no number is shown.
        if av_strerror(code, &buffer, buffer.count) < 0 {
            return "an unknown FFmpeg error"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Throws an `FFmpegError` for a negative FFmpeg result; returns non-negative results unchanged.
///
/// Expected outcomes (EAGAIN, EOF) are not errors: callers that expect them test for them before calling `check`.
@discardableResult
func check(_ result: Int32, _ operation: String) throws(FFmpegError) -> Int32 {
    guard result >= 0 else { throw FFmpegError(code: result, operation: operation) }
    return result
}

/// The result of pushing data into, or pulling it out of, a codec: EAGAIN and EOF are answers, not failures.
enum CodecStep: Equatable {
    /// Data moved.
    case done
    /// The codec needs the other direction first (EAGAIN).
    case again
    /// The codec is fully drained (EOF).
    case endOfStream

    /// Classifies a send/receive result, throwing for real errors.
    init(_ result: Int32, _ operation: String) throws(FFmpegError) {
        if result == vr_averror_eagain() {
            self = .again
        } else if result == vr_averror_eof() {
            self = .endOfStream
        } else {
            try check(result, operation)
            self = .done
        }
    }
}
