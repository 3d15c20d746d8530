import Foundation
import VoiceRecorderPOSIX
import VoiceRecorderSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the library's database so that a file this version does not understand is never written (SPEC B.8).
///
/// 1. A file that exists is first judged by its raw header bytes (read only): not SQLite, or cut short.
/// 2. Then through a read-only connection, which can never write the file (not even the checkpoint a closing
///    connection makes in WAL mode): it must be empty, or marked as a memos library (`application_id`) at a
///    schema version this code knows, and pass SQLite's `quick_check` — of the tables the first screen reads
///    (`listTables`) when it is at this code's version; of the whole file when an upgrade is to write it.
/// 3. Only then is it opened for writing: WAL, `synchronous=NORMAL`, the busy timeout, and the migrations.
///
/// The other tables (transcripts and their word index, nine tenths of a transcribed library) are checked by the
/// start-up check before it repairs anything (`checkRemainingTables`), after the first screen is shown: at 10,000
/// transcribed memos the whole file's check took 31 ms of a first screen's 33 ms.
///
/// A missing file is created empty (0600) first. An empty file (0 bytes) is a new library: it holds nothing to
/// lose, and the start-up check then adopts every audio file in `memos/` as a recovered memo.
enum LibraryDatabase {
    /// How long a connection waits for another process's lock before the library reports it busy.
    static let busyTimeout = Duration.seconds(5)
    /// The tables the list and its first screen read (with their indexes): checked before the first screen.
    static let listTables = ["memos", "counters"]

    /// The database at `url`, checked and upgraded, open for reading and writing.
    static func open(at url: URL) throws(MemoLibraryError) -> Connection {
        let path = url.path
        if let status = try? POSIX.status(ofPath: path) {
            if status.kind == .directory {
                throw MemoLibraryError.database(url, reason: "it is a directory, not a file")
            }
            if status.size > 0 { try DatabaseHeader.check(url, size: status.size) }
        } else {
            do throws(POSIX.Error) {
                try POSIX.File(path: path, access: .writeOnly, options: [.create, .exclusive], permissions: 0o600)
                    .close()
            } catch let error where error.code == EEXIST {
                // Another process created it a moment ago: it is judged like any existing file below.
            } catch {
                throw MemoLibraryError.databaseNotWritable(url, reason: error.words)
            }
        }
        do {
            try inspect(url)
            let connection = try Connection(path: path, mode: .readWrite, busyTimeout: busyTimeout)
            // WAL: the app reads while the command line writes, and a killed writer leaves the file intact.
            let mode = try connection.setJournalMode(.wal)
            guard mode == Connection.JournalMode.wal.rawValue else {
                throw MemoLibraryError.databaseNotWritable(url, reason: "SQLite could not turn on its write-ahead log")
            }
            // NORMAL: with WAL, a killed process loses no commit and nothing ever corrupts the file; only a power
            // loss or a kernel crash may undo the last commits. That is already safe for what matters: a memo's
            // audio reaches the disk (file and directory synchronized) before its row is written, so a row lost
            // that way comes back as an adopted, recovered memo. What it can cost is a title or a deletion made in
            // the last moments before the power went. FULL would add a wait for the disk to every commit (about a
            // millisecond here, often more on a laptop), doubling the cost of keeping a take.
            try connection.setSynchronous(.normal)
            // SQLite's default page cache (2 MiB): a larger one kept the pages of every memo listed at start-up in
            // the window's memory for good (5.6 MiB at 10,000 memos); read again, those pages come from the
            // system's file cache in microseconds.
            try MemoSchema.migrate(connection)
            return connection
        } catch let error as MemoLibraryError {
            throw error
        } catch let error as SQLiteError {
            throw MemoLibraryError.from(error, database: url)
        } catch {
            throw MemoLibraryError.database(url, reason: "\(error)")
        }
    }

    /// Judges the file through a read-only connection; throws when it must not be written.
    private static func inspect(_ url: URL) throws {
        let connection = try Connection(path: url.path, mode: .readOnly, busyTimeout: busyTimeout)
        defer { try? connection.close() }
        let applicationID = try connection.integer("PRAGMA application_id") ?? 0
        let version = try connection.integer("PRAGMA user_version") ?? 0
        let objects = try connection.integer("SELECT count(*) FROM sqlite_schema") ?? 0
        if applicationID == 0 && version == 0 && objects == 0 { return }  // empty: a new library
        guard applicationID == MemoSchema.applicationID else { throw MemoLibraryError.foreignDatabase(url) }
        guard version <= MemoSchema.currentVersion else {
            throw MemoLibraryError.newerSchema(url, found: version, supported: MemoSchema.currentVersion)
        }
        if version == MemoSchema.currentVersion {
            for table in listTables { try quickCheck(connection, table: table, of: url) }
        } else {
            try quickCheck(connection, table: nil, of: url)
        }
    }

    /// Checks the pages of every table not in `listTables` (and their indexes); throws `.damaged` for a problem.
    /// The start-up check runs it before its first write.
    static func checkRemainingTables(_ connection: Connection, of url: URL) throws {
        // Virtual tables have no pages of their own: their shadow tables (`memo_text_data`, …) are checked.
        let tables = try connection.query(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'"
        ) { $0.string(at: 0) }
        for table in tables where !listTables.contains(table) {
            try quickCheck(connection, table: table, of: url)
        }
    }

    /// SQLite's `quick_check` of `table` and its indexes, or of the whole file when `table` is nil.
    private static func quickCheck(_ connection: Connection, table: String?, of url: URL) throws {
        // Pragmas take no parameters: a table's name is quoted as an identifier (names come from the schema).
        let argument = table.map { "(\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\")" } ?? ""
        let problems = try connection.query("PRAGMA quick_check\(argument)") { $0.string(at: 0) }
        guard problems == ["ok"] else {
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            throw MemoLibraryError.damaged(url, details: "SQLite's check of its pages found \(count)")
        }
    }
}

/// The first 100 bytes of a SQLite file, read without SQLite: enough to tell a file that is not a database, or one
/// cut short, in words before SQLite would only say "malformed".
enum DatabaseHeader {
    private static let magic = Array("SQLite format 3\0".utf8)
    private static let length = 100

    /// Throws `.notADatabase` or `.truncated` for the file at `url` of `size` bytes (more than 0).
    static func check(_ url: URL, size: Int64) throws(MemoLibraryError) {
        // A file that can't be read: SQLite will say why.
        guard let file = try? POSIX.File(path: url.path, access: .readOnly) else { return }
        let header = (try? file.read(count: length, at: 0)) ?? []
        guard header.count >= magic.count else {
            if header.elementsEqual(magic.prefix(header.count)) {
                throw .truncated(url, bytes: size, expected: Int64(length))
            }
            throw .notADatabase(url)
        }
        guard header.prefix(magic.count).elementsEqual(magic) else { throw .notADatabase(url) }
        guard header.count == length else { throw .truncated(url, bytes: size, expected: Int64(length)) }

        let pageSize = Int64(header[16]) << 8 | Int64(header[17])
        let bytesPerPage = pageSize == 1 ? 65_536 : pageSize
        let pages = bigEndian(header, at: 28)
        // The page count is valid only when the change counter matches "version-valid-for" (SQLite's file format).
        let countIsValid = bigEndian(header, at: 24) == bigEndian(header, at: 92)
        // With a write-ahead log, pages past the file's end may still be in the log: SQLite judges those.
        let logSize = (try? POSIX.status(ofPath: url.path + "-wal").size) ?? 0
        if countIsValid, pages > 0, logSize == 0, pages * bytesPerPage > size {
            throw .truncated(url, bytes: size, expected: pages * bytesPerPage)
        }
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int64 {
        bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | Int64($1) }
    }
}
