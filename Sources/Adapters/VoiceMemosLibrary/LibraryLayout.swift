import Foundation
import VoiceRecorder

/// Where a library keeps everything, under one data directory (SPEC B.7):
///
/// ```
/// <data>/                    0700  ($XDG_DATA_HOME/voicerecorder, or ~/.local/share/voicerecorder)
///   memos.sqlite             0600  the rows (with memos.sqlite-wal and -shm beside it while in use)
///   library.lock             0600  held shared by every process using the library (see SQLiteMemoLibrary)
///   memos/<UUID>.m4a         0700 / 0600  one file per memo, named by its id (.ogg for a memo in Opus, SPEC G)
///   takes/voice-<UUID>.m4a   0700 / 0600  takes being recorded (or .ogg): on the same file system, so keeping one
///                                         is a rename
///   originals/<UUID>.m4a     0700 / 0600  an edited memo's original audio (SPEC I.1), a second name of the file it
///                                         was, until the memo is reverted or deleted forever
///   edits/<UUID>-<UUID>.m4a  0700 / 0600  an edit being saved: the memo's id, then the save's own
/// ```
public struct LibraryLayout: Sendable, Equatable {
    /// The data directory.
    public let root: URL

    /// A library under `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The data directory the XDG Base Directory rules give: `$XDG_DATA_HOME/voicerecorder` when that variable
    /// holds an absolute path, else `$HOME/.local/share/voicerecorder`.
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectories.data(environment: environment)
    }

    /// The database file.
    public var database: URL { root.appendingPathComponent("memos.sqlite") }
    /// The lock file every process holds while the library is open.
    var lockFile: URL { root.appendingPathComponent("library.lock") }
    /// The memos' audio files.
    public var memosDirectory: URL { root.appendingPathComponent("memos", isDirectory: true) }
    /// Where takes are recorded before they are kept.
    public var takesDirectory: URL { root.appendingPathComponent("takes", isDirectory: true) }

    /// Where edited memos' originals are kept.
    public var originalsDirectory: URL { root.appendingPathComponent("originals", isDirectory: true) }
    /// Where an edit's audio is written before it becomes the memo's.
    public var editsDirectory: URL { root.appendingPathComponent("edits", isDirectory: true) }

    /// The original audio of edited memo `id`, in its memo's format.
    func original(of id: UUID, format: TakeFormat) -> URL {
        originalsDirectory.appendingPathComponent(Self.fileName(of: id, format: format))
    }

    /// A new file for an edit of memo `id` being saved (never a name another save uses, so two processes saving
    /// edits of one memo never write into one file).
    func newEditFile(of id: UUID, format: TakeFormat) -> URL {
        editsDirectory.appendingPathComponent("\(id.uuidString)-\(UUID().uuidString).\(format.fileExtension)")
    }

    /// The audio file of memo `id`: `<UUID>.ogg` for a memo kept in Opus (SPEC G), else `<UUID>.m4a`. A memo's
    /// format is its file's: the row does not repeat it, so nothing can disagree.
    public func file(of id: UUID) -> URL {
        let opus = file(of: id, format: .opus)
        return FileManager.default.fileExists(atPath: opus.path) ? opus : file(of: id, format: .aac)
    }

    /// Where the audio file of memo `id` in `format` goes.
    public func file(of id: UUID, format: TakeFormat) -> URL {
        memosDirectory.appendingPathComponent(Self.fileName(of: id, format: format))
    }

    /// `<UUID>.m4a` (or `.ogg`), in the canonical (upper-case) spelling.
    static func fileName(of id: UUID, format: TakeFormat = .aac) -> String {
        "\(id.uuidString).\(format.fileExtension)"
    }

    /// The format a memo's or a take's file is in, by its name (a copy on its way in, `….copying`, by the name it
    /// will have); nil for a name that is neither.
    static func format(ofFileName name: String) -> TakeFormat? {
        let name = name.hasSuffix(copySuffix) ? String(name.dropLast(copySuffix.count)) : name
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return TakeFormat(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// The memo id a file in `memos/` is named for, when its name is exactly `<UUID>.m4a` or `<UUID>.ogg` as
    /// `fileName` spells it (another spelling of the same id would never be found again by `file(of:)`).
    static func memoID(fromFileName name: String) -> UUID? {
        guard format(ofFileName: name) != nil else { return nil }
        return CanonicalUUID.parse(name.dropLast(4))
    }

    /// The take id in a take's name `voice-<UUID>.m4a` or `.ogg` (any spelling of the UUID), if it has one.
    static func takeID(fromFileName name: String) -> UUID? {
        guard name.hasPrefix("voice-"), format(ofFileName: name) != nil else { return nil }
        return UUID(uuidString: String(name.dropFirst(6).dropLast(4)))
    }

    /// The suffix of a copy being made into the library from another file system; one found at start-up is a copy
    /// a crash interrupted, whose original still exists.
    static let copySuffix = ".copying"
}
