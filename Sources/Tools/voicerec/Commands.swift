import Foundation

/// The subcommands and the top-level help.
enum Commands {
    static let overview = """
    voicerec: record, inspect and play voice messages, and replay the hold-to-record control from a script.

    Usage: voicerec <command> [options]

    Commands:
      record     record a voice message from the microphone (or the simulated source) into an .m4a
      play       play an audio file with a progress line
      info       print an audio file's duration, codec, sample rate, channels and waveform as JSON
      recover    finish takes left behind by a crash
      devices    list the capture sources of the sound server
      simulate   run a scripted session on virtual time and print its events as JSON lines

    Run 'voicerec <command> --help' for a command's options.
    """

    /// Runs the command line and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            Output.error(overview)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "simulate": return SimulateCommand.run(rest)
        case "record": return RecordCommand.run(rest)
        case "info": return InfoCommand.run(rest)
        case "play": return PlayCommand.run(rest)
        case "recover": return RecoverCommand.run(rest)
        case "devices": return DevicesCommand.run(rest)
        case "--help", "-h", "help":
            Output.line(overview)
            return ExitStatus.success
        default:
            Output.error("voicerec: unknown command '\(command)'\n\n\(overview)")
            return ExitStatus.usage
        }
    }
}

/// The exit statuses every subcommand uses.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}

/// Writing to the terminal: results on stdout, messages on stderr.
enum Output {
    /// Prints a result line on stdout.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
    /// Prints a message on stderr.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
