import VoiceRecorderPOSIX

/// Whether a live writer is recording the take at `path`: it holds an exclusive `flock` on its open file, which the
/// kernel drops when the file closes or the process dies however it dies, so a crashed recorder's take can be
/// recovered at once, and one being recorded (by this process or another) is left alone.
enum TakeLock {
    static func isHeld(path: String) -> Bool {
        guard let file = try? POSIX.File(path: path, access: .readOnly, options: .nonBlocking),
            let isFree = try? file.tryLock(.exclusive)
        else { return false }
        // The probe's own lock goes with its file, closed on return.
        return !isFree
    }
}
