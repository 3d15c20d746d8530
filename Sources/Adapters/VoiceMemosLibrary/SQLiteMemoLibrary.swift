import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderPOSIX
import VoiceRecorderSQLite

/// The memos library on disk: one audio file per memo in `memos/`, one row per memo in a SQLite database beside
/// them, takes recorded in `takes/` (see `LibraryLayout`).
///
/// **Keeping a take** (`keep`) is done in this order, so that a kill at any instant loses nothing and duplicates
/// nothing (SPEC B.7):
/// 1. `fsync` the finished take: its audio is on the disk before it carries a memo's name;
/// 2. rename it to `memos/<id>.m4a`: one atomic step, so the file is the take or the memo, never both or neither;
/// 3. `fsync` both directories: the rename itself is on the disk;
/// 4. INSERT the row and COMMIT (WAL, `synchronous=NORMAL`: see `LibraryDatabase` for why that is enough).
///
/// File first, row last, because the repair of each gap is then safe: a kill before the commit leaves a file with
/// no row, which the next `open()` adopts under the id its name carries (so it can never become two memos). The
/// other order would leave a row with no audio. (If writing the row fails, `keep` throws and the file stays in
/// `memos/`, to be adopted the same way.) Deleting forever runs the other way round for the same reason:
/// the file goes first, then the row, so a kill between them leaves a missing memo in Recently Deleted, never a
/// deleted memo coming back to life.
///
/// **Opening** (`open`) repairs what a kill left, and deletes nothing:
/// - an unfinished take (a crash mid-recording: a fragmented `voice-*.m4a` no live writer holds) in the temporary
///   directory is moved into `takes/`; every unfinished take in `takes/` is finished by `TakeRecovery.recover`;
/// - every finished take in `takes/`, and every audio file in `memos/` without a row, becomes a recovered memo: its
///   duration and waveform decoded from the file, dated when it was recorded (modified time minus duration), its
///   id taken from its name when it has one (`INSERT OR IGNORE`, so adopting twice is harmless);
/// - a row whose file is gone stays, and comes back with `isMissing`;
/// - a file that can't be decoded or moved is left where it is, and reported (`LibraryCheck.leftAlone`).
///
/// Files are moved at start-up only when no other process has the library open (an exclusive try of
/// `library.lock`, which every open library holds shared): with the app open, a take the command line is in the
/// middle of keeping is never adopted under its feet. The next open with the library to itself repairs.
///
/// The app and the command line can use one library at once: WAL, a 5 s busy timeout, and write transactions that
/// take their lock when they begin (`BEGIN IMMEDIATE`). Within a process, calls are serialised by a lock, so one
/// library may be shared by threads; calls block on the disk for a few milliseconds.
/// `@unchecked Sendable`: `store` and its connection are used only under `mutex`; the other fields are `let`s
public final class SQLiteMemoLibrary: MemoLibrary, @unchecked Sendable {
    /// Where everything is.
    public let layout: LibraryLayout
    /// Where the recorder's default takes go, searched at start-up for takes a crash cut short.
    public let temporaryDirectory: URL

    private let stepObserver: (@Sendable (SaveStep) -> Void)?
    let editStepObserver: (@Sendable (EditStep) -> Void)?
    private let mutex = NSLock()
    /// The open database and lock; nil until `open()` (or `check`) and after `close()`.
    private var store: Store?

    final class Store {
        let connection: Connection
        let table: MemoTable
        let transcripts: TranscriptTable
        let originals: OriginalsTable
        let lock: LibraryLock

        init(connection: Connection, lock: LibraryLock) {
            self.connection = connection
            self.table = MemoTable(connection: connection)
            self.transcripts = TranscriptTable(connection: connection)
            self.originals = OriginalsTable(connection: connection)
            self.lock = lock
        }
    }

    /// A library in `root` (by default `$XDG_DATA_HOME/voicerecorder`). Nothing is touched until `open()`.
    /// - Parameters:
    ///   - temporaryDirectory: searched at start-up for unfinished takes (`voice-*.m4a`) a crash left there.
    ///   - stepObserver: told after each step of saving a memo (for tracing and the crash tests).
    ///   - editStepObserver: told after each step of saving an edit (the same).
    public init(
        root: URL = LibraryLayout.defaultRoot(),
        temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        stepObserver: (@Sendable (SaveStep) -> Void)? = nil,
        editStepObserver: (@Sendable (EditStep) -> Void)? = nil
    ) {
        self.layout = LibraryLayout(root: root)
        self.temporaryDirectory = temporaryDirectory
        self.stepObserver = stepObserver
        self.editStepObserver = editStepObserver
    }

    public var takesDirectory: URL { layout.takesDirectory }

    public func fileURL(of id: UUID) -> URL { layout.file(of: id) }

    // MARK: Opening

    /// Opens the library (creating it when there is none), runs the start-up check with its repairs, and returns
    /// every memo, Recently Deleted ones included, newest first.
    ///
    /// Throws `MemoLibraryError` — before any take could start — when the directories can't be written, or the
    /// database is not a memos library, is damaged, or was written by a newer version (it is then left untouched).
    public func open() throws -> [Memo] {
        try locked {
            let store = try connectedStore()
            let (_, files) = try repair(store, moving: true)
            return try allMemos(store, files: files)
        }
    }

    /// Opens the directories and the database (checked, upgraded) without the start-up check, so a first screen
    /// can be read (`newestMemos`) before the check runs. Throws as `open()` does. Idempotent.
    public func connect() throws {
        try locked { _ = try connectedStore() }
    }

    /// The start-up check on its own: with `repair`, what `open()` repairs; without, only reports what it would do.
    public func check(repair: Bool) throws -> LibraryCheck {
        try locked { try self.repair(try connectedStore(), moving: repair).check }
    }

    /// Closes the database and lets go of the library's lock. The library can be opened again.
    public func close() throws {
        try locked {
            guard let store else { return }
            do throws(SQLiteError) {
                try store.connection.close()
            } catch {
                throw MemoLibraryError.from(error, database: layout.database)
            }
            store.lock.release()
            self.store = nil
        }
    }

    private func connectedStore() throws -> Store {
        if let store { return store }
        for directory in [layout.root, layout.memosDirectory, layout.takesDirectory] {
            try prepareDirectory(directory)
        }
        let lock: LibraryLock
        do throws(POSIX.Error) {
            lock = try LibraryLock(path: layout.lockFile.path)
        } catch {
            throw MemoLibraryError.directoryNotWritable(layout.root, reason: error.words)
        }
        let store = Store(connection: try LibraryDatabase.open(at: layout.database), lock: lock)
        self.store = store
        return store
    }

    /// Makes `directory` (0700) if needed, and proves it can be written.
    private func prepareDirectory(_ directory: URL) throws {
        do throws(POSIX.Error) {
            try LibraryDirectory.prepare(directory.path)
        } catch {
            throw MemoLibraryError.directoryNotWritable(directory, reason: error.words)
        }
    }

    /// Runs the start-up check; returns what it found, and the ids whose file is in `memos/` after it.
    private func repair(_ store: Store, moving: Bool) throws -> (check: LibraryCheck, files: Set<UUID>) {
        try database { try LibraryDatabase.checkRemainingTables(store.connection, of: layout.database) }
        let alone = moving && store.lock.tryExclusive()
        defer { if alone { store.lock.share() } }
        let repair = LibraryRepair(layout: layout, temporaryDirectory: temporaryDirectory, table: store.table)
        return try database { try repair.run(moving: alone, deferred: moving && !alone) }
    }

    // MARK: Reading

    /// Every memo, Recently Deleted ones included, newest first; `isMissing` where the file is gone.
    public func memos() throws -> [Memo] {
        try locked { try allMemos(try openStore(), files: memoFiles()) }
    }

    /// The first screen before the start-up check (`MemoLibrary`): connects (checking and upgrading the
    /// database) and reads the newest `limit` memos, about 9 ms at 10,000 memos where `open()` takes 0.2 s.
    public func firstScreen(limit: Int) throws -> [Memo]? {
        try connect()
        return try newestMemos(limit: limit)
    }

    /// The newest `limit` memos in the list (not deleted): the first screen.
    public func newestMemos(limit: Int) throws -> [Memo] {
        try locked {
            let store = try openStore()
            return try database { try store.table.newest(limit, missing: fileIsMissing) }
        }
    }

    /// The memos in the list whose title holds `text`, ignoring case and accents (SPEC B.9), newest first.
    public func memos(matching text: String) throws -> [Memo] {
        try locked {
            let store = try openStore()
            let found = try database { try store.table.matching(text) { _ in false } }
            // A few results are checked file by file; many (an empty search) from one listing.
            guard found.count > 100 else { return found.map { marking($0, missing: fileIsMissing($0.id)) } }
            let files = memoFiles()
            return found.map { marking($0, missing: !files.contains($0.id)) }
        }
    }

    /// The memo with `id`, or nil.
    public func memo(_ id: UUID) throws -> Memo? {
        try locked {
            let store = try openStore()
            return try database { try store.table.memo(id, missing: fileIsMissing) }
        }
    }

    private func allMemos(_ store: Store, files: Set<UUID>) throws -> [Memo] {
        try database { try store.table.all { !files.contains($0) } }
    }

    private func marking(_ memo: Memo, missing: Bool) -> Memo {
        var memo = memo
        memo.isMissing = missing
        return memo
    }

    /// Whether the file of memo `id` is gone, asked of the file system (for a few rows).
    func fileIsMissing(_ id: UUID) -> Bool {
        !FileManager.default.fileExists(atPath: layout.file(of: id).path)
    }

    /// The memos whose file is in `memos/`, from one listing of it: how many rows are checked at once.
    private func memoFiles() -> Set<UUID> {
        let names = (try? POSIX.names(inDirectory: layout.memosDirectory.path)) ?? []
        return Set(names.compactMap(LibraryLayout.memoID(fromFileName:)))
    }

    // MARK: Changing

    public func keep(_ recording: Recording, id: UUID, date: Date, title: String, isRecovered: Bool) throws -> Memo {
        try locked {
            let store = try openStore()
            // The memo keeps its take's format: an Opus take stays an `.ogg` (SPEC G).
            let format = LibraryLayout.format(ofFileName: recording.url.lastPathComponent) ?? .aac
            let destination = layout.file(of: id, format: format)
            let taken = try database { try store.table.memo(id) } != nil
            if taken || FileManager.default.fileExists(atPath: layout.file(of: id).path)
                || FileManager.default.fileExists(atPath: destination.path)
            {
                throw MemoLibraryError.alreadyKept(id)
            }
            var memo = Memo(
                id: id, title: title, date: date, duration: recording.duration,
                samples: StoredWaveform.stored(recording.samples),
                isRecovered: isRecovered)
            let mover = FileMover(layout: layout, observer: stepObserver)
            try mover.move(recording.url, to: destination)
            try database {
                try store.connection.transaction {
                    memo.number = try store.table.insert(memo) ?? 0
                    stepObserver?(.rowWritten)
                }
            }
            stepObserver?(.committed)
            return memo
        }
    }

    public func rename(_ id: UUID, to title: String) throws {
        try change(id) { try $0.setTitle(title, of: id) }
    }

    public func setEnhanced(_ enhanced: Bool, of id: UUID) throws {
        try change(id) { try $0.setEnhanced(enhanced, of: id) }
    }

    public func delete(_ id: UUID, at date: Date) throws {
        try change(id) { try $0.setDeleted(date, of: id) }
    }

    public func restore(_ id: UUID) throws {
        try change(id) { try $0.setDeleted(nil, of: id) }
    }

    public func deleteForever(_ id: UUID) throws {
        try locked {
            let store = try openStore()
            guard try database({ try store.table.memo(id) }) != nil else { throw MemoLibraryError.noMemo(id) }
            let file = layout.file(of: id)
            do throws(POSIX.Error) {
                try POSIX.removeFile(ifPresent: file.path)
                try POSIX.synchronizeDirectory(layout.memosDirectory.path)
                // An edited memo's original goes with it (SPEC I.1: kept until the memo is deleted for good).
                for format in TakeFormat.allCases {
                    let original = layout.original(of: id, format: format)
                    if try POSIX.removeFile(ifPresent: original.path) {
                        try POSIX.synchronizeDirectory(layout.originalsDirectory.path)
                    }
                }
            } catch {
                throw MemoLibraryError.from(error, action: "delete the memo's file", file: file)
            }
            _ = try database { try store.connection.transaction { try store.table.remove(id) } }
        }
    }

    /// Writes rows for memos whose audio files are already at `fileURL(of:)`, in one transaction: importing a
    /// library from elsewhere, or filling one for a benchmark.
    public func insertRows(_ memos: [Memo]) throws {
        try locked {
            let store = try openStore()
            try database {
                try store.connection.transaction {
                    for memo in memos { try store.table.insert(memo) }
                    stepObserver?(.rowWritten)
                }
            }
        }
    }

    /// Runs `body` on the table in a write transaction; throws `.noMemo` when it changed no row.
    private func change(_ id: UUID, _ body: (MemoTable) throws -> Bool) throws {
        try locked {
            let store = try openStore()
            let changed = try database { try store.connection.transaction { try body(store.table) } }
            guard changed else { throw MemoLibraryError.noMemo(id) }
        }
    }

    // MARK: Plumbing

    func openStore() throws -> Store {
        guard let store else { throw MemoLibraryError.notOpen }
        return store
    }

    func locked<T>(_ body: () throws -> T) throws -> T {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }

    /// Runs database work, turning SQLite's errors into the library's words.
    func database<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw MemoLibraryError.from(error, database: layout.database)
        }
    }
}
