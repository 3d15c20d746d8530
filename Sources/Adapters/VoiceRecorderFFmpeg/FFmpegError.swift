import CFFmpeg
#if canImport(Glibc)
import Glibc
#endif

/// A failure reported by FFmpeg's libraries (or found while using them): the code, FFmpeg's own words for it, and
/// the operation that failed.
public struct FFmpegError: Error, Sendable, Equatable, CustomStringConvertible {
    /// FFmpeg's error code (a negative `AVERROR` value).
    public let code: Int32
    /// FFmpeg's description of `code` (from `av_strerror`), or a more precise text when the adapter knows better.
    public let message: String
    /// What was being done, e.g. `"avformat_open_input"` or `"append"`.
    public let operation: String

    /// An error for `code`, described by FFmpeg itself.
    public init(code: Int32, operation: String) {
        self.code = code
        self.message = FFmpegError.describe(code)
        self.operation = operation
    }

    /// An error with the adapter's own description (e.g. "the file has no audio stream").
    public init(code: Int32, message: String, operation: String) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// `"<operation>: <message> (code)"`.
    public var description: String { "\(operation): \(message) (\(code))" }

    /// Whether this is the "no space left" / "file too large" kind of failure (ENOSPC, EFBIG, EDQUOT).
    public var isOutOfSpace: Bool {
        [ENOSPC, EFBIG, EDQUOT].contains { vr_averror($0) == code }
    }

    /// FFmpeg's text for an error code.
    static func describe(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
        if av_strerror(code, &buffer, buffer.count) < 0 {
            return "unknown FFmpeg error"
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
