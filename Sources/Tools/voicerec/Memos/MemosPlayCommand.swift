import ArgumentParsing
import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderAudioProcessing
import VoiceRecorderFFmpeg
import VoiceRecorderPulseAudio

/// `voicerec memos play ID [--rate R]`: a memo played through the sound server with the progress line, at normal
/// speed or faster or slower with its pitch kept.
enum MemosPlayCommand {
    struct Arguments: LibraryArguments, VerboseArguments, Sendable {
        var id = ""
        var rate = 1.0
        var dataDirectory: String?
        var verbose = false
    }

    static let command = Command(
        "voicerec memos play",
        abstract: "play a memo with a progress line",
        discussion: """
            Plays the memo's audio through the sound server, with a progress line on the terminal, in the memo's
            own time whatever the speed. Ctrl-C stops.
            """,
        defaults: Arguments(),
        options: [
            .value(
                "--rate", \.rate, .number("R", atLeast: 0.5, atMost: 2),
                help: "play at R times normal speed, from 0.5 to 2, its pitch kept"),
            .dataDirectory, .verbose,
        ],
        arguments: [.required("ID", \.id, .text("ID"), help: "the memo's id, as 'list' prints it")],
        footer: """
            Exit status: 0 when played (or stopped), 1 for an unknown ID, a missing or unreadable file, no reachable
            sound server, or a library that can't be opened, 2 for bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            var file: URL?
            var enhanced = false
            let status = MemosLibraryAccess.withOpenLibrary("play", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                let url = library.fileURL(of: memo.id)
                guard !memo.isMissing, FileManager.default.fileExists(atPath: url.path) else {
                    throw MemosCommandError.fileMissing(memo.id, url)
                }
                file = url
                enhanced = memo.isEnhanced
                return ExitStatus.success
            }
            // The library is closed again before playing: playing needs only the file, and a library held open
            // for the whole playback would put off the app's start-up repairs for as long.
            guard status == ExitStatus.success, let file else { return status }
            return TerminalPlayback.run(command: "memos play", path: file.path) { events in
                try player(forMemoFile: file, rate: arguments.rate, enhanced: enhanced, events: events)
            }
        }
    }

    /// The one place the player of a memo is made: its file decoded by FFmpeg, at `rate` through FFmpeg's `atempo`
    /// (pitch kept; at 1 the samples pass untouched), played through the sound server. Positions and the length are
    /// in the memo's own time. `enhanced`: through WebRTC's noise suppression and gain control first (SPEC I.3).
    static func player(
        forMemoFile file: URL, rate: Double, enhanced: Bool = false, events: PlayerEvents
    ) throws -> any TerminalPlayer {
        var memo: PCMPullSource = try AudioFiles.decoder(for: file)
        if enhanced { memo = try WebRTCSoundEnhancer.enhancing(memo) }
        return PulseAudioPlayer(
            source: try TempoSource(source: memo, rate: rate), onPosition: events.onPosition,
            onFinished: events.onFinished)
    }
}
