import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX calls the library makes to keep its files safe, wrapped once here: atomic renames, waiting for a
/// file or a directory to reach the disk, permissions, exclusive creation and the library's lock.
///
/// Every call retries when a signal interrupts it and opens descriptors close-on-exec; a failure is thrown as a
/// `FileSystemError` naming the call, the path and the system's words. (It is one small file so that it can give
/// way to the package's shared POSIX layer without touching the library.)
enum FileSystem {
    /// Makes `path` as a directory with `permissions` if it is not one yet, and sets them if it is (a directory
    /// made by someone else with a looser mode is tightened).
    static func makeDirectory(_ path: String, permissions: mode_t) throws(FileSystemError) {
        if mkdir(path, permissions) != 0 {
            let code = errno
            if code == EEXIST, !isDirectory(path) {
                // Something that is not a directory has the name: say that, rather than "File exists".
                throw FileSystemError(call: "mkdir", path: path, code: ENOTDIR)
            }
            guard code == EEXIST else { throw FileSystemError(call: "mkdir", path: path, code: code) }
        }
        try setPermissions(permissions, of: path)
    }

    /// Makes every missing directory on the way to `path` (not `path` itself) with the usual 0755, as `mkdir -p`
    /// does for `~/.local/share`.
    static func makeAncestors(of path: String) throws(FileSystemError) {
        var ancestors: [String] = []
        var current = (path as NSString).deletingLastPathComponent
        while !current.isEmpty, current != "/", !isDirectory(current) {
            ancestors.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for ancestor in ancestors.reversed() where mkdir(ancestor, 0o755) != 0 {
            let code = errno
            guard code == EEXIST, isDirectory(ancestor) else {
                throw FileSystemError(call: "mkdir", path: ancestor, code: code == EEXIST ? ENOTDIR : code)
            }
        }
    }

    /// Sets the permission bits of `path` (not filtered by the umask, unlike `open` and `mkdir`).
    static func setPermissions(_ permissions: mode_t, of path: String) throws(FileSystemError) {
        try retrying("chmod", path) { chmod(path, permissions) }
    }

    /// Renames `source` to `destination` in one atomic step (both on one file system); `destination` is replaced if
    /// it exists, so callers check first when they must not replace.
    static func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try retrying("rename", source) { Glibc.rename(source, destination) }
    }

    /// Removes the file at `path`; returns false when there was none.
    @discardableResult
    static func removeFile(_ path: String) throws(FileSystemError) -> Bool {
        if unlink(path) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw FileSystemError(call: "unlink", path: path, code: code)
    }

    /// Waits until the contents of the file at `path` are on the disk (`fsync`).
    static func synchronizeFile(_ path: String) throws(FileSystemError) {
        try synchronize(path, flags: O_RDONLY)
    }

    /// Waits until the names in the directory at `path` are on the disk: after a rename or an unlink, the entry
    /// itself is only durable once its directory is synchronized.
    static func synchronizeDirectory(_ path: String) throws(FileSystemError) {
        try synchronize(path, flags: O_RDONLY | O_DIRECTORY)
    }

    private static func synchronize(_ path: String, flags: Int32) throws(FileSystemError) {
        let descriptor = try openDescriptor(path, flags: flags)
        defer { close(descriptor) }
        try retrying("fsync", path) { fsync(descriptor) }
    }

    /// Creates a file in `directory` (exclusively, `O_EXCL`) and removes it again: proves the directory can be
    /// written, which its mode alone does not say (a read-only file system, an ACL, another owner).
    static func probeWritable(directory: String) throws(FileSystemError) {
        let path = directory + "/.write-test-\(getpid())"
        let descriptor = try openDescriptor(path, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: 0o600)
        close(descriptor)
        try removeFile(path)
    }

    /// Copies the file at `source` to a new file at `destination` (created exclusively, 0600) and waits for the
    /// disk: how a file crosses from another file system, where a rename cannot take it.
    static func copyFile(_ source: String, to destination: String) throws(FileSystemError) {
        let input = try openDescriptor(source, flags: O_RDONLY)
        defer { close(input) }
        let output = try openDescriptor(destination, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: 0o600)
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try retrying("read", source) { read(input, &buffer, buffer.count) }
            if count == 0 { break }
            var written = 0
            while written < count {
                written += try retrying("write", destination) {
                    buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                }
            }
        }
        try retrying("fchmod", destination) { fchmod(output, 0o600) }
        try retrying("fsync", destination) { fsync(output) }
    }

    /// The names in the directory at `path` (without "." and ".."), in no particular order; empty when it can't
    /// be read. (Foundation's listing costs several times more for the 10,000 names of a large library.)
    static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(cString: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// When the file at `path` was last modified, or nil when it cannot be read.
    static func modificationDate(of path: String) -> Date? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let time = status.st_mtim
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// The size of the file at `path` in bytes, or nil when it cannot be read.
    static func size(of path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int64(status.st_size)
    }

    /// Opens `path` close-on-exec, retrying when interrupted.
    static func openDescriptor(_ path: String, flags: Int32, permissions: mode_t = 0) throws(FileSystemError) -> Int32 {
        try retrying("open", path) { open(path, flags | O_CLOEXEC, permissions) }
    }

    /// Runs a call that returns -1 and sets `errno` on failure, again while a signal interrupts it.
    @discardableResult
    static func retrying<Result: BinaryInteger>(
        _ call: String, _ path: String, _ body: () -> Result
    ) throws(FileSystemError) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code != EINTR { throw FileSystemError(call: call, path: path, code: code) }
        }
    }
}

/// A failed file-system call: which call, on which path, and the system's words for why.
struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    let call: String
    let path: String
    let code: Int32

    /// The system's words for `code`, e.g. "Permission denied".
    var words: String { String(cString: strerror(code)) }

    var description: String { "\(path): \(call) failed: \(words)" }
}

/// An advisory lock (`flock`) on the library's lock file, held for as long as the library is open. The kernel
/// drops it when the process dies, however it dies.
final class LibraryLock {
    private var descriptor: Int32

    /// Opens (creating, 0600) the lock file at `path` and takes a shared lock on it, waiting for an exclusive
    /// holder to let go.
    init(path: String) throws(FileSystemError) {
        descriptor = try FileSystem.openDescriptor(path, flags: O_RDWR | O_CREAT, permissions: 0o600)
        do {
            try FileSystem.retrying("flock", path) { flock(descriptor, LOCK_SH) }
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Tries to make the lock exclusive without waiting: true when no other process has the library open.
    func tryExclusive() -> Bool {
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    /// Goes back to a shared lock, letting other processes open the library.
    func share() {
        while flock(descriptor, LOCK_SH) != 0 && errno == EINTR {}
    }

    /// Lets go of the lock. Idempotent.
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
