import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock a writer holds on its take file while recording, so recovery can tell a take that is being
/// written right now (by this process or another) from one a dead process left behind.
///
/// It is a `flock` on an open descriptor: the kernel drops it when the descriptor closes, including when the
/// process dies however it dies, so a crashed recorder's takes are recoverable at once.
final class TakeFileLock: @unchecked Sendable {
    private var descriptor: Int32

    /// Takes the lock on `path`; nil when the file cannot be opened or someone else holds it.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    /// Lets go of the lock. Idempotent.
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// Whether a live writer holds the lock on `path`.
    static func isHeld(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }
}
