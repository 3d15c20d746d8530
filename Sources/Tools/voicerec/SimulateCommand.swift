import ArgumentParsing
import Foundation
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderJSON
import VoiceRecorderSimulator

/// `voicerec simulate [options] SCRIPT`: one session on virtual time, fed by a script, one JSON line per event.
enum SimulateCommand {
    struct Arguments: Sendable {
        var simulation = SimulationOptions()
        var script = ""
    }

    static let command = Command(
        "voicerec simulate",
        abstract: "run a scripted session on virtual time and print its events as JSON lines",
        discussion: """
            Runs one session on virtual time with the simulated source, fed by SCRIPT, and prints one JSON object per
            line for every observable event.

            Script: one command per line, '#' starts a comment, times in seconds from the start, never going back:
              0.00 down 0 0        a finger lands on the mic at (x, y)
              0.40 move -40 0      the finger is now (dx, dy) pt from where it landed (+x right, +y down)
              1.20 up              the finger lifts
              1.30 cancel-touch    the system takes the touch away
              2.00 start           also: press, release, lock, send, cancel (Session calls)
              3.00 interrupt call  kinds: call, route-lost, media-reset, background, disabled, gone
              3.50 access granted  the answer to an access question: granted | denied
              4.00 key return      keys: return, escape, space-down, space-up
              4.10 activate        screen-reader activation of the mic
              4.20 state           print a snapshot of the presentation
              9.00 end             run until this time, then print the summary

            With --preview (pause and preview, SPEC D), also:
              5.00 pause           pause the take (a held one locks and pauses at once)
              5.10 play            listen from the playhead; also: pause-playback
              5.20 seek 1.5        move the playhead to 1.5 s of the take
              5.30 trim 0.5 2.5    keep 0.5-2.5 s of the take (seconds from its first sample) when it is sent
              5.40 resume          record on into the same take
            'state' lines then carry "playhead" and "keptRange" ({"start","end"} or null), and the 'sent' line of a
            trimmed take carries "kept" ({"start","end"}, the seconds its file holds).
            """,
        defaults: Arguments(),
        options: [
            .value("--width", \.simulation.width, .number("PT", atLeast: 1), help: "the control's width"),
            .flag("--rtl", \.simulation.rightToLeft, help: "right to left"),
            .value("--text-scale", \.simulation.textScale, .number("X", atLeast: 0.1), help: "the text scale"),
            .value(
                "--min", \.simulation.minimum, .number("S"),
                help: "the shortest take that is kept (default \(JSONNumber.text(Durations.defaultMinimum)))"),
            .value(
                "--max", \.simulation.maximum, .number("S"),
                help: "the longest take (default \(JSONNumber.text(Durations.defaultMaximum)))"),
            .value("--source", \.simulation.source, .choice(), help: "where the audio comes from"),
            .value("--access", \.simulation.access, .choice(), help: "the microphone's access"),
            .value(
                "--audio-start-delay", \.simulation.audioStartDelay, .number("S", atLeast: 0),
                help: "audio starts this long after it is asked for"),
            .flag("--audio-start-fails", \.simulation.audioStartFails, help: "audio fails to start"),
            .flag("--screen-reader", \.simulation.screenReader, help: "a screen reader is on"),
            .flag(
                "--preview", \.simulation.preview,
                help: "pause and preview: the pause, resume, play, pause-playback, seek and trim commands"),
            .value(
                "--write", \.simulation.writeDirectory, .path("DIR"),
                help: "write real AAC .m4a files into DIR ('sent' lines then carry \"url\")"),
        ],
        arguments: [
            .required("SCRIPT", \.script, .path("SCRIPT"), help: "the script: a file, or - for standard input")
        ],
        footer:
            "Exit status: 0 when the script ran, 1 when DIR cannot be created, 2 for a malformed script or bad options."
    )

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { simulate($0.simulation, script: $0.script) }
    }

    private static func simulate(_ options: SimulationOptions, script path: String) -> Int32 {
        let text: String
        do {
            if path == "-" {
                text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            } else {
                text = try String(contentsOfFile: path, encoding: .utf8)
            }
        } catch {
            Output.error("voicerec simulate: cannot read the script '\(path)': \(error.localizedDescription)")
            return ExitStatus.usage
        }
        let lines: [ScriptLine]
        do {
            lines = try Script.parse(text)
            try Script.checkPreview(lines, preview: options.preview)
        } catch {
            Output.error("voicerec simulate: \(path): \(error)")
            return ExitStatus.usage
        }
        var writers: TakeWriterFactory?
        if let directory = options.writeDirectory {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                Output.error("voicerec simulate: cannot create \(directory): \(error.localizedDescription)")
                return ExitStatus.failure
            }
            ignoreFileSizeLimitSignal()
            writers = M4ATakeWriterFactory(directory: URL(fileURLWithPath: directory))
        }
        let runner = SimulationRunner(options: options, writers: writers) { Output.line($0) }
        runner.run(lines)
        return ExitStatus.success
    }
}
