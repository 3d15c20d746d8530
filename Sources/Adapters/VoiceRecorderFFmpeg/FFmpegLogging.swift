import CFFmpeg

/// FFmpeg's own logging, tamed once for the process.
enum FFmpegLogging {
    /// Lowers FFmpeg's log level from its default (info: encoder statistics, muxer notes on every file) to errors,
    /// unless the host already chose a level. Every failure still reaches callers as an `FFmpegError`.
    static let quietByDefault: Void = {
        if av_log_get_level() == AV_LOG_INFO { av_log_set_level(AV_LOG_ERROR) }
    }()
}
