import ArgumentParsing
import Foundation
import VoiceMemos
import VoiceMemosLibrary

/// A `voicerec memos` command's values that name the library (`--data-dir`).
protocol LibraryArguments {
    /// The library's data directory as typed, or nil for the default.
    var dataDirectory: String? { get set }
}

extension LibraryArguments {
    /// The data directory: `--data-dir` (made absolute), or `$XDG_DATA_HOME/voicerecorder`.
    var libraryRoot: URL {
        dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? LibraryLayout.defaultRoot()
    }
}

extension Option where Values: LibraryArguments {
    /// `--data-dir DIR`, worded the same on every memos command.
    static var dataDirectory: Option {
        .value(
            MemosCommand.dataDirectoryOption, \.dataDirectory, .path("DIR"),
            help: "the library's directory (default $XDG_DATA_HOME/voicerecorder, else ~/.local/share/voicerecorder); "
                + "also accepted before the command")
    }
}

/// What a memos command can refuse, in words (the library's own errors speak for themselves).
enum MemosCommandError: Error, CustomStringConvertible {
    /// No memo has the id as typed (or it is not an id at all).
    case noMemo(String)
    /// `purge ID` of a memo that is still in the list.
    case notDeleted(UUID)
    /// The memo's audio file is gone (SPEC B.7: it is shown as missing).
    case fileMissing(UUID, URL)
    /// A memo in Recently Deleted, which is not transcribed (SPEC E.1).
    case deleted(UUID)

    var description: String {
        switch self {
        case .noMemo(let typed): "no memo \(typed)"
        case .notDeleted(let id):
            "memo \(id.uuidString) is not in Recently Deleted (delete it first: 'voicerec memos delete \(id.uuidString)')"
        case .fileMissing(let id, let url): "memo \(id.uuidString)'s file is missing (\(url.path))"
        case .deleted(let id):
            "memo \(id.uuidString) is in Recently Deleted (restore it first: 'voicerec memos restore \(id.uuidString)')"
        }
    }
}

/// The library a memos command works on.
enum MemosLibraryAccess {
    /// Opens the library `arguments` name — with its start-up check and repairs, as the app opens it — runs `body`
    /// with it and every memo (Recently Deleted too, newest first), and closes it. Any error, the library's or the
    /// command's, is one line on stderr ("voicerec memos <name>: …") and exit status 1.
    static func withOpenLibrary(
        _ name: String, _ arguments: some LibraryArguments, _ body: (SQLiteMemoLibrary, [Memo]) throws -> Int32
    ) -> Int32 {
        let library = SQLiteMemoLibrary(root: arguments.libraryRoot)
        do {
            let memos = try library.open()
            defer { try? library.close() }
            return try body(library, memos)
        } catch {
            Output.failure("memos \(name)", error)
            return ExitStatus.failure
        }
    }

    /// The memo `typed` names; `MemosCommandError.noMemo` when it is not an id or no memo has it.
    static func memo(_ typed: String, in library: SQLiteMemoLibrary) throws -> Memo {
        guard let id = UUID(uuidString: typed), let memo = try library.memo(id) else {
            throw MemosCommandError.noMemo(typed)
        }
        return memo
    }

    /// Prints `memo` as its JSON line.
    static func print(_ memo: Memo, of library: SQLiteMemoLibrary) {
        Output.line(MemoJSON.object(memo, file: library.fileURL(of: memo.id)).text)
    }
}
