import CFFmpeg
#if canImport(Glibc)
import Glibc
#endif

/// Creates an empty file readable and writable by its owner only (0600), before FFmpeg opens it: a voice message
/// is private from its first byte.
func createPrivateFile(atPath path: String) throws(FFmpegError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
        let code = errno
        throw FFmpegError(
            code: vr_averror(code), message: "\(path): \(String(cString: strerror(code)))", operation: "create take file")
    }
    // The mode given to open() is filtered by the umask; set it explicitly so a lax umask cannot widen it.
    fchmod(descriptor, 0o600)
    close(descriptor)
}
