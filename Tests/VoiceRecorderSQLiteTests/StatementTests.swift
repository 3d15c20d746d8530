import Foundation
import Testing
import VoiceRecorderSQLite

@Suite struct StatementTests {
    /// The scratch directory lives as long as the test holds on to this (SQLite notices a file removed under it).
    private let directory: ScratchDirectory

    init() throws {
        directory = try ScratchDirectory()
    }

    /// A new database file with a table `t (id, value)`.
    private func table() throws -> (path: String, connection: Connection) {
        let path = directory.file("values-\(UUID().uuidString).sqlite")
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, value)")
        return (path, connection)
    }

    /// Stores `value` through a bound parameter, reopens the file, and reads it back as SQLite holds it.
    private func roundTrip(_ value: any SQLiteBindable) throws -> SQLiteValue {
        let (path, connection) = try table()
        try connection.execute("INSERT INTO t (value) VALUES (?1)", binding: [value])
        try connection.close()
        let reopened = try Connection(path: path, mode: .readOnly)
        return try reopened.query("SELECT value FROM t") { $0.value(at: 0) }.first ?? .null
    }

    @Test func integersKeepTheirWholeRange() throws {
        #expect(try roundTrip(Int.max) == .integer(Int64.max))
        #expect(try roundTrip(Int.min) == .integer(Int64.min))
        #expect(try roundTrip(Int64(-7)) == .integer(-7))
    }

    @Test func doublesComeBackBitForBit() throws {
        for value in [Double.pi, -0.0, 1e-300, .infinity, 0.1 + 0.2] {
            guard case .real(let back) = try roundTrip(value) else {
                Issue.record("\(value) did not come back as a real")
                continue
            }
            #expect(back.bitPattern == value.bitPattern)
        }
    }

    @Test(arguments: [
        "", "it's \"quoted\"", "'); DROP TABLE t; --", "emoji 🎙️👩🏽‍💻", "שלום עולם",
        "مرحبا",
        "nul\u{0}inside", String(repeating: "long ", count: 2_048),
    ])
    func textComesBackExactly(_ text: String) throws {
        #expect(try roundTrip(text) == .text(text))
    }

    @Test func emptyTextAndEmptyBlobsAreNotNull() throws {
        #expect(try roundTrip("") == .text(""))
        #expect(try roundTrip(Data()) == .blob(Data()))
        #expect(try roundTrip(Data([0, 1, 2, 255])) == .blob(Data([0, 1, 2, 255])))
    }

    @Test func boolsAndNilsAndOptionals() throws {
        #expect(try roundTrip(true) == .integer(1))
        #expect(try roundTrip(false) == .integer(0))
        #expect(try roundTrip(String?.none) == .null)
        #expect(try roundTrip(Double?.some(2.5)) == .real(2.5))
        #expect(try roundTrip(SQLiteValue.null) == .null)
    }

    @Test func typedColumnsReadWhatWasBound() throws {
        let (_, connection) = try table()
        try connection.execute(
            "CREATE TABLE typed (i INTEGER, r REAL, s TEXT, b BLOB, f INTEGER, n)")
        let insert = try connection.prepare("INSERT INTO typed VALUES (:i, :r, :s, :b, :f, :n)")
        try insert.bind(42, named: ":i")
        try insert.bind(2.25, named: ":r")
        try insert.bind("héllo", named: ":s")
        try insert.bind(Data([9, 8]), named: ":b")
        try insert.bind(true, named: ":f")
        try insert.bindNull(at: 6)
        try insert.run()

        let select = try connection.prepare("SELECT i, r, s, b, f, n FROM typed")
        #expect(try select.step() == .row)
        #expect(select.columnCount == 6)
        #expect(select.columnName(at: 2) == "s")
        #expect(select.int(at: 0) == 42)
        #expect(select.double(at: 1) == 2.25)
        #expect(select.string(at: 2) == "héllo")
        #expect(select.data(at: 3) == Data([9, 8]))
        #expect(select.bool(at: 4))
        #expect(select.isNull(at: 5))
        #expect(!select.isNull(at: 0))
        #expect(try select.step() == .done)
    }

    @Test func aHostileValueIsDataNeverSQL() throws {
        let (_, connection) = try table()
        let attack = "x'); DROP TABLE t; INSERT INTO t (value) VALUES ('owned"
        try connection.execute("INSERT INTO t (value) VALUES (?1)", binding: [attack])
        #expect(try connection.query("SELECT value FROM t") { $0.string(at: 0) } == [attack])
        #expect(try connection.integer("SELECT count(*) FROM t") == 1)
    }

    @Test func aStatementRunsAgainAfterReset() throws {
        let (_, connection) = try table()
        let insert = try connection.prepare("INSERT INTO t (value) VALUES (?1)")
        for value in ["a", "b", "c"] {
            insert.reset()
            try insert.bind(value, at: 1)
            try insert.run()
        }
        insert.reset()
        insert.clearBindings()
        try insert.run()
        #expect(
            try connection.query("SELECT value FROM t ORDER BY id") { $0.value(at: 0) }
                == [.text("a"), .text("b"), .text("c"), .null])
    }

    @Test func bindingMistakesAreErrorsThatSaySo() throws {
        let (_, connection) = try table()
        let insert = try connection.prepare("INSERT INTO t (value) VALUES (:value)")
        let unknown = #expect(throws: SQLiteError.self) { try insert.bind(1, named: ":nope") }
        #expect(unknown?.code == 25)  // SQLITE_RANGE
        #expect(unknown?.message == "no parameter named :nope")
        let count = #expect(throws: SQLiteError.self) { try insert.bind([1, 2]) }
        #expect(count?.message == "2 values for 1 parameters")
        let outOfRange = #expect(throws: SQLiteError.self) { try insert.bind(1, at: 5) }
        #expect(outOfRange?.codeName == "SQLITE_RANGE")
    }

    @Test func moreThanOneStatementIsRefusedAtPrepare() throws {
        let (_, connection) = try table()
        let error = #expect(throws: SQLiteError.self) {
            _ = try connection.prepare("SELECT 1; DELETE FROM t")
        }
        #expect(error?.message == "more than one statement in one prepare")
        _ = try connection.prepare("SELECT 1;  \n")  // a trailing semicolon is fine
    }
}
