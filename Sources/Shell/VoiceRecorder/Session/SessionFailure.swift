import Foundation

/// What failed in a session (`SessionEvent.failure`): a kind a program can act on, and a message for people.
public struct SessionFailure: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// What part failed.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The microphone could not be started or stopped delivering (gone, busy, no sound server).
        case microphone
        /// A take was held, but the microphone sent no sound at all (nothing is kept).
        case noSound
        /// The take's file could not be made, written, finished or cut.
        case file
        /// The take's file could not be written because the disk (or the user's quota) is full.
        case diskFull
        /// A paused take could not be listened to (SPEC D.3).
        case playback
        /// Anything else.
        case other
    }

    /// What part failed.
    public let kind: Kind
    /// What happened, in words.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A failure of the other kind (tests and tools that only carry words).
    public init(stringLiteral message: String) { self.init(.other, message) }

    public var description: String { message }

    /// A failure of the take's file: `.diskFull` when `error` is the system's "no space" (ENOSPC or EDQUOT, however
    /// the library that met it wrapped it), `.file` otherwise.
    static func file(_ message: String, error: Error) -> SessionFailure {
        SessionFailure(isDiskFull(error) ? .diskFull : .file, message)
    }

    /// Whether `error` says the disk is full. The writers' errors come from FFmpeg, libopus's writer and POSIX calls,
    /// each in its own type; all of them carry the system's own words for the code, so the words are what is read.
    static func isDiskFull(_ error: Error) -> Bool {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, [ENOSPC, EDQUOT].contains(Int32(nsError.code)) { return true }
        let text = String(describing: error)
        return [ENOSPC, EDQUOT].contains { text.contains(String(cString: strerror($0))) }
    }
}
