import Foundation
import Testing
import VoiceRecorderSQLite

@Suite struct ConnectionTests {
    @Test func createsTheFileAndKeepsWhatWasCommitted() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("kept.sqlite")
        #expect(!FileManager.default.fileExists(atPath: path))
        let connection = try Connection(path: path, mode: .readWriteCreate)
        try connection.execute("CREATE TABLE t (value TEXT); CREATE INDEX t_value ON t (value)")
        try connection.transaction { try connection.execute("INSERT INTO t VALUES (?1)", binding: ["one"]) }
        try connection.close()
        #expect(connection.isClosed)

        let reopened = try Connection(path: path, mode: .readOnly)
        #expect(try reopened.query("SELECT value FROM t") { $0.string(at: 0) } == ["one"])
    }

    @Test func readOnlyAndReadWriteNeedAnExistingFile() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("absent.sqlite")
        for mode in [Connection.Mode.readOnly, .readWrite] {
            let error = #expect(throws: SQLiteError.self) { _ = try Connection(path: path, mode: mode) }
            #expect(error?.isUnopenable == true)
            #expect(error?.path == path)
            #expect(error?.message == "unable to open database file")
            #expect(
                error?.description.hasPrefix(path + ": unable to open database file (SQLITE_CANTOPEN") == true,
                "the description names the file")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func aReadOnlyConnectionCannotWrite() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("ro.sqlite")
        try Connection(path: path).execute("CREATE TABLE t (value)")
        let readOnly = try Connection(path: path, mode: .readOnly)
        let error = #expect(throws: SQLiteError.self) {
            try readOnly.execute("INSERT INTO t VALUES (?1)", binding: [1])
        }
        #expect(error?.isNotWritable == true)
    }

    @Test func aFailedBodyRollsBackAndItsErrorComesOut() throws {
        struct Stop: Error {}
        let directory = try ScratchDirectory()
        let connection = try Connection(path: directory.file("tx.sqlite"))
        try connection.execute("CREATE TABLE t (value)")
        #expect(throws: Stop.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (?1)", binding: [1])
                throw Stop()
            }
        }
        #expect(connection.isAutocommit, "the transaction was ended")
        #expect(try connection.integer("SELECT count(*) FROM t") == 0)
    }

    @Test func aConstraintViolationCarriesTheCodesTheMessageAndTheSQL() throws {
        let directory = try ScratchDirectory()
        let connection = try Connection(path: directory.file("pk.sqlite"))
        try connection.execute("CREATE TABLE t (id TEXT PRIMARY KEY)")
        try connection.execute("INSERT INTO t VALUES (?1)", binding: ["a"])
        let error = #expect(throws: SQLiteError.self) {
            try connection.transaction { try connection.execute("INSERT INTO t VALUES (?1)", binding: ["a"]) }
        }
        #expect(error?.isConstraintViolation == true)
        #expect(error?.extendedCode == 1_555)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(error?.message == "UNIQUE constraint failed: t.id")
        #expect(error?.sql == "INSERT INTO t VALUES (?1)")
        #expect(
            error?.description == "UNIQUE constraint failed: t.id (SQLITE_CONSTRAINT, code 19, extended 1555) "
                + "running: INSERT INTO t VALUES (?1)")
        #expect(try connection.integer("SELECT count(*) FROM t") == 1)
    }

    @Test func aFileThatIsNotADatabaseSaysSoInWords() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("text.sqlite")
        try Data(String(repeating: "just some text\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let connection = try Connection(path: path, mode: .readOnly)
        let error = #expect(throws: SQLiteError.self) { _ = try connection.integer("PRAGMA user_version") }
        #expect(error?.isNotADatabase == true)
        #expect(error?.description.hasPrefix("file is not a database (SQLITE_NOTADB, code 26") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test func closeRefusesWhileAStatementLivesThenSucceedsOnce() throws {
        let directory = try ScratchDirectory()
        let connection = try Connection(path: directory.file("close.sqlite"))
        var statement: Statement? = try connection.prepare("SELECT 1")
        let busy = #expect(throws: SQLiteError.self) { try connection.close() }
        #expect(busy?.isBusy == true)
        #expect(!connection.isClosed)
        #expect(try statement?.step() == .row)
        statement = nil
        try connection.close()
        try connection.close()  // idempotent
        let closed = #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
        #expect(closed?.message.contains("is closed") == true)
    }

    @Test func walModeAndSynchronousAreSet() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("wal.sqlite")
        let connection = try Connection(path: path)
        #expect(try connection.setJournalMode(.wal) == "wal")
        try connection.setSynchronous(.full)
        #expect(try connection.integer("PRAGMA synchronous") == 2)
        try connection.execute("CREATE TABLE t (value)")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let other = try Connection(path: path, mode: .readOnly)
        #expect(try other.query("PRAGMA journal_mode") { $0.string(at: 0) } == ["wal"], "the mode is in the file")
    }

    @Test func aWriterWaitsOutTheBusyTimeoutThenReportsBusy() throws {
        let directory = try ScratchDirectory()
        let path = directory.file("busy.sqlite")
        let holder = try Connection(path: path)
        try holder.setJournalMode(.wal)
        try holder.execute("CREATE TABLE t (value)")
        try holder.execute("BEGIN IMMEDIATE")
        let waiter = try Connection(path: path, busyTimeout: .milliseconds(200))
        let started = ContinuousClock.now
        let error = #expect(throws: SQLiteError.self) {
            try waiter.transaction { try waiter.execute("INSERT INTO t VALUES (?1)", binding: [1]) }
        }
        #expect(error?.isBusy == true)
        #expect(ContinuousClock.now - started >= .milliseconds(150), "it waited for the lock first")
        // A reader is never blocked by the writer in WAL mode.
        #expect(try waiter.integer("SELECT count(*) FROM t") == 0)
        try holder.execute("COMMIT")
        try waiter.transaction { try waiter.execute("INSERT INTO t VALUES (?1)", binding: [1]) }
        #expect(try holder.integer("SELECT count(*) FROM t") == 1)
    }
}
