import ArgumentParsing
import Foundation
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderFFmpeg
import VoiceRecorderJSON
import VoiceRecorderPulseAudio

/// `voicerec record`: one hands-free take from the microphone (or the simulated source) into an AAC `.m4a`, or with
/// `--format opus` an Ogg Opus `.ogg` (SPEC G).
enum RecordCommand {
    struct Arguments: VerboseArguments, Sendable, CaptureArguments {
        var simulated = false
        var device: String?
        var duration: Double?
        var maximum = Durations.defaultMaximum
        var output: String?
        var format = TakeFormat.default
        var preview = false
        var liveTranscript = false
        var verbose = false
    }

    static let command = Command(
        "voicerec record",
        abstract: "record a voice message from the microphone (or the simulated source) into an .m4a or an .ogg",
        discussion: """
            Records one voice message into an AAC-LC .m4a (24 kHz, mono), or with --format opus into an Ogg Opus .ogg
            (24 kHz mono, about 24 kb/s: the voice notes chat apps send), written while recording so a crash loses at
            most the last half second. While recording, the terminal shows a live clock and level meter.

              Enter or Ctrl-C    send: finish the file and print {"url","duration","samples"} on stdout
              Escape or Ctrl-\\   discard: delete the file

            With --preview (pause and preview), also:
              p                  pause: the file stays valid with everything so far; p again records on into it
              l                  while paused: listen to what was recorded (through the sound server); l again stops
              [ and ]            while paused: keep the take from, or up to, where the playhead is
            Sent while paused, the file holds only the kept part (the whole take unless [ or ] trimmed it), and the
            line on stdout also carries "kept": {"start","end"} (seconds of the take) when it was trimmed.
            """,
        defaults: Arguments(),
        options: [
            .simulated, .device,
            .value(
                "--duration", \.duration, .seconds,
                help: "stop and send by itself after exactly S seconds of audio (S × 24,000 frames)"),
            .value(
                "--max", \.maximum, .seconds,
                help: "the longest take; the last 10 s count down, then it sends by itself"),
            .value("--output", \.output, .path(), help: "move the finished file here (it must not exist yet)"),
            .value(
                "--format", \.format, .choice(of: TakeFormat.self),
                help: "aac: an AAC-LC .m4a; opus: an Ogg Opus .ogg, a quarter of the size, recorded without FFmpeg"),
            .flag(
                "--preview", \.preview,
                help: "pause and preview: p pauses and records on; while paused l listens, [ and ] trim"),
            .flag(
                "--live-transcript", \.liveTranscript,
                help:
                    "print each phrase as it settles while recording, {\"phrase\",\"start\",\"end\"} on stdout (needs the speech engine)"
            ),
            .verbose,
        ],
        footer:
            "Exit status: 0 when a recording was sent, 1 when none was (discarded, too short, failed), 2 for bad usage.",
        check: { arguments throws(UsageError) in
            if arguments.simulated && arguments.device != nil {
                throw UsageError("--device and --simulated don't go together")
            }
            if let output = arguments.output, FileManager.default.fileExists(atPath: output) {
                throw UsageError("\(output) already exists; choose a new --output path")
            }
        })

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments, record)
    }

    private static func record(_ arguments: Arguments) -> Int32 {
        ignoreFileSizeLimitSignal()
        let scheduler = DispatchScheduler(queue: .main)
        guard
            var source = RecordingSource.make(
                simulated: arguments.simulated, device: arguments.device, scheduler: scheduler, command: "record")
        else { return ExitStatus.failure }
        // The live transcript (SPEC K) hears the take's audio as it is captured, through a tap on the source.
        let tap = AudioTap()
        let live = arguments.liveTranscript ? LiveTranscriptLines(tap: tap, command: "record") : nil
        if live != nil { source = TappedAudioSource(source, tap: tap) }
        let unfinished = TakeFiles.findUnfinished()
        if !unfinished.isEmpty {
            Output.error(
                "voicerec: \(unfinished.count) take(s) left unfinished by a crash; 'voicerec recover' finishes them.")
        }
        let output = arguments.output.map { URL(fileURLWithPath: $0) }
        let delivery = TakeDelivery(command: "record", sendsFailedTakes: false, close: { live?.cancel() }) { take in
            // Every phrase is printed before the take's own line.
            live?.finish()
            return .success(deliver(take, to: output))
        }
        let recorder = TerminalRecorder(
            source: source, writers: TakeWriters(), scheduler: scheduler,
            length: TakeLength(duration: arguments.duration, maximum: arguments.maximum), delivery: delivery,
            previewPlayers: arguments.preview
                ? SoundServerTakePlayers(applicationName: "voicerec", stretch: AudioFiles.stretch) : nil,
            format: arguments.format)
        recorder.begin()
        dispatchMain()
    }

    /// The sent take, moved to `output` when one was given, as `{"url","duration","samples"}`.
    private static func deliver(_ take: SentTake, to output: URL?) -> JSONValue {
        let recording = take.recording
        var url = recording.url
        if let output {
            do {
                try FileManager.default.moveItem(at: recording.url, to: output)
                url = output
            } catch {
                Output.error(
                    "voicerec record: could not move the recording to \(output.path): \(error.localizedDescription); it is at \(recording.url.path)"
                )
            }
        }
        let kept: [(String, JSONValue)] = recording.keptJSON.map { [("kept", $0)] } ?? []
        return JSONValue.object(
            [
                ("url", .string(url.path)),
                ("duration", .number(recording.duration)),
                ("samples", .array(recording.samples.map { .number($0) })),
            ] + kept)
    }
}
