import Glibc

extension POSIX {
    /// What `stat` says of a file: enough to tell a regular file from a directory, its length, mode and when it last
    /// changed.
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
        /// When its contents last changed (`st_mtim`): seconds since 1970-01-01 00:00 UTC, as Foundation's
        /// `Date(timeIntervalSince1970:)` takes them, to the nanosecond the file system keeps (a `Double` holds
        /// today's dates to a quarter of a microsecond).
        public let modificationTime: Double

        /// Which file it is: two names with the same identity are one file (hard links).
        public let identity: Identity

        /// A file's device and inode numbers, which together name one file on the machine.
        public struct Identity: Sendable, Hashable {
            public let device: UInt64
            public let inode: UInt64
        }

        init(_ status: stat) {
            switch status.st_mode & S_IFMT {
            case S_IFREG: kind = .regularFile
            case S_IFDIR: kind = .directory
            default: kind = .other
            }
            size = Int64(status.st_size)
            permissions = status.st_mode & 0o7777
            modificationTime = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
            identity = Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        }
    }
}
