import CSQLite
import Foundation

/// One connection to a SQLite database file (`sqlite3*`), owned: closed exactly once.
///
/// - Opened with explicit flags: read-only, read-write, or read-write creating the file; always with extended result
///   codes, and in SQLite's multi-thread mode (`SQLITE_OPEN_NOMUTEX`): a connection and its statements are used by
///   one thread at a time, which the owner guarantees (it is not `Sendable`).
/// - `close()` closes it and throws if it cannot (a statement is still alive); `deinit` closes it anyway as a
///   safety net (`sqlite3_close_v2`, which waits for the last statement).
/// - A busy timeout is set from the start, so that two processes sharing a file wait for each other's locks
///   instead of failing with `SQLITE_BUSY` at once.
public final class Connection {
    /// How the file is opened.
    public enum Mode: Sendable {
        /// Reading only; the file must exist.
        case readOnly
        /// Reading and writing; the file must exist.
        case readWrite
        /// Reading and writing, creating the file when it does not exist.
        case readWriteCreate

        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }

    /// How the database keeps its journal (`PRAGMA journal_mode`).
    public enum JournalMode: String, Sendable {
        /// Write-ahead log: readers never block the writer nor the writer the readers; commits append to the
        /// `-wal` file. The mode persists in the file.
        case wal
        /// The classic rollback journal, deleted after each transaction.
        case delete
    }

    /// How often SQLite waits for the disk (`PRAGMA synchronous`). With `.wal`: `.normal` survives a killed
    /// process but a power loss may drop the last commits; `.full` waits for the log at every commit and survives
    /// power loss too.
    public enum Synchronous: String, Sendable {
        case off, normal, full
    }

    /// The file's path, as given.
    public let path: String

    private var handle: OpaquePointer?

    /// Opens the file at `path` in `mode`, waiting up to `busyTimeout` for another connection's locks.
    public init(path: String, mode: Mode = .readWriteCreate, busyTimeout: Duration = .seconds(5)) throws(SQLiteError) {
        self.path = path
        var database: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let result = sqlite3_open_v2(path, &database, flags, nil)
        guard result == SQLITE_OK, let database else {
            // Even a failed open may hand back a connection holding the message; it must be closed too.
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? SQLiteError.words(for: result)
            sqlite3_close_v2(database)
            throw SQLiteError(extendedCode: result, message: message, sql: nil, path: path)
        }
        handle = database
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(database, Int32(clamping: milliseconds))
    }

    deinit {
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Closes the connection. Throws `SQLITE_BUSY` (and stays open) while one of its statements is alive.
    /// Idempotent.
    public func close() throws(SQLiteError) {
        guard let handle else { return }
        let result = sqlite3_close(handle)
        guard result == SQLITE_OK else { throw error(result, sql: nil) }
        self.handle = nil
    }

    /// Whether `close()` has closed it.
    public var isClosed: Bool { handle == nil }

    // MARK: Running SQL

    /// Prepares one statement.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Runs SQL that takes no values: one statement or several separated by semicolons (a schema, a pragma).
    /// Anything that carries a value goes through `execute(_:binding:)` or a prepared statement instead.
    public func execute(_ sql: String) throws(SQLiteError) {
        let database = try openHandle(for: sql)
        let result = sqlite3_exec(database, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result, sql: sql) }
    }

    /// Runs one statement with `values` bound to its parameters in order, to its end; returns the rows it changed.
    @discardableResult
    public func execute(_ sql: String, binding values: [any SQLiteBindable]) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        try statement.bind(values)
        try statement.run()
        return changes
    }

    /// Runs one query with `values` bound in order and turns each row into a `T` with `row`.
    public func query<T>(
        _ sql: String, binding values: [any SQLiteBindable] = [], row: (Statement) throws -> T
    ) throws -> [T] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [T] = []
        while try statement.step() == .row {
            rows.append(try row(statement))
        }
        return rows
    }

    /// The first column of the first row of a query that has one (a pragma, a count), as an integer.
    public func integer(_ sql: String, binding values: [any SQLiteBindable] = []) throws(SQLiteError) -> Int? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() == .row ? statement.int(at: 0) : nil
    }

    /// Runs `body` in a write transaction and commits it; rolls back if `body` throws (and rethrows its error).
    ///
    /// It begins with `BEGIN IMMEDIATE`: the write lock is taken at the start, waiting out the busy timeout, so two
    /// writers queue instead of one failing mid-way when it upgrades a read lock (`SQLITE_BUSY_SNAPSHOT` in WAL).
    /// Transactions do not nest.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // A failed COMMIT or body leaves the transaction open; end it. Its own failure would hide the cause.
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Whether no transaction is open.
    public var isAutocommit: Bool {
        guard let handle else { return true }
        return sqlite3_get_autocommit(handle) != 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_changes64(handle))
    }

    // MARK: Settings

    /// Sets the journal mode and returns the one SQLite has now (it may refuse, e.g. in memory).
    @discardableResult
    public func setJournalMode(_ mode: JournalMode) throws(SQLiteError) -> String {
        let statement = try prepare("PRAGMA journal_mode = \(mode.rawValue)")
        return try statement.step() == .row ? statement.string(at: 0) : ""
    }

    /// Sets how often SQLite waits for the disk, for this connection.
    public func setSynchronous(_ level: Synchronous) throws(SQLiteError) {
        try execute("PRAGMA synchronous = \(level.rawValue)")
    }

    // MARK: Errors

    /// The connection's handle, or an error saying it is closed.
    func openHandle(for sql: String?) throws(SQLiteError) -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "the connection to \(path) is closed", sql: sql)
        }
        return handle
    }

    /// The error for a failed call that returned `result`, with SQLite's message for it.
    func error(_ result: Int32, sql: String?) -> SQLiteError {
        guard let handle else { return SQLiteError(extendedCode: result, sql: sql) }
        // The connection's message belongs to its latest failure; `result` is what this call returned.
        let extended = sqlite3_extended_errcode(handle)
        let code = (extended & 0xff) == (result & 0xff) ? extended : result
        return SQLiteError(extendedCode: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
