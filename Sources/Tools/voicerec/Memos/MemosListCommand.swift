import ArgumentParsing
import Foundation
import VoiceMemos

/// `voicerec memos list [--deleted] [--search TEXT]`: the memos, one JSON object per line.
enum MemosListCommand {
    struct Arguments: LibraryArguments, Sendable {
        var deleted = false
        var search: String?
        var dataDirectory: String?
    }

    static let command = Command(
        "voicerec memos list",
        abstract: "print the memos, newest first, one JSON object per line",
        discussion: """
            Opens the library (running its start-up check: takes a crash cut short and audio files without a row become
            recovered memos, memos whose file is gone are marked missing) and prints one JSON object per memo:
            {"id","number","title","date","duration","file","samples","recovered","missing","deleted",
            "transcript","firstWords"}
            Dates are ISO 8601 (UTC); "deleted" is null for a memo in the list. "transcript" is the state of its
            transcript (pending, done, none, failed), "firstWords" the start of its text. Without --deleted, the
            list, newest first; with it, Recently Deleted, the most recently deleted first (as the app shows them).
            """,
        defaults: Arguments(),
        options: [
            .flag("--deleted", \.deleted, help: "list Recently Deleted instead"),
            .value(
                "--search", \.search, .text("TEXT"),
                help: "only memos whose title holds TEXT, ignoring case and accents (\"cafe\" finds \"Café\")"),
            .dataDirectory,
        ],
        footer: """
            Exit status: 0 when listed (an empty library prints nothing), 1 when the library can't be opened, 2 for bad
            usage.
            """)

    static func run(_ arguments: [String]) -> Int32 {
        voicerec.run(command, arguments) { arguments in
            MemosLibraryAccess.withOpenLibrary("list", arguments) { library, all in
                // The app's rule for what each view shows (MemosState): the list newest first, Recently Deleted
                // most recently deleted first, both filtered by the model's search.
                let shown =
                    arguments.deleted
                    ? mostRecentlyDeletedFirst(all.filter(\.isDeleted)) : all.filter { !$0.isDeleted }
                for memo in MemoSearch.filter(shown, query: arguments.search ?? "") {
                    MemosLibraryAccess.print(memo, of: library)
                }
                return ExitStatus.success
            }
        }
    }

    /// Recently Deleted in the app's order: the most recently deleted first, then (for one deletion date) newest first.
    private static func mostRecentlyDeletedFirst(_ memos: [Memo]) -> [Memo] {
        memos.sorted { ($0.deletedAt ?? .distantPast, $0.date) > ($1.deletedAt ?? .distantPast, $1.date) }
    }
}
