import Glibc

extension POSIX {
    /// Removes the file at `path` (`unlink`).
    public static func unlink(_ path: String) throws(POSIX.Error) {
        _ = try call("unlink", path: path) { Glibc.unlink(path) }
    }

    /// Removes the file at `path` if there is one: false when there was nothing to remove.
    @discardableResult
    public static func removeFile(ifPresent path: String) throws(POSIX.Error) -> Bool {
        do throws(POSIX.Error) {
            try unlink(path)
            return true
        } catch let error where error.code == ENOENT {
            return false
        }
    }

    /// Moves `source` to `destination` (`rename`), replacing what is there in one step: a reader sees the old file
    /// or the new one, never a mixture. Both must be on one file system.
    public static func rename(_ source: String, to destination: String) throws(POSIX.Error) {
        _ = try call("rename", path: source) { Glibc.rename(source, destination) }
    }

    /// Gives the file at `source` a second name, `destination` (`link`): one file, two names, so removing either
    /// name leaves the other whole. Fails with `EEXIST` when `destination` exists (nothing is replaced).
    public static func link(_ source: String, to destination: String) throws(POSIX.Error) {
        _ = try call("link", path: destination) { Glibc.link(source, destination) }
    }

    /// Creates the directory `path` (`mkdir`), with `permissions` before the umask.
    public static func makeDirectory(_ path: String, permissions: mode_t = 0o700) throws(POSIX.Error) {
        _ = try call("mkdir", path: path) { mkdir(path, permissions) }
    }

    /// Removes the empty directory `path` (`rmdir`).
    public static func removeDirectory(_ path: String) throws(POSIX.Error) {
        _ = try call("rmdir", path: path) { rmdir(path) }
    }

    /// Sets the permission bits of `path` exactly (`chmod`).
    public static func setPermissions(_ permissions: mode_t, ofPath path: String) throws(POSIX.Error) {
        _ = try call("chmod", path: path) { chmod(path, permissions) }
    }

    /// Cuts (or extends with zeros) the file at `path` to `length` bytes (`truncate`).
    public static func truncate(_ path: String, to length: Int64) throws(POSIX.Error) {
        _ = try call("truncate", path: path) { Glibc.truncate(path, off_t(length)) }
    }

    /// What `stat` says of `path` (following links).
    public static func status(ofPath path: String) throws(POSIX.Error) -> FileStatus {
        var status = stat()
        _ = try call("stat", path: path) { stat(path, &status) }
        return FileStatus(status)
    }
}
