import Glibc

extension POSIX {
    /// A failed POSIX call: which call, the `errno` it left, and that `errno`'s words.
    ///
    /// Its description reads like a line of `perror`: `"pwrite: No space left on device"`, or with the path the
    /// call was about, `"open /tmp/take.m4a: Permission denied"`.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The call that failed, e.g. `"pwrite"`.
        public let call: String
        /// The `errno` it left, e.g. `ENOSPC`.
        public let code: Int32
        /// The path the call was about, when it took one.
        public let path: String?

        /// An error of `call` with `code`, about `path`.
        public init(call: String, code: Int32, path: String? = nil) {
            self.call = call
            self.code = code
            self.path = path
        }

        /// The system's words for `code` (`strerror`), e.g. "No space left on device".
        public var words: String { POSIX.words(for: code) }

        /// `"call: words"`, or `"call path: words"`.
        public var description: String {
            if let path { return "\(call) \(path): \(words)" }
            return "\(call): \(words)"
        }

        /// Whether the file could not grow: the disk is full (`ENOSPC`), a size limit was reached (`EFBIG`), or a
        /// quota (`EDQUOT`).
        public var isOutOfSpace: Bool { [ENOSPC, EFBIG, EDQUOT].contains(code) }
    }

    /// The system's words for the `errno` value `code`.
    public static func words(for code: Int32) -> String {
        // strerror_r (the XSI one, which Swift's Glibc module declares) is thread-safe; strerror need not be.
        var buffer = [CChar](repeating: 0, count: 256)
        let result = buffer.withUnsafeMutableBufferPointer { strerror_r(code, $0.baseAddress!, $0.count) }
        guard result == 0 else { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
