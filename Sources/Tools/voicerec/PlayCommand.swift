import ArgumentParsing
import Foundation
import VoiceRecorderAudioFiles
import VoiceRecorderCore
import VoiceRecorderPulseAudio

/// `voicerec play PATH`: plays a file through the sound server with a progress line.
enum PlayCommand {
    struct Arguments: VerboseArguments, Sendable {
        var path = ""
        var verbose = false
    }

    static let command = Command(
        "voicerec play",
        abstract: "play an audio file with a progress line",
        discussion: "Plays PATH through the sound server, with a progress line on the terminal. Ctrl-C stops.",
        defaults: Arguments(),
        options: [.verbose],
        arguments: [
            .required(
                "PATH", \.path, .path(), help: "the audio file: an .m4a, an Ogg Opus .ogg, or anything FFmpeg reads")
        ],
        footer: """
            Exit status: 0 when played (or stopped), 1 when the file cannot be read or no sound server is reachable, 2 for
            bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            TerminalPlayback.run(command: "play", path: arguments.path) { events in
                try filePlayer(URL(fileURLWithPath: arguments.path), events: events)
            }
        }
    }

    /// The player of an audio file: decoded (Ogg Opus by libopus, the rest by FFmpeg), played through the sound server.
    static func filePlayer(_ url: URL, events: PlayerEvents) throws -> any TerminalPlayer {
        PulseAudioPlayer(
            source: try AudioFiles.decoder(for: url), onPosition: events.onPosition,
            onFinished: events.onFinished)
    }
}

/// The progress line of a playback: position, duration and a bar.
enum ProgressText {
    static func line(position: Double, duration: Double, width: Int = 30) -> String {
        let fraction = duration > 0 ? min(max(position / duration, 0), 1) : 0
        let filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "━", count: filled) + String(repeating: "─", count: width - filled)
        return
            "▶ \(ClockFormat.text(elapsed: position, maximum: duration)) \(bar) \(ClockFormat.text(elapsed: duration, maximum: duration))"
    }
}
