import ArgumentParsing
import Foundation
import VoiceMemos
import VoiceMemosLibrary

/// The values of `trim` and `cut`: a memo and a range of it.
struct MemoRangeArguments: LibraryArguments, Sendable {
    var id = ""
    var from: Double?
    var to: Double?
    var dataDirectory: String?
}

/// `voicerec memos trim ID --from S --to S` and `voicerec memos cut ID --from S --to S` (SPEC I.1).
enum MemosTrimCommand {
    static let command = rangeCommand(
        "trim", abstract: "keep only a range of a memo",
        discussion: """
            Keeps the memo from --from to --to (seconds of the memo as it is now) and drops the rest, exactly to the
            frame; the transcript keeps its words in the range, their times moved. The original is kept: 'revert'
            brings it back. Prints the memo's JSON object.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        runEdit("trim", command, arguments) { .trim(from: $0, to: $1) }
    }
}

enum MemosCutCommand {
    static let command = rangeCommand(
        "cut", abstract: "cut a range out of a memo",
        discussion: """
            Cuts the memo's audio from --from to --to (seconds of the memo as it is now) out, keeping what is before
            and after it, exactly to the frame; the transcript's words in the range go, the later ones move. The
            original is kept: 'revert' brings it back. Prints the memo's JSON object.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        runEdit("cut", command, arguments) { .cut(from: $0, to: $1) }
    }
}

/// `voicerec memos revert ID`.
enum MemosRevertCommand {
    static let command = Command(
        "voicerec memos revert",
        abstract: "put an edited memo back as it was recorded",
        discussion: """
            Brings back the memo's original audio, duration, waveform and transcript, undoing every trim and cut.
            Prints the memo's JSON object.
            """,
        defaults: MemoIDArguments(),
        options: [.dataDirectory],
        arguments: [.memoID],
        footer: """
            Exit status: 0 when reverted, 1 for an unknown ID, a memo never edited, or a library that can't be opened or
            written, 2 for bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("revert", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                MemosLibraryAccess.print(try library.revert(memo.id).memo, of: library)
                return ExitStatus.success
            }
        }
    }
}

/// The declaration `trim` and `cut` share.
private func rangeCommand(_ name: String, abstract: String, discussion: String) -> Command<MemoRangeArguments> {
    Command(
        "voicerec memos \(name)",
        abstract: abstract,
        discussion: discussion
            + "\n\nWithout --from the range starts at the memo's start; without --to it ends at its end.",
        defaults: MemoRangeArguments(),
        options: [
            .value("--from", \.from, .number("S", atLeast: 0), help: "where the range starts, seconds"),
            .value("--to", \.to, .number("S", atLeast: 0), help: "where the range ends, seconds"),
            .dataDirectory,
        ],
        arguments: [.required("ID", \.id, .text("ID"), help: "the memo's id, as 'list' prints it")],
        footer: """
            Exit status: 0 when saved, 1 for an unknown ID, a missing file, or a library that can't be opened or
            written, 2 for bad usage (a range that is backwards, empty or outside the memo: nothing is changed).
            """,
        check: { arguments throws(UsageError) in
            if arguments.from == nil && arguments.to == nil { throw UsageError("give --from S, --to S or both") }
        })
}

/// Runs `trim` or `cut`: the range checked against the memo (a usage error in one line, nothing changed), then
/// saved by the library.
private func runEdit(
    _ name: String, _ command: Command<MemoRangeArguments>, _ arguments: [String],
    _ edit: @escaping (Double, Double) -> MemoEdit
) -> Int32 {
    voicerec.run(command, arguments) { arguments in
        var status = ExitStatus.success
        let opened = MemosLibraryAccess.withOpenLibrary(name, arguments) { library, _ in
            let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
            do {
                let saved = try library.edit(memo.id, edit(arguments.from ?? 0, arguments.to ?? memo.duration))
                MemosLibraryAccess.print(saved.memo, of: library)
            } catch let error as MemoEditError {
                Output.error("voicerec memos \(name): \(error)")
                status = ExitStatus.usage
            }
            return ExitStatus.success
        }
        return opened == ExitStatus.success ? status : opened
    }
}
