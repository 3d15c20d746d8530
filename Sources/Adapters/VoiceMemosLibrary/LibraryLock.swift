import VoiceRecorderPOSIX

/// The library's lock file, locked (`flock`) for as long as the library is open: shared by every process using
/// the library, exclusive only for the start-up repairs, which must not move files under another process's feet.
/// The kernel drops the lock when the process dies, however it dies.
final class LibraryLock {
    private let file: POSIX.File

    /// Opens (creating, 0600) the lock file at `path` and takes a shared lock on it, waiting for an exclusive
    /// holder to let go.
    init(path: String) throws(POSIX.Error) {
        file = try POSIX.File(path: path, access: .readWrite, options: .create, permissions: 0o600)
        try file.lock(.shared)
    }

    /// Tries to make the lock exclusive without waiting: true when no other process has the library open. When it
    /// can't, the lock is shared again before this returns.
    func tryExclusive() -> Bool {
        if (try? file.tryLock(.exclusive)) == true { return true }
        // flock(2) converts a lock by removing the old one first, and a conversion that fails leaves none: without
        // this, the process would go on with the library open and unlocked, and another one's start-up repairs
        // could move the take it is keeping (seen as "voice-….m4a: no such file" with two processes at once).
        try? file.lock(.shared)
        return false
    }

    /// Goes back to a shared lock, letting other processes open the library.
    func share() {
        // Converting a held lock to a shared one waits for no one; it fails only on a closed file.
        try? file.lock(.shared)
    }

    /// Lets go of the lock. Idempotent.
    func release() {
        try? file.close()
    }
}
