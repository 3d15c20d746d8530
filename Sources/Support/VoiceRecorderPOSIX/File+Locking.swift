import Glibc

extension POSIX.File {
    /// An advisory whole-file lock (`flock`): many holders may share one; an exclusive one has a single holder.
    ///
    /// The lock belongs to the open file, not to the process: two `File`s opened on the same path conflict even in
    /// one process, and the kernel drops the lock when the file closes — also when the process dies, however it dies.
    public enum Lock: Sendable {
        /// `LOCK_SH`: readers.
        case shared
        /// `LOCK_EX`: one writer.
        case exclusive

        var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
    }

    /// Takes `kind`, waiting for a conflicting holder to let go.
    public func lock(_ kind: Lock) throws(POSIX.Error) {
        _ = try call("flock") { flock($0, kind.operation) }
    }

    /// Takes `kind` if no one holds a conflicting lock; false, at once, when someone does.
    public func tryLock(_ kind: Lock) throws(POSIX.Error) -> Bool {
        do throws(POSIX.Error) {
            _ = try call("flock") { flock($0, kind.operation | LOCK_NB) }
            return true
        } catch let error where error.code == EWOULDBLOCK {
            return false
        }
    }

    /// Lets go of the lock this file holds (closing does too).
    public func unlock() throws(POSIX.Error) {
        _ = try call("flock") { flock($0, LOCK_UN) }
    }
}
