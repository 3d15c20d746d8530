import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderPulseAudio
import VoiceRecorderSimulator

/// `voicerec info PATH`: what a file holds, as one JSON object.
enum InfoCommand {
    static let help = """
    Usage: voicerec info PATH

    Decodes PATH (an .m4a, or anything FFmpeg reads) and prints one JSON object on stdout:
    {"url","duration","codec","sampleRate","channels","samples"} — the duration from the decoded audio, and the
    waveform (loudness 0…1, one per 50 ms window, at most 160).

    Exit status: 0 on success, 1 when the file cannot be read (missing, corrupt, not audio), 2 for bad usage.
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard let path = singlePath(arguments, command: "info", help: help) else {
            return arguments.contains("--help") || arguments.contains("-h") ? ExitStatus.success : ExitStatus.usage
        }
        let url = URL(fileURLWithPath: path)
        do {
            // One decoding pass gives both the exact duration and the waveform.
            var meter = WindowPeakMeter()
            let (info, frames) = try AudioFileReader.decode(url) { meter.append($0) }
            let json = JSONValue.object([
                ("url", .string(url.path)),
                ("duration", .number(Double(frames) / Double(AudioFormat.sampleRate))),
                ("codec", .string(info.codecName)),
                ("sampleRate", .integer(info.sampleRate)),
                ("channels", .integer(info.channels)),
                ("samples", .array(meter.recordingSamples().map { .number($0) })),
            ])
            Output.line(json.text)
            return ExitStatus.success
        } catch {
            Output.error("voicerec info: \(path): \(error)")
            return ExitStatus.failure
        }
    }
}

/// `voicerec recover [DIR]`: finishes takes a crash left behind.
enum RecoverCommand {
    static let help = """
    Usage: voicerec recover [DIR]

    Finds takes left unfinished by a process that died while recording (in DIR, default the temporary directory),
    finishes each into a valid .m4a holding all its audio up to its last complete fragment, and prints one JSON
    object per take on stdout: {"url","duration"}. Takes still being recorded are left alone.

    Exit status: 0 when every unfinished take was recovered (or there were none), 1 when one could not be, 2 for
    bad usage.
    """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            Output.line(help)
            return ExitStatus.success
        }
        if let option = arguments.first(where: { $0.hasPrefix("--") }) {
            Output.error("voicerec recover: unknown option \(option)\n\nRun 'voicerec recover --help' for usage.")
            return ExitStatus.usage
        }
        guard arguments.count <= 1 else {
            Output.error("voicerec recover: expected at most one directory\n\nRun 'voicerec recover --help' for usage.")
            return ExitStatus.usage
        }
        let directory = arguments.first.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            Output.error("voicerec recover: \(directory.path) is not a directory")
            return ExitStatus.failure
        }
        var status = ExitStatus.success
        let unfinished = TakeRecovery.findUnfinished(in: directory)
        if unfinished.isEmpty { Output.error("No unfinished takes in \(directory.path).") }
        for url in unfinished {
            do {
                let take = try TakeRecovery.recover(url)
                Output.line(JSONValue.object([("url", .string(take.url.path)), ("duration", .number(take.duration))]).text)
            } catch {
                Output.error("voicerec recover: \(url.path): \(error)")
                status = ExitStatus.failure
            }
        }
        return status
    }
}

/// `voicerec devices`: the capture sources a recording can come from.
enum DevicesCommand {
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            Output.line("Usage: voicerec devices\n\nLists the sound server's capture sources (name, then description), for 'record --device'.")
            return ExitStatus.success
        }
        do {
            for source in try PulseAudioSource().listSources() {
                Output.line("\(source.name)\t\(source.description)\(source.isMonitor ? " (monitor)" : "")")
            }
            return ExitStatus.success
        } catch {
            Output.error("voicerec devices: no sound server is reachable (\(error.message))")
            return ExitStatus.failure
        }
    }
}

/// The one path a command takes, or nil after printing help or a usage error.
func singlePath(_ arguments: [String], command: String, help: String) -> String? {
    if arguments.contains("--help") || arguments.contains("-h") {
        Output.line(help)
        return nil
    }
    if let option = arguments.first(where: { $0.hasPrefix("--") }) {
        Output.error("voicerec \(command): unknown option \(option)\n\nRun 'voicerec \(command) --help' for usage.")
        return nil
    }
    guard arguments.count == 1 else {
        Output.error("voicerec \(command): expected one file\n\nRun 'voicerec \(command) --help' for usage.")
        return nil
    }
    return arguments[0]
}
