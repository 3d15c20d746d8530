import Foundation
import VoiceRecorder
import VoiceRecorderFFmpeg
import VoiceRecorderSimulator

/// `voicerec simulate [options] SCRIPT`: one session on virtual time, fed by a script, one JSON line per event.
enum SimulateCommand {
    static let help = """
    Usage: voicerec simulate [options] SCRIPT

    Runs one session on virtual time with the simulated source, fed by SCRIPT (a file, or - for standard input),
    and prints one JSON object per line for every observable event.

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

    Options:
      --width PT               the control's width (default 390)
      --rtl                    right to left
      --text-scale X           the text scale (default 1)
      --min S, --max S         minimum and maximum take durations (default 0.6, 300)
      --source simulated|microphone   (default simulated)
      --access granted|denied|undetermined|undeclared   the microphone's access (default granted)
      --audio-start-delay S    audio starts this long after it is asked for (default 0)
      --audio-start-fails      audio fails to start
      --screen-reader          a screen reader is on
      --write DIR              write real AAC .m4a files into DIR ('sent' lines then carry "url")
      --help                   this text

    Exit status: 0 when the script ran, 1 when DIR cannot be created, 2 for a malformed script or bad options.
    """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            Output.line(help)
            return ExitStatus.success
        }
        var options = SimulationOptions()
        let paths: [String]
        do {
            paths = try options.parse(arguments)
        } catch {
            Output.error("voicerec simulate: \(error)\n\nRun 'voicerec simulate --help' for usage.")
            return ExitStatus.usage
        }
        guard paths.count == 1, let path = paths.first else {
            Output.error("voicerec simulate: expected one script (a file, or - for standard input)\n\nRun 'voicerec simulate --help' for usage.")
            return ExitStatus.usage
        }
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
