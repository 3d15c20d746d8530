import ArgumentParsing
import Foundation
import VoiceRecorderCore
import VoiceRecorderFFmpeg
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
        arguments: [.required("PATH", \.path, .path(), help: "the audio file: an .m4a, or anything FFmpeg reads")],
        footer: """
            Exit status: 0 when played (or stopped), 1 when the file cannot be read or no sound server is reachable, 2 for
            bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { play($0.path) }
    }

    private static func play(_ path: String) -> Int32 {
        let decoder: AudioFileDecoder
        do {
            decoder = try AudioFileDecoder(url: URL(fileURLWithPath: path))
        } catch {
            Output.failure("play", path: path, error)
            return ExitStatus.failure
        }
        let terminal = Terminal()
        let total = decoder.duration
        let player = PulseAudioPlayer(
            source: decoder,
            onPosition: { position in
                DispatchQueue.main.async { terminal.status(ProgressText.line(position: position, duration: total)) }
            },
            onFinished: { end in
                DispatchQueue.main.async {
                    terminal.restore()
                    if case .failed(let error) = end {
                        Output.failure("play", path: path, PlaybackFailure(underlying: error))
                        exit(ExitStatus.failure)
                    }
                    exit(ExitStatus.success)
                }
            })
        do {
            try player.play()
        } catch {
            Output.error("voicerec play: no sound server is reachable (\(error.message))")
            return ExitStatus.failure
        }
        let interrupt = onSignal(SIGINT) {
            player.stop()
            terminal.restore()
            exit(ExitStatus.success)
        }
        _ = interrupt
        dispatchMain()
    }
}

/// Playback that broke off midway, in words.
private struct PlaybackFailure: Error, CustomStringConvertible {
    let underlying: any Error
    var description: String { "playback failed: \(underlying)" }
}

/// The progress line of a playback: position, duration and a bar.
enum ProgressText {
    static func line(position: Double, duration: Double, width: Int = 30) -> String {
        let fraction = duration > 0 ? min(max(position / duration, 0), 1) : 0
        let filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "━", count: filled) + String(repeating: "─", count: width - filled)
        return "▶ \(ClockFormat.text(elapsed: position, maximum: duration)) \(bar) \(ClockFormat.text(elapsed: duration, maximum: duration))"
    }
}
