import ArgumentParsing
import Foundation
import VoiceMemos
import VoiceRecorderJSON

/// The values of a command on one memo, given by its id.
struct MemoIDArguments: LibraryArguments, Sendable {
    var id = ""
    var dataDirectory: String?
}

extension Positional where Values == MemoIDArguments {
    static var memoID: Positional { .required("ID", \.id, .text("ID"), help: "the memo's id, as 'list' prints it") }
}

/// The footer of every command that changes one memo.
private let changeFooter =
    "Exit status: 0 when done, 1 for an unknown ID or a library that can't be opened, 2 for bad usage."

/// `voicerec memos rename ID TITLE`.
enum MemosRenameCommand {
    struct Arguments: LibraryArguments, Sendable {
        var id = ""
        var title = ""
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos rename",
        abstract: "give a memo a title",
        discussion: """
            Saves TITLE as the memo's title, as the app does (SPEC B.5): any text — quotes, emoji, right-to-left
            scripts — with every line break turned into a space and at most 200 characters kept. An empty TITLE makes
            the memo untitled again. Prints the memo's JSON object. A TITLE starting with '-' goes after '--'.
            """,
        defaults: Arguments(),
        options: [.dataDirectory],
        arguments: [
            .required("ID", \.id, .text("ID"), help: "the memo's id, as 'list' prints it"),
            .required("TITLE", \.title, .text("TITLE"), help: "the new title"),
        ],
        footer: changeFooter)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("rename", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                try library.rename(memo.id, to: MemoTitle.clean(arguments.title))
                MemosLibraryAccess.print(try MemosLibraryAccess.memo(arguments.id, in: library), of: library)
                return ExitStatus.success
            }
        }
    }
}

/// `voicerec memos delete ID`: to Recently Deleted.
enum MemosDeleteCommand {
    static let command = Command(
        "voicerec memos delete",
        abstract: "move a memo to Recently Deleted",
        discussion: """
            Moves the memo to Recently Deleted, dated now: it is kept there 30 days, then purged ('purge'); 'restore'
            brings it back. Its file is not touched. A memo already there keeps its date. Prints the memo's JSON object.
            """,
        defaults: MemoIDArguments(),
        options: [.dataDirectory],
        arguments: [.memoID],
        footer: changeFooter)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("delete", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                // Deleting again would restart its 30 days: a memo already in Recently Deleted stays as it is.
                if !memo.isDeleted { try library.delete(memo.id, at: Date()) }
                MemosLibraryAccess.print(try MemosLibraryAccess.memo(arguments.id, in: library), of: library)
                return ExitStatus.success
            }
        }
    }
}

/// `voicerec memos restore ID`: back from Recently Deleted.
enum MemosRestoreCommand {
    static let command = Command(
        "voicerec memos restore",
        abstract: "bring a memo back from Recently Deleted",
        discussion: """
            Brings the memo back into the list (a memo already there stays as it is). Prints the memo's JSON object.
            """,
        defaults: MemoIDArguments(),
        options: [.dataDirectory],
        arguments: [.memoID],
        footer: changeFooter)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("restore", arguments) { library, _ in
                let memo = try MemosLibraryAccess.memo(arguments.id, in: library)
                if memo.isDeleted { try library.restore(memo.id) }
                MemosLibraryAccess.print(try MemosLibraryAccess.memo(arguments.id, in: library), of: library)
                return ExitStatus.success
            }
        }
    }
}

/// `voicerec memos purge [ID]`: deletes forever.
enum MemosPurgeCommand {
    struct Arguments: LibraryArguments, Sendable {
        var id: String?
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos purge",
        abstract: "delete memos forever: one from Recently Deleted, or those deleted more than 30 days ago",
        discussion: """
            Deletes forever — the row and the audio file — the memo ID, which must be in Recently Deleted; without ID,
            every memo that has been in Recently Deleted for 30 days (the app purges by the same rule). Prints
            {"purged":[ID,…]}: the ids deleted forever, possibly none.
            """,
        defaults: Arguments(),
        options: [.dataDirectory],
        arguments: [
            .optional("ID", \.id, .text("ID"), help: "a memo in Recently Deleted, as 'list --deleted' prints it")
        ],
        footer: """
            Exit status: 0 when done, 1 for an unknown ID, a memo not in Recently Deleted, or a library that can't be
            opened or written, 2 for bad usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("purge", arguments) { library, memos in
                let doomed: [Memo]
                if let typed = arguments.id {
                    let memo = try MemosLibraryAccess.memo(typed, in: library)
                    // Only Recently Deleted is ever deleted forever (SPEC B.6): a memo in the list goes there first.
                    guard memo.isDeleted else { throw MemosCommandError.notDeleted(memo.id) }
                    doomed = [memo]
                } else {
                    doomed = RecentlyDeleted.dueForPurge(memos, at: Date())
                }
                var purged: [UUID] = []
                defer { Output.line(JSONValue.object([("purged", MemoJSON.ids(purged))]).text) }
                for memo in doomed {
                    try library.deleteForever(memo.id)
                    purged.append(memo.id)
                }
                return ExitStatus.success
            }
        }
    }
}
