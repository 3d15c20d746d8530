import CPulseAudio

/// A failure reported by the PulseAudio client library, or found while talking to the server.
///
/// `code` is one of libpulse's `PA_ERR_*` codes; `message` is the library's own text for it (`pa_strerror`), or a
/// more precise sentence when this package knows better (for example which source was missing).
public struct PulseAudioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `PA_ERR_*` code.
    public let code: Int32
    /// What went wrong, in words people can read.
    public let message: String
    /// The call or step that failed, such as `"pa_context_connect"`.
    public let operation: String

    /// An error with an explicit code and message.
    public init(code: Int32, message: String, operation: String) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// An error for `code`, worded by libpulse itself.
    public init(code: Int32, operation: String) {
        self.init(code: code, message: PulseAudioError.libraryMessage(for: code), operation: operation)
    }

    /// libpulse's text for a `PA_ERR_*` code.
    public static func libraryMessage(for code: Int32) -> String {
        guard let text = pa_strerror(code) else { return "PulseAudio error \(code)" }
        return String(cString: text)
    }

    /// The error a context last recorded (`pa_context_errno`), attributed to `operation`.
    /// A context that recorded no error (`PA_OK`) still failed here, so that is said in words rather than "OK".
    static func last(of context: OpaquePointer, operation: String) -> PulseAudioError {
        let code = pa_context_errno(context)
        guard code != Int32(PA_OK.rawValue) else {
            return PulseAudioError(
                code: Int32(PA_ERR_UNKNOWN.rawValue), message: "The sound server ended it without giving a reason",
                operation: operation)
        }
        return PulseAudioError(code: code, operation: operation)
    }

    /// `"operation: message"`.
    public var description: String { "\(operation): \(message)" }
}

extension PulseAudioError {
    /// No such source, sink or stream (`PA_ERR_NOENTITY`).
    static func noEntity(_ message: String, operation: String) -> PulseAudioError {
        PulseAudioError(code: Int32(PA_ERR_NOENTITY.rawValue), message: message, operation: operation)
    }

    /// The server did not answer in time (`PA_ERR_TIMEOUT`).
    static func timeout(_ operation: String) -> PulseAudioError {
        PulseAudioError(code: Int32(PA_ERR_TIMEOUT.rawValue), operation: operation)
    }

    /// A handle could not be allocated or a call was refused before reaching the server.
    static func internalFailure(_ operation: String) -> PulseAudioError {
        PulseAudioError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: operation)
    }

    /// Checks the return value of a libpulse call that reports failure with a negative number.
    @discardableResult
    static func check(_ result: Int32, context: OpaquePointer, operation: String) throws(PulseAudioError) -> Int32 {
        if result < 0 { throw PulseAudioError.last(of: context, operation: operation) }
        return result
    }
}
