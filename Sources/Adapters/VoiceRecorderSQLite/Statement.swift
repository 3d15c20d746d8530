import CSQLite
import Foundation

/// One prepared SQL statement (`sqlite3_stmt`), owned: finalized when the last reference goes.
///
/// Parameters are numbered from 1 (`?1`, or the order of `?`s), as SQLite numbers them; columns from 0, as SQLite
/// numbers them. A statement keeps its connection alive, and a connection cannot be closed while one of its
/// statements lives (`Connection.close()` throws `SQLITE_BUSY`).
public final class Statement {
    /// What a step found: a row to read, or the end. Both are answers, not errors.
    public enum Step: Sendable, Equatable {
        /// A row is ready: read it with the column accessors, then step again.
        case row
        /// The statement has run to completion.
        case done
    }

    /// The SQL it was prepared from.
    public let sql: String

    private let connection: Connection
    private let handle: OpaquePointer

    /// Prepares exactly one statement of `sql` on `connection`; more than one statement is refused.
    init(connection: Connection, sql: String) throws(SQLiteError) {
        self.connection = connection
        self.sql = sql
        let database = try connection.openHandle(for: sql)
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let result = sql.withCString { text in
            let status = sqlite3_prepare_v3(database, text, -1, 0, &statement, &tail)
            // Anything after the first statement but blanks and a semicolon would be silently ignored: refuse it.
            if status == SQLITE_OK, let tail, !String(cString: tail).allSatisfy({ $0.isWhitespace || $0 == ";" }) {
                return SQLITE_MISUSE
            }
            return status
        }
        guard result == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            if result == SQLITE_MISUSE {
                throw SQLiteError(
                    extendedCode: SQLITE_MISUSE, message: "more than one statement in one prepare", sql: sql)
            }
            throw connection.error(result, sql: sql)
        }
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    /// Binds `value` to parameter `index` (from 1).
    public func bind(_ value: some SQLiteBindable, at index: Int) throws(SQLiteError) {
        try bindValue(value.sqliteValue, at: Int32(index))
    }

    /// Binds SQL NULL to parameter `index` (from 1).
    public func bindNull(at index: Int) throws(SQLiteError) {
        try bindValue(.null, at: Int32(index))
    }

    /// Binds `value` to the parameter named `name`, spelled as in the SQL (`:title`, `@title` or `$title`).
    public func bind(_ value: some SQLiteBindable, named name: String) throws(SQLiteError) {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw SQLiteError(extendedCode: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
        }
        try bindValue(value.sqliteValue, at: index)
    }

    /// Binds `values` to parameters 1, 2, … in order; their count must be the statement's parameter count.
    public func bind(_ values: [any SQLiteBindable]) throws(SQLiteError) {
        guard values.count == Int(sqlite3_bind_parameter_count(handle)) else {
            throw SQLiteError(
                extendedCode: SQLITE_RANGE,
                message: "\(values.count) values for \(sqlite3_bind_parameter_count(handle)) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bindValue(value.sqliteValue, at: Int32(offset + 1))
        }
    }

    private func bindValue(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            result = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            result = sqlite3_bind_double(handle, index, real)
        case .text(let text):
            // By length, not up to a NUL: text with an embedded NUL is stored whole.
            let bytes = Array(text.utf8)
            if bytes.isEmpty {
                // An empty buffer has no address, and a NULL pointer would bind SQL NULL: bind "" itself.
                result = sqlite3_bind_text64(handle, index, "", 0, vr_sqlite_transient(), UInt8(SQLITE_UTF8))
            } else {
                result = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text64(
                            handle, index, $0.baseAddress, UInt64($0.count), vr_sqlite_transient(),
                            UInt8(SQLITE_UTF8))
                    }
                }
            }
        case .blob(let data):
            if data.isEmpty {
                // A NULL pointer would bind SQL NULL: an empty blob is bound as a zero-length one.
                result = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                result = data.withUnsafeBytes {
                    sqlite3_bind_blob64(handle, index, $0.baseAddress, UInt64($0.count), vr_sqlite_transient())
                }
            }
        }
        guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
    }

    // MARK: Running

    /// Runs the statement to its next row, or to its end.
    public func step() throws(SQLiteError) -> Step {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return .row
        case SQLITE_DONE: return .done
        case let failure: throw connection.error(failure, sql: sql)
        }
    }

    /// Steps to the end, for a statement that returns no rows (an INSERT, an UPDATE).
    public func run() throws(SQLiteError) {
        while try step() == .row {}
    }

    /// Makes it ready to run again; its bindings stay (`clearBindings()` removes them).
    public func reset() {
        // sqlite3_reset repeats the last step's error, which that step has already thrown.
        sqlite3_reset(handle)
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: Reading the current row

    /// How many columns a row has.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of column `index` (from 0), as the SQL names it.
    public func columnName(at index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// Whether column `index` (from 0) of the current row is NULL.
    public func isNull(at index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL
    }

    /// Column `index` as an integer (SQLite converts: NULL is 0, text is parsed).
    public func int(at index: Int) -> Int {
        Int(sqlite3_column_int64(handle, Int32(index)))
    }

    /// Column `index` as a 64-bit integer.
    public func int64(at index: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(index))
    }

    /// Column `index` as a double (NULL is 0).
    public func double(at index: Int) -> Double {
        sqlite3_column_double(handle, Int32(index))
    }

    /// Column `index` as a boolean: any non-zero integer is true.
    public func bool(at index: Int) -> Bool {
        sqlite3_column_int64(handle, Int32(index)) != 0
    }

    /// Column `index` as UTF-8 text, every byte of it (NULL is the empty string).
    public func string(at index: Int) -> String {
        // Text first, then its length: asking for the length first could convert the value under the pointer.
        guard let text = sqlite3_column_text(handle, Int32(index)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes (NULL and an empty blob are empty).
    public func data(at index: Int) -> Data {
        guard let bytes = sqlite3_column_blob(handle, Int32(index)) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, Int32(index))))
    }

    /// Calls `body` with column `index`'s bytes where SQLite holds them (valid only during the call): reading a
    /// blob without copying it.
    public func withUnsafeBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let bytes = sqlite3_column_blob(handle, Int32(index))
        return try body(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, Int32(index)))))
    }

    /// Column `index` as the value SQLite holds, in its own storage class.
    public func value(at index: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: return .integer(int64(at: index))
        case SQLITE_FLOAT: return .real(double(at: index))
        case SQLITE_TEXT: return .text(string(at: index))
        case SQLITE_BLOB: return .blob(data(at: index))
        default: return .null
        }
    }
}
