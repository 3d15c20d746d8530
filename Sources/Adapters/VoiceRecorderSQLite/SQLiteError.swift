import CSQLite
import Foundation

/// A failure reported by SQLite: its result codes, its own message, and the SQL being run (or the file being
/// opened) when it happened.
///
/// Expected outcomes are not errors: a statement that has a row or is done says so with `Statement.Step`.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_BUSY`, …): the low 8 bits of `extendedCode`.
    public var code: Int32 { extendedCode & 0xff }
    /// The extended result code (`SQLITE_CORRUPT_VTAB`, `SQLITE_BUSY_SNAPSHOT`, …), as precise as SQLite says.
    public let extendedCode: Int32
    /// SQLite's own message: the connection's `sqlite3_errmsg` when there is one, else the code's words.
    public let message: String
    /// The SQL being prepared or run, or nil when the failure was not about a statement (opening, closing).
    public let sql: String?
    /// The database file, when the failure was opening it.
    public let path: String?

    /// An error with SQLite's message taken by the caller (from the connection, right after the failing call).
    public init(extendedCode: Int32, message: String, sql: String?, path: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// An error described only by its code's words (when there is no connection to ask).
    public init(extendedCode: Int32, sql: String?) {
        self.init(extendedCode: extendedCode, message: SQLiteError.words(for: extendedCode), sql: sql)
    }

    /// The words SQLite has for a result code, e.g. "database disk image is malformed".
    public static func words(for code: Int32) -> String {
        String(cString: sqlite3_errstr(code))
    }

    /// The name of the primary code, e.g. `"SQLITE_NOTADB"`.
    public var codeName: String {
        SQLiteError.primaryNames[code] ?? "SQLITE_\(code)"
    }

    /// One line: the file if it was being opened, SQLite's message, the code by name and number, and the SQL.
    /// e.g. `database disk image is malformed (SQLITE_CORRUPT, code 11, extended 11) running: SELECT …`.
    public var description: String {
        var text = "\(message) (\(codeName), code \(code), extended \(extendedCode))"
        if let path { text = "\(path): " + text }
        if let sql {
            text +=
                " running: "
                + sql.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        return text
    }

    /// SQLite found the file is not a database (`SQLITE_NOTADB`).
    public var isNotADatabase: Bool { code == SQLITE_NOTADB }
    /// SQLite found the database damaged (`SQLITE_CORRUPT`), e.g. truncated or overwritten.
    public var isCorrupt: Bool { code == SQLITE_CORRUPT }
    /// Another connection held a lock for longer than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// A constraint was violated (`SQLITE_CONSTRAINT`: a duplicate primary key, a NOT NULL, …).
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// The file cannot be written (`SQLITE_READONLY`, `SQLITE_PERM`).
    public var isNotWritable: Bool { code == SQLITE_READONLY || code == SQLITE_PERM }
    /// The file cannot be opened at all (`SQLITE_CANTOPEN`): missing, a directory, no permission.
    public var isUnopenable: Bool { code == SQLITE_CANTOPEN }
    /// The disk is full (`SQLITE_FULL`).
    public var isDiskFull: Bool { code == SQLITE_FULL }

    private static let primaryNames: [Int32: String] = [
        SQLITE_ERROR: "SQLITE_ERROR", SQLITE_INTERNAL: "SQLITE_INTERNAL", SQLITE_PERM: "SQLITE_PERM",
        SQLITE_ABORT: "SQLITE_ABORT", SQLITE_BUSY: "SQLITE_BUSY", SQLITE_LOCKED: "SQLITE_LOCKED",
        SQLITE_NOMEM: "SQLITE_NOMEM", SQLITE_READONLY: "SQLITE_READONLY", SQLITE_INTERRUPT: "SQLITE_INTERRUPT",
        SQLITE_IOERR: "SQLITE_IOERR", SQLITE_CORRUPT: "SQLITE_CORRUPT", SQLITE_NOTFOUND: "SQLITE_NOTFOUND",
        SQLITE_FULL: "SQLITE_FULL", SQLITE_CANTOPEN: "SQLITE_CANTOPEN", SQLITE_PROTOCOL: "SQLITE_PROTOCOL",
        SQLITE_EMPTY: "SQLITE_EMPTY", SQLITE_SCHEMA: "SQLITE_SCHEMA", SQLITE_TOOBIG: "SQLITE_TOOBIG",
        SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT", SQLITE_MISMATCH: "SQLITE_MISMATCH", SQLITE_MISUSE: "SQLITE_MISUSE",
        SQLITE_NOLFS: "SQLITE_NOLFS", SQLITE_AUTH: "SQLITE_AUTH", SQLITE_FORMAT: "SQLITE_FORMAT",
        SQLITE_RANGE: "SQLITE_RANGE", SQLITE_NOTADB: "SQLITE_NOTADB", SQLITE_NOTICE: "SQLITE_NOTICE",
        SQLITE_WARNING: "SQLITE_WARNING",
    ]
}
