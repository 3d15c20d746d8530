import ArgumentParsing
import Foundation

/// `voicerec memos <command>`: the voice memos library from the command line — the same store and the same rules
/// as the app (SPEC B), JSON on stdout, words on stderr.
///
/// `--data-dir DIR` may come before the command (`voicerec memos --data-dir D list`) or after it (`voicerec memos
/// list --data-dir D`): given before, it is handed on to the command, whose declaration reads it like any option
/// (so giving it both ways is "given more than once").
enum MemosCommand {
    /// The entry in `voicerec`'s list of commands.
    static let entry = CommandEntry(
        name: "memos",
        abstract:
            "the voice memos library: list, record, add, rename, trim, cut, revert, enhance, delete, restore, purge, "
            + "play, export, check, transcribe, transcript, search")

    static let table = CommandTable(
        "voicerec memos",
        abstract:
            "the voice memos library (in $XDG_DATA_HOME/voicerecorder, or --data-dir DIR before or after the command)",
        rows: [
            .init(MemosListCommand.command.entry, MemosListCommand.run),
            .init(MemosRecordCommand.command.entry, MemosRecordCommand.run),
            .init(MemosAddCommand.command.entry, MemosAddCommand.run),
            .init(MemosRenameCommand.command.entry, MemosRenameCommand.run),
            .init(MemosTrimCommand.command.entry, MemosTrimCommand.run),
            .init(MemosCutCommand.command.entry, MemosCutCommand.run),
            .init(MemosRevertCommand.command.entry, MemosRevertCommand.run),
            .init(MemosEnhanceCommand.command.entry, MemosEnhanceCommand.run),
            .init(MemosDeleteCommand.command.entry, MemosDeleteCommand.run),
            .init(MemosRestoreCommand.command.entry, MemosRestoreCommand.run),
            .init(MemosPurgeCommand.command.entry, MemosPurgeCommand.run),
            .init(MemosPlayCommand.command.entry, MemosPlayCommand.run),
            .init(MemosExportCommand.command.entry, MemosExportCommand.run),
            .init(MemosCheckCommand.command.entry, MemosCheckCommand.run),
            .init(MemosTranscribeCommand.command.entry, MemosTranscribeCommand.run),
            .init(MemosTranscriptCommand.command.entry, MemosTranscriptCommand.run),
            .init(MemosSearchCommand.command.entry, MemosSearchCommand.run),
        ])

    /// Runs `voicerec memos …` (the arguments after `memos`) and returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let leading: [String]
        let rest: [String]
        switch splitLeadingDataDirectory(arguments) {
        case .success(let split): (leading, rest) = split
        case .failure(let error):
            Output.print(
                Stop(
                    status: ExitStatus.usage, standardOutput: "",
                    standardError: "voicerec memos: \(error.message)\n\nRun 'voicerec memos --help' for usage.\n"))
            return ExitStatus.usage
        }
        return Commands.finish(table.dispatch(rest, leading: leading))
    }

    /// The `--data-dir` options written before the command, each as one `--data-dir=DIR` argument (so its value can
    /// never be read as a positional argument, even after `--`), and the arguments from the command on.
    static func splitLeadingDataDirectory(_ arguments: [String]) -> Result<([String], [String]), UsageError> {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if first.hasPrefix("\(dataDirectoryOption)=") {
                leading.append(first)
                rest = rest.dropFirst()
            } else if first == dataDirectoryOption {
                let value = rest.dropFirst().first
                guard let value, !value.hasPrefix("--") else {
                    return .failure(UsageError("\(dataDirectoryOption) needs a value (DIR)"))
                }
                leading.append("\(dataDirectoryOption)=\(value)")
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        return .success((leading, Array(rest)))
    }

    static let dataDirectoryOption = "--data-dir"
}
