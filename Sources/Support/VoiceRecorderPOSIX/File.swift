import Glibc
import Synchronization

extension POSIX {
    /// An open file that owns its descriptor: opened by `init`, closed exactly once — by `close()`, which reports a
    /// failure, or else when the object goes away.
    ///
    /// Reads and writes at an offset (`read(into:at:)`, `write(_:at:)`) move every byte asked for, whatever the
    /// kernel does in between (short counts, signals); they do not move a shared position, so several threads may
    /// use one file at once. Closing is atomic: a second `close()` does nothing, and any call after it fails with
    /// `EBADF` instead of touching a descriptor number that may have been reused.
    public final class File: Sendable {
        /// How a file is opened: for reading, writing or both.
        public struct Access: Sendable, Equatable {
            let flags: Int32
            /// `O_RDONLY`.
            public static let readOnly = Access(flags: O_RDONLY)
            /// `O_WRONLY`.
            public static let writeOnly = Access(flags: O_WRONLY)
            /// `O_RDWR`.
            public static let readWrite = Access(flags: O_RDWR)
        }

        /// What else opening does.
        public struct Options: OptionSet, Sendable {
            public let rawValue: Int32
            public init(rawValue: Int32) { self.rawValue = rawValue }
            /// Create the file when it does not exist (`O_CREAT`), with the permissions given to `init`.
            public static let create = Options(rawValue: O_CREAT)
            /// With `create`: fail with `EEXIST` when the file already exists (`O_EXCL`), so nothing is overwritten.
            public static let exclusive = Options(rawValue: O_EXCL)
            /// Cut the file to zero length (`O_TRUNC`).
            public static let truncate = Options(rawValue: O_TRUNC)
            /// Every sequential write goes to the end (`O_APPEND`).
            public static let append = Options(rawValue: O_APPEND)
            /// Never wait (`O_NONBLOCK`): opening a FIFO with no writer returns at once, and reads of a pipe or
            /// terminal with nothing to read fail with `EAGAIN`. No effect on regular files.
            public static let nonBlocking = Options(rawValue: O_NONBLOCK)
            /// Fail with `ENOTDIR` unless the path is a directory (`O_DIRECTORY`): a directory is opened, read-only,
            /// to make the names in it durable (`synchronize()`).
            public static let directory = Options(rawValue: O_DIRECTORY)
        }

        /// The path the file was opened at, when it was (for messages).
        public let path: String?
        /// The descriptor, or -1 once closed.
        private let descriptorState: Atomic<Int32>
        /// Whether closing is this object's job (false for standard input, output and error).
        private let ownsDescriptor: Bool

        /// Opens `path` (always close-on-exec).
        ///
        /// - Parameter permissions: the mode of a file `create` makes, before the process's umask filters it (use
        ///   `setPermissions` for exactly these bits).
        public init(path: String, access: Access, options: Options = [], permissions: mode_t = 0o600) throws(POSIX
            .Error)
        {
            let flags = access.flags | options.rawValue | O_CLOEXEC
            let descriptor = try POSIX.call("open", path: path) { Glibc.open(path, flags, permissions) }
            self.path = path
            descriptorState = Atomic(descriptor)
            ownsDescriptor = true
        }

        /// Takes ownership of an open `descriptor` (from `dup`, `pipe`, a C library): it is closed with this object.
        public init(adopting descriptor: Int32, path: String? = nil) {
            self.path = path
            descriptorState = Atomic(descriptor)
            ownsDescriptor = true
        }

        /// Uses `descriptor` without owning it: `close()` and `deinit` leave it open.
        public init(borrowing descriptor: Int32) {
            path = nil
            descriptorState = Atomic(descriptor)
            ownsDescriptor = false
        }

        /// Standard input, borrowed (never closed).
        public static let standardInput = File(borrowing: STDIN_FILENO)
        /// Standard output, borrowed (never closed).
        public static let standardOutput = File(borrowing: STDOUT_FILENO)
        /// Standard error, borrowed (never closed).
        public static let standardError = File(borrowing: STDERR_FILENO)

        deinit {
            // The safety net: a failure here has no one to be reported to.
            let descriptor = descriptorState.load(ordering: .acquiring)
            if ownsDescriptor, descriptor >= 0 { _ = Glibc.close(descriptor) }
        }

        /// The descriptor, for a C library that takes one; -1 once closed. It stays this object's: do not close it.
        public var descriptor: Int32 { descriptorState.load(ordering: .acquiring) }

        /// Whether `close()` was called.
        public var isClosed: Bool { descriptor < 0 }

        /// Closes the file (releasing any `flock` it holds). Idempotent: later calls do nothing.
        ///
        /// Throws when the kernel reports a failure (`EIO` from a network file system, say): data written since the
        /// last `synchronize()` may then be lost. The descriptor is released either way.
        public func close() throws(POSIX.Error) {
            let descriptor = descriptorState.exchange(-1, ordering: .acquiringAndReleasing)
            guard ownsDescriptor, descriptor >= 0 else { return }
            _ = try POSIX.call("close", path: path, onInterrupt: .done) { Glibc.close(descriptor) }
        }

        /// What `fstat` says of the file.
        public func status() throws(POSIX.Error) -> FileStatus {
            var status = stat()
            _ = try call("fstat") { fstat($0, &status) }
            return FileStatus(status)
        }

        /// The file's length in bytes.
        public func size() throws(POSIX.Error) -> Int64 { try status().size }

        /// Sets the permission bits exactly (`fchmod`), whatever the umask did when the file was created.
        public func setPermissions(_ permissions: mode_t) throws(POSIX.Error) {
            _ = try call("fchmod") { fchmod($0, permissions) }
        }

        /// A second descriptor for the same open file (`dup`), owned by the new object.
        public func duplicate() throws(POSIX.Error) -> File {
            File(adopting: try call("dup") { dup($0) }, path: path)
        }

        /// Makes `target` (e.g. `STDERR_FILENO`) a copy of this descriptor (`dup2`): what was open there is closed.
        public func duplicate(onto target: Int32) throws(POSIX.Error) {
            _ = try call("dup2") { dup2($0, target) }
        }

        /// Makes the call `name` with the descriptor (failing with `EBADF` once closed), through `POSIX.call`.
        func call<Result: FixedWidthInteger & SignedInteger>(
            _ name: String, _ body: (Int32) -> Result
        ) throws(POSIX.Error) -> Result {
            let descriptor = self.descriptor
            guard descriptor >= 0 else { throw POSIX.Error(call: name, code: EBADF, path: path) }
            return try POSIX.call(name, path: path) { body(descriptor) }
        }
    }
}

extension POSIX {
    /// A new pipe: what is written to `writer` is read from `reader`. Both ends are made close-on-exec.
    ///
    /// (`pipe2`, which does both in one call, is not visible from Swift's Glibc module: a process spawned by another
    /// thread in between the two calls could inherit the ends.)
    public static func pipe() throws(POSIX.Error) -> (reader: File, writer: File) {
        var ends: [Int32] = [-1, -1]
        _ = try call("pipe") { ends.withUnsafeMutableBufferPointer { Glibc.pipe($0.baseAddress) } }
        let files = (reader: File(adopting: ends[0]), writer: File(adopting: ends[1]))
        for file in [files.reader, files.writer] {
            _ = try file.call("fcntl") { fcntl($0, F_SETFD, FD_CLOEXEC) }
        }
        return files
    }
}
