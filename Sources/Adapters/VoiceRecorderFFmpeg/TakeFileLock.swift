import VoiceRecorderPOSIX

/// An advisory lock a writer holds on its take file while recording, so recovery can tell a take that is being
/// written right now (by this process or another) from one a dead process left behind.
///
/// It is a `flock` on an open file: the kernel drops it when the file closes, including when the process dies
/// however it dies, so a crashed recorder's takes are recoverable at once.
final class TakeFileLock: Sendable {
    private let file: POSIX.File

    /// Takes the lock on `path`; nil when the file cannot be opened or someone else holds it.
    init?(path: String) {
        guard let file = try? POSIX.File(path: path, access: .readOnly), (try? file.tryLock(.exclusive)) == true else {
            return nil
        }
        self.file = file
    }

    /// Lets go of the lock. Idempotent.
    func release() { try? file.close() }

    /// Whether a live writer holds the lock on `path`.
    static func isHeld(path: String) -> Bool {
        guard let file = try? POSIX.File(path: path, access: .readOnly, options: .nonBlocking),
            let isFree = try? file.tryLock(.exclusive)
        else { return false }
        // The probe's own lock goes with its file, closed on return.
        return !isFree
    }
}
