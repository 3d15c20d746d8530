import Foundation

/// One value as SQLite stores it: its five storage classes.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// A Swift value that can be bound to a statement's parameter. Values always go in as parameters, never spliced into
/// SQL text, so no title or path can change what a statement does.
public protocol SQLiteBindable {
    /// The value as SQLite will store it.
    var sqliteValue: SQLiteValue { get }
}

extension SQLiteValue: SQLiteBindable {
    public var sqliteValue: SQLiteValue { self }
}

extension Int: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Int64: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .integer(self) }
}

extension Double: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .real(self) }
}

extension String: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .text(self) }
}

extension Data: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .blob(self) }
}

extension Bool: SQLiteBindable {
    /// SQLite has no boolean: 1 or 0, as its own `TRUE` and `FALSE` are.
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    /// `nil` is SQL's NULL.
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}
