import Glibc

extension POSIX {
    /// What `stat` says of a file: enough to tell a regular file from a directory, and its length and mode.
    public struct FileStatus: Sendable, Equatable {
        /// What kind of thing a path names.
        public enum Kind: Sendable, Equatable {
            case regularFile, directory
            /// A device, a pipe, a socket or a link.
            case other
        }

        /// The kind of file.
        public let kind: Kind
        /// Its length in bytes.
        public let size: Int64
        /// Its permission bits, e.g. `0o600`.
        public let permissions: mode_t

        init(_ status: stat) {
            switch status.st_mode & S_IFMT {
            case S_IFREG: kind = .regularFile
            case S_IFDIR: kind = .directory
            default: kind = .other
            }
            size = Int64(status.st_size)
            permissions = status.st_mode & 0o7777
        }
    }
}
