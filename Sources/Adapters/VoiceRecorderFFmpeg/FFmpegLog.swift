import CFFmpegLog

/// FFmpeg's own log, routed through this adapter: silent by default, its last error kept to inform the adapter's
/// errors, and printed to standard error only on request.
///
/// Every failure reaches callers as an `FFmpegError` in words; FFmpeg's lines (`[mov,mp4,… @ 0x…] moov atom not
/// found`) are for whoever asks to see them — a `--verbose` switch, say:
///
/// ```swift
/// FFmpegLog.isVerbose = CommandLine.arguments.contains("--verbose")
/// ```
public enum FFmpegLog {
    /// Whether FFmpeg's warnings and errors are also printed to standard error, as FFmpeg prints them. Off by
    /// default. May be changed at any time, from any thread; it applies to the whole process.
    public static var isVerbose: Bool {
        get { vr_ffmpeg_log_is_verbose() != 0 }
        // Only the switch: the callback that reads it is installed when the libraries are loaded, and setting
        // it must not load them (`voicerec record --verbose` asks for the microphone first).
        set { vr_ffmpeg_log_set_verbose(newValue ? 1 : 0) }
    }

    /// Routes FFmpeg's log through this adapter. Called by `FFmpegLibraries.load()`, before any other use of the
    /// libraries; only the first call does anything.
    static func install() { vr_ffmpeg_log_install() }

    /// Runs `body` (calls into FFmpeg on this thread) and returns its result with the last error FFmpeg logged on
    /// this thread while it ran, if any — the library's own words for why a call failed (e.g. "moov atom not found").
    static func lastError<Result>(during body: () -> Result) -> (result: Result, message: String?) {
        install()
        vr_ffmpeg_log_clear_last_error()
        let result = body()
        var buffer = [CChar](repeating: 0, count: 512)
        let length = buffer.withUnsafeMutableBufferPointer { vr_ffmpeg_log_last_error($0.baseAddress, Int32($0.count)) }
        guard length > 0 else { return (result, nil) }
        return (result, String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
