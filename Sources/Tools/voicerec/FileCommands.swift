import ArgumentParsing
import Foundation
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderJSON
import VoiceRecorderPulseAudio

/// `voicerec info PATH`: what a file holds, as one JSON object.
enum InfoCommand {
    struct Arguments: VerboseArguments, Sendable {
        var path = ""
        var verbose = false
    }

    static let command = Command(
        "voicerec info",
        abstract: "print an audio file's duration, codec, sample rate, channels and waveform as JSON",
        discussion: """
            Decodes PATH and prints one JSON object on stdout:
            {"url","duration","codec","sampleRate","channels","samples"} — the duration from the decoded audio, and the
            waveform (loudness 0…1, one per 50 ms window, at most 160).
            """,
        defaults: Arguments(),
        options: [.verbose],
        arguments: [
            .required(
                "PATH", \.path, .path(), help: "the audio file: an .m4a, an Ogg Opus .ogg, or anything FFmpeg reads")
        ],
        footer:
            "Exit status: 0 on success, 1 when the file cannot be read (missing, corrupt, not audio), 2 for bad usage.")

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            let url = URL(fileURLWithPath: arguments.path)
            do {
                // One decoding pass gives both the exact duration and the waveform.
                var meter = WindowPeakMeter()
                let (info, frames) = try AudioFiles.decode(url) { meter.append($0) }
                let json: JSONValue = [
                    "url": .string(url.path),
                    "duration": .number(Double(frames) / Double(AudioFormat.sampleRate)),
                    "codec": .string(info.codecName),
                    "sampleRate": .integer(info.sampleRate),
                    "channels": .integer(info.channels),
                    "samples": .array(meter.recordingSamples().map { .number($0) }),
                ]
                Output.line(json.text)
                return ExitStatus.success
            } catch {
                Output.failure("info", path: arguments.path, error)
                return ExitStatus.failure
            }
        }
    }
}

/// `voicerec recover [PATH]`: finishes takes a crash left behind.
enum RecoverCommand {
    struct Arguments: VerboseArguments, Sendable {
        var path: String?
        var verbose = false
    }

    static let command = Command(
        "voicerec recover",
        abstract: "finish takes left behind by a crash",
        discussion: """
            Finds takes left unfinished by a process that died while recording (voice-*.m4a files still in their
            fragmented form, and voice-*.ogg files whose Ogg Opus stream has no end), finishes each holding all its
            audio up to its last complete fragment or page (an .ogg gets its end-of-stream page and its exact
            duration), and prints one JSON object per take on stdout: {"url","duration"}. Takes still being recorded
            are left alone. Given a file, it finishes that one take.
            """,
        defaults: Arguments(),
        options: [.verbose],
        arguments: [
            .optional(
                "PATH", \.path, .path(),
                help: "a directory to search (default: the temporary directory), or one take's file")
        ],
        footer: """
            Exit status: 0 when every unfinished take was recovered (or there were none), 1 when one could not be, 2 for
            bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            let path = arguments.path ?? FileManager.default.temporaryDirectory.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                Output.error("voicerec recover: \(path): no such file or directory")
                return ExitStatus.failure
            }
            let directory = URL(fileURLWithPath: path)
            guard isDirectory.boolValue else { return recover([directory]) }
            let unfinished = TakeFiles.findUnfinished(in: directory)
            if unfinished.isEmpty { Output.error("No unfinished takes in \(directory.path).") }
            return recover(unfinished)
        }
    }

    /// Recovers each take, printing a line for each; failure if any could not be.
    private static func recover(_ takes: [URL]) -> Int32 {
        var status = ExitStatus.success
        for url in takes {
            do {
                let take = try TakeFiles.recover(url)
                Output.line(
                    JSONValue.object([("url", .string(take.url.path)), ("duration", .number(take.duration))]).text)
            } catch {
                Output.failure("recover", path: url.path, error)
                status = ExitStatus.failure
            }
        }
        return status
    }
}

/// `voicerec devices`: the capture sources a recording can come from (SPEC F.1), from the same code the apps'
/// Microphone menu lists them with.
enum DevicesCommand {
    struct Arguments: Sendable {
        var json = false
    }

    static let command = Command(
        "voicerec devices",
        abstract: "list the capture sources of the sound server",
        discussion: """
            Lists the sound server's capture sources for 'record --device' (which takes a name or a description):
            the name, a tab, then the description, marked (default), (monitor) or (muted) where it applies.
            With --json, one object per line: {"name","description","default","monitor","muted"}.
            """,
        defaults: Arguments(),
        options: [.flag("--json", \.json, help: "one JSON object per source instead of text")])

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            do throws(PulseAudioError) {
                for source in try PulseAudioMicrophones(applicationName: "voicerec", timeout: 3).list() {
                    Output.line(arguments.json ? json(source).text : text(source))
                }
                return ExitStatus.success
            } catch {
                Output.error("voicerec devices: no sound server is reachable (\(error.message))")
                return ExitStatus.failure
            }
        }
    }

    private static func text(_ source: Microphone) -> String {
        let marks = [(source.isDefault, " (default)"), (source.isMonitor, " (monitor)"), (source.isMuted, " (muted)")]
        return "\(source.name)\t\(source.description)" + marks.filter(\.0).map(\.1).joined()
    }

    private static func json(_ source: Microphone) -> JSONValue {
        .object([
            ("name", .string(source.name)), ("description", .string(source.description)),
            ("default", .bool(source.isDefault)), ("monitor", .bool(source.isMonitor)),
            ("muted", .bool(source.isMuted)),
        ])
    }
}
