import Foundation
import VoiceRecorderPOSIX
import VoiceRecorderSQLite

/// What can go wrong with a memos library, each described in one line of words that names the file (SPEC B.8).
public enum MemoLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file is not a SQLite database at all.
    case notADatabase(URL)
    /// The database file is a SQLite database, but another program's.
    case foreignDatabase(URL)
    /// The database file is shorter than its own header says.
    case truncated(URL, bytes: Int64, expected: Int64)
    /// SQLite found the database damaged; `details` are its words.
    case damaged(URL, details: String)
    /// The database was written by a newer version, with a schema this one does not know.
    case newerSchema(URL, found: Int, supported: Int)
    /// Another process held the database locked for longer than the busy timeout.
    case busy(URL)
    /// The library's directory (or a directory in it) cannot be created or written: `reason` in the system's words.
    case directoryNotWritable(URL, reason: String)
    /// The database file cannot be written (a read-only file or file system).
    case databaseNotWritable(URL, reason: String)
    /// Reading or writing the database failed for another reason, in SQLite's words.
    case database(URL, reason: String)
    /// A file could not be moved, synchronized or removed: what was being done, and the system's words.
    case file(URL, action: String, reason: String)
    /// No memo has this id.
    case noMemo(UUID)
    /// A memo with this id already exists (a take can be kept only once).
    case alreadyKept(UUID)
    /// A call that needs the open library came before `open()`.
    case notOpen
    /// Revert to Original on a memo that was never edited (it is its original).
    case notEdited(UUID)
    /// The memo changed (another edit, from this process or another) while an edit of it was being written:
    /// nothing was saved.
    case changedWhileEditing(UUID)
    /// An undo came after the memo changed again: it would undo something else.
    case undoOutOfDate(UUID)

    public var description: String {
        switch self {
        case .notADatabase(let url):
            "\(url.path): not a memos library (the file is not a SQLite database)"
        case .foreignDatabase(let url):
            "\(url.path): not a memos library (it is another program's SQLite database)"
        case .truncated(let url, let bytes, let expected):
            "\(url.path): the memos library is damaged (the file is cut short: \(bytes) of \(expected) bytes)"
                + Self.leftAlone
        case .damaged(let url, let details):
            "\(url.path): the memos library is damaged (\(details))\(Self.leftAlone)"
        case .newerSchema(let url, let found, let supported):
            "\(url.path): written by a newer version of Voice Recorder "
                + "(schema \(found); this version reads up to \(supported))"
        case .busy(let url):
            "\(url.path): the memos library is busy (another program kept it locked for more than 5 seconds)"
        case .directoryNotWritable(let url, let reason):
            "\(url.path): the memos library's directory can't be written (\(reason))"
        case .databaseNotWritable(let url, let reason):
            "\(url.path): the memos library can't be written (\(reason))"
        case .database(let url, let reason):
            "\(url.path): the memos library could not be read or written (\(reason))"
        case .file(let url, let action, let reason):
            "\(url.path): can't \(action) (\(reason))"
        case .noMemo(let id):
            "no memo \(id.uuidString)"
        case .alreadyKept(let id):
            "memo \(id.uuidString) already exists"
        case .notOpen:
            "the memos library is not open yet"
        case .notEdited(let id):
            "memo \(id.uuidString) has never been edited: it is its original"
        case .changedWhileEditing(let id):
            "memo \(id.uuidString) changed while the edit was being saved; nothing was changed"
        case .undoOutOfDate(let id):
            "memo \(id.uuidString) has changed since that edit; it can't be undone now"
        }
    }

    /// Said of every damaged file: it was not touched, and what the user can do.
    private static let leftAlone = "; it was left as it is: move it aside to start a new library"

    /// The library error for a failure SQLite reported on the database at `url`.
    static func from(_ error: SQLiteError, database url: URL) -> MemoLibraryError {
        if error.isNotADatabase { return .notADatabase(url) }
        if error.isCorrupt { return .damaged(url, details: error.message) }
        if error.isBusy { return .busy(url) }
        if error.isNotWritable { return .databaseNotWritable(url, reason: error.message) }
        return .database(url, reason: error.message)
    }

    /// The library error for a failed file operation: named by the path the failed call was about, else `file`.
    static func from(_ error: POSIX.Error, action: String, file: URL) -> MemoLibraryError {
        .file(error.path.map { URL(fileURLWithPath: $0) } ?? file, action: action, reason: error.words)
    }
}
