import ArgumentParsing
import VoiceRecorderFFmpeg

/// A command's values that carry `--verbose`.
protocol VerboseArguments {
    /// Whether the libraries underneath may speak on stderr.
    var verbose: Bool { get set }
}

extension Option where Values: VerboseArguments {
    /// `--verbose`, worded the same on every command that reads or writes audio files.
    static var verbose: Option {
        .flag(
            "--verbose", \.verbose,
            help: "also print what FFmpeg's libraries say on stderr (their own log lines); without it, an error is "
                + "one line in words")
    }
}

/// What the libraries underneath voicerec (FFmpeg) may print on stderr: by default nothing, so an error is our own
/// one line; with `--verbose`, their own log lines too.
enum LibraryLogs {
    /// The one place `--verbose` takes effect: every command that declares it calls this before it does anything
    /// (see `run(_:_:_:)`), once, before any file is opened. It hands the switch to the FFmpeg adapter, which owns
    /// FFmpeg's log.
    static func setVerbose(_ verbose: Bool) {
        FFmpegLog.isVerbose = verbose
    }
}
