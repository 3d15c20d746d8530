import CFFmpeg
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// FFmpeg's libraries (libavutil, libswresample, libavcodec, libavformat), opened on first use rather than when the
/// program starts (see CFFmpeg).
///
/// Every way into FFmpeg in this adapter (a container opened or created, a codec, a frame, a packet, a resampler)
/// calls `load()` first, so that a program only pays for FFmpeg once it reads or writes audio — `voicerec record`
/// after it has asked the sound server for the microphone — and so that a library that cannot be loaded is an
/// `FFmpegError` in words, not a crash: "cannot load FFmpeg's libavcodec: libavcodec.so.59: cannot open shared
/// object file: No such file or directory".
///
/// Opening them takes about 45 ms (and the first take's file waits for it). An app that records and stays up calls
/// `loadInBackground()` once it has started, so that its first take starts as fast as the next ones.
public enum FFmpegLibraries {
    /// Opens the libraries now on a background thread, if they are not open yet; any failure is told later, by the
    /// first use that needs them.
    public static func loadInBackground() {
        Thread.detachNewThread { try? load() }
    }

    /// Opens the libraries and routes their log through `FFmpegLog` (the first call does; later ones return at once,
    /// or throw the first call's error again). Thread-safe.
    static func load() throws(FFmpegError) {
        guard vr_ffmpeg_load() == 0 else {
            throw loadError(
                library: String(cString: vr_ffmpeg_load_failed_library()),
                reason: String(cString: vr_ffmpeg_load_error()))
        }
        FFmpegLog.install()
    }

    /// Whether the libraries are loaded, or can be now.
    static var isAvailable: Bool { vr_ffmpeg_load() == 0 }

    /// The error for `library` failing to load, for the dynamic loader's `reason`.
    static func loadError(library: String, reason: String) -> FFmpegError {
        FFmpegError(
            code: vr_averror(ELIBACC), message: "cannot load FFmpeg's \(library): \(reason)",
            operation: "dlopen(\(library))")
    }
}
