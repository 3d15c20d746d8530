import ArgumentParsing
import Foundation

/// The subcommands and the overview.
enum Commands {
    static let table = CommandTable(
        "voicerec",
        abstract:
            "record, inspect and play voice messages, keep voice memos, and replay the hold-to-record control from a script.",
        rows: [
            .init(RecordCommand.command.entry, RecordCommand.run), .init(PlayCommand.command.entry, PlayCommand.run),
            .init(InfoCommand.command.entry, InfoCommand.run), .init(RecoverCommand.command.entry, RecoverCommand.run),
            .init(DevicesCommand.command.entry, DevicesCommand.run),
            .init(SimulateCommand.command.entry, SimulateCommand.run), .init(MemosCommand.entry, MemosCommand.run),
        ])

    /// Runs the command line and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 { finish(table.dispatch(arguments)) }

    /// The status a dispatch ends with, its words printed when it stopped.
    static func finish(_ outcome: CommandTable.Outcome) -> Int32 {
        switch outcome {
        case .ran(let status): return status
        case .stop(let stop):
            Output.print(stop)
            return stop.status
        }
    }
}

/// Reads a subcommand's command line with its declaration: runs `body` with the values, or prints the help or the
/// usage error and returns its status.
func run<Values>(_ command: Command<Values>, _ arguments: [String], _ body: (Values) -> Int32) -> Int32 {
    evaluate(command, arguments, body)
}

/// The same for a command with `--verbose`: the switch is set before the command does anything.
func run<Values: VerboseArguments>(_ command: Command<Values>, _ arguments: [String], _ body: (Values) -> Int32)
    -> Int32
{
    evaluate(command, arguments) { values in
        LibraryLogs.setVerbose(values.verbose)
        return body(values)
    }
}

private func evaluate<Values>(_ command: Command<Values>, _ arguments: [String], _ body: (Values) -> Int32) -> Int32 {
    switch command.evaluate(arguments) {
    case .run(let values): return body(values)
    case .stop(let stop):
        Output.print(stop)
        return stop.status
    }
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

    /// Prints what a command line that stops early says (its texts already end in a newline).
    static func print(_ stop: Stop) {
        if !stop.standardOutput.isEmpty { FileHandle.standardOutput.write(Data(stop.standardOutput.utf8)) }
        if !stop.standardError.isEmpty { FileHandle.standardError.write(Data(stop.standardError.utf8)) }
    }

    /// Prints a failure as exactly one line on stderr, "voicerec <command>: <path>: <what is wrong>": the path is
    /// left out when the error's words already name the file, and an error that spans lines is joined into one.
    static func failure(_ command: String, path: String? = nil, _ error: any Error) {
        Output.error(failureLine(command, path: path, error))
    }

    static func failureLine(_ command: String, path: String?, _ error: any Error) -> String {
        let words = oneLine(error)
        guard let path else { return "voicerec \(command): \(words)" }
        let name = URL(fileURLWithPath: path).lastPathComponent
        return words.contains(name) ? "voicerec \(command): \(words)" : "voicerec \(command): \(path): \(words)"
    }

    /// An error's words on one line: an error that spans lines is joined with "; ".
    static func oneLine(_ error: any Error) -> String {
        String(describing: error)
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
