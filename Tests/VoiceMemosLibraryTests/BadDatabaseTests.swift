import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderSQLite
import VoiceRecorderTestSupport

/// SPEC B.8: a database file that is not a memos library, is damaged, or is too new gets a one-line error naming
/// it, and is left byte for byte as it was.
@Suite struct BadDatabaseTests {
    /// The seed of the damage done to a library, and of its memos' ids: the same bytes on every run, named when a
    /// check fails.
    static let seed: UInt64 = 0x0B4D_DA7A

    /// A real library of `count` memos in `scratch`, closed; returns its database file. The memos' ids come from
    /// `Self.seed`.
    private func realLibrary(in scratch: ScratchDirectory, count: Int = 300) throws -> URL {
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        var ids = SeededGenerator(seed: Self.seed)
        try library.insertRows(
            (0 ..< count).map { index in
                Memo(
                    id: ids.uuid(), title: "memo \(index) " + String(repeating: "words ", count: 40),
                    date: Date(timeIntervalSinceReferenceDate: Double(index)), duration: 1,
                    samples: (0 ..< 160).map { Double(($0 + index) % 160) / 160 })
            })
        try library.close()
        return library.layout.database
    }

    private func makeParent(of file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    /// Opens the library in `scratch`, expecting it to refuse; checks the file is untouched and returns the words.
    /// `damage` says how the file was damaged, for the failures' messages.
    private func refusal(in scratch: ScratchDirectory, damage: String = "") throws -> String {
        let database = scratch.file("library/memos.sqlite")
        let before = try Fingerprint(database)
        let library = try makeLibrary(in: scratch)
        let error = #expect(throws: MemoLibraryError.self) { _ = try library.open() }
        #expect(try Fingerprint(database) == before, "the file is left byte for byte as it was\(damage)")
        #expect(!names(in: database.deletingLastPathComponent()).contains("memos.sqlite-journal"))
        let words = error.map(String.init(describing:)) ?? ""
        #expect(words.hasPrefix(database.path + ": "), "the error names the file\(damage)")
        #expect(!words.contains("\n"), "one line\(damage)")
        #expect(!words.contains("SQLITE_"), "words, not codes\(damage)")
        // Refusing is stable: a second try says the same and still writes nothing.
        let again = #expect(throws: MemoLibraryError.self) { _ = try makeLibrary(in: scratch).open() }
        #expect(again.map(String.init(describing:)) == words)
        #expect(try Fingerprint(database) == before)
        return words
    }

    @Test func aFileThatIsNotSQLite() throws {
        let scratch = try ScratchDirectory()
        let database = scratch.file("library/memos.sqlite")
        try makeParent(of: database)
        try Data(String(repeating: "These are my notes, not a database.\n", count: 200).utf8).write(to: database)
        #expect(try refusal(in: scratch) == "\(database.path): not a memos library (the file is not a SQLite database)")
    }

    @Test func aShortFileThatIsNotSQLite() throws {
        let scratch = try ScratchDirectory()
        let database = scratch.file("library/memos.sqlite")
        try makeParent(of: database)
        try Data("hi".utf8).write(to: database)
        #expect(try refusal(in: scratch) == "\(database.path): not a memos library (the file is not a SQLite database)")
    }

    @Test(arguments: [50, 100, 4_096, -1])
    func aTruncatedLibrary(keeping bytes: Int) throws {
        let scratch = try ScratchDirectory()
        let database = try realLibrary(in: scratch)
        let whole = try Data(contentsOf: database)
        let kept = bytes < 0 ? whole.count / 2 : bytes
        try whole.prefix(kept).write(to: database)
        let words = try refusal(in: scratch)
        let expected = kept < 100 ? 100 : whole.count
        #expect(
            words == "\(database.path): the memos library is damaged (the file is cut short: \(kept) of "
                + "\(expected) bytes); it was left as it is: move it aside to start a new library")
    }

    @Test func aCorruptLibrary() throws {
        let scratch = try ScratchDirectory()
        let database = try realLibrary(in: scratch)
        var bytes = try Data(contentsOf: database)
        // Scribble over two pages in the middle of the table, as a failing disk would: the same bytes every run.
        var generator = SeededGenerator(seed: Self.seed)
        let start = bytes.count / 2 / 4_096 * 4_096
        bytes.replaceSubrange(start ..< start + 8_192, with: generator.bytes(8_192))
        try bytes.write(to: database)
        let damage = " (pages \(start / 4_096 + 1)–\(start / 4_096 + 2) scribbled over, seed \(Self.seed))"
        let words = try refusal(in: scratch, damage: damage)
        #expect(words.hasPrefix("\(database.path): the memos library is damaged ("), "\(words)\(damage)")
        #expect(words.hasSuffix("); it was left as it is: move it aside to start a new library"), "\(words)\(damage)")
    }

    /// Only the list's tables are checked before the first screen (the whole file's check took most of it): damage
    /// in the word index still stops the start-up check before it writes anything.
    @Test func damageOutsideTheListIsFoundByTheStartUpCheck() throws {
        let scratch = try ScratchDirectory()
        let database = try realLibrary(in: scratch)
        let inspection = try Connection(path: database.path, mode: .readOnly)
        let root = try #require(
            try inspection.integer("SELECT rootpage FROM sqlite_schema WHERE name = 'memo_text_data'"))
        try inspection.close()
        var bytes = try Data(contentsOf: database)
        var generator = SeededGenerator(seed: Self.seed)
        let start = (root - 1) * 4_096
        bytes.replaceSubrange(start ..< start + 4_096, with: generator.bytes(4_096))
        try bytes.write(to: database)
        let damage = " (page \(root), the word index's root, scribbled over, seed \(Self.seed))"

        let first = try makeLibrary(in: scratch)
        #expect(try first.firstScreen(limit: 50)?.count == 50, "the first screen reads only the list\(damage)")
        try first.close()
        let words = try refusal(in: scratch, damage: damage)
        #expect(words.hasPrefix("\(database.path): the memos library is damaged ("), "\(words)\(damage)")
    }

    @Test func aLibraryFromANewerVersion() throws {
        let scratch = try ScratchDirectory()
        let database = try realLibrary(in: scratch)
        let connection = try Connection(path: database.path)
        try connection.execute("PRAGMA user_version = 9")
        try connection.close()
        #expect(
            try refusal(in: scratch)
                == "\(database.path): written by a newer version of Voice Recorder (schema 9; this version reads up to 7)"
        )
    }

    @Test func anotherProgramsDatabase() throws {
        let scratch = try ScratchDirectory()
        let database = scratch.file("library/memos.sqlite")
        try makeParent(of: database)
        let connection = try Connection(path: database.path)
        try connection.execute("CREATE TABLE accounts (name TEXT, balance REAL)")
        try connection.execute("INSERT INTO accounts VALUES (?1, ?2)", binding: ["savings", 12.5])
        try connection.close()
        #expect(
            try refusal(in: scratch)
                == "\(database.path): not a memos library (it is another program's SQLite database)")
    }

    @Test func anotherProgramsDatabaseLeftWithCommitsInItsLogIsNotCheckpointed() throws {
        let scratch = try ScratchDirectory()
        // The other program died in WAL mode with commits in its log not yet copied into the file: its two files,
        // copied while it was still open, are exactly what the kill left.
        let elsewhere = try scratch.directory("other-program")
        let other = try Connection(path: elsewhere.appendingPathComponent("data.sqlite").path)
        try other.setJournalMode(.wal)
        try other.execute("PRAGMA wal_autocheckpoint = 0")
        try other.execute("CREATE TABLE accounts (name TEXT)")
        for index in 0 ..< 50 { try other.execute("INSERT INTO accounts VALUES (?1)", binding: ["\(index)"]) }
        let database = scratch.file("library/memos.sqlite")
        let log = URL(fileURLWithPath: database.path + "-wal")
        try makeParent(of: database)
        try FileManager.default.copyItem(at: elsewhere.appendingPathComponent("data.sqlite"), to: database)
        try FileManager.default.copyItem(at: elsewhere.appendingPathComponent("data.sqlite-wal"), to: log)
        try other.close()
        let logBefore = try Fingerprint(log)

        #expect(
            try refusal(in: scratch)
                == "\(database.path): not a memos library (it is another program's SQLite database)")
        #expect(try Fingerprint(log) == logBefore, "its log is neither replayed into the file nor emptied")
    }

    @Test func anEmptyFileIsANewLibrary() throws {
        let scratch = try ScratchDirectory()
        let database = scratch.file("library/memos.sqlite")
        try makeParent(of: database)
        try Data().write(to: database)
        let library = try makeLibrary(in: scratch)
        #expect(try library.open().isEmpty)
        #expect(try integrityCheck(database) == ["ok"])
    }

    @Test func aDirectoryThatCannotBeCreatedIsAClearErrorBeforeAnything() throws {
        let scratch = try ScratchDirectory()
        let blocker = scratch.file("a-file")
        try Data("not a directory".utf8).write(to: blocker)
        let library = SQLiteMemoLibrary(
            root: blocker.appendingPathComponent("voicerecorder"), temporaryDirectory: try scratch.directory("tmp"))
        let error = #expect(throws: MemoLibraryError.self) { _ = try library.open() }
        #expect(
            error.map(String.init(describing:))
                == "\(blocker.path)/voicerecorder: the memos library's directory can't be written (Not a directory)")
    }

    @Test func aMemosDirectoryThatIsAFileIsAClearError() throws {
        let scratch = try ScratchDirectory()
        let root = try scratch.directory("library")
        try Data().write(to: root.appendingPathComponent("takes"))
        let error = #expect(throws: MemoLibraryError.self) { _ = try makeLibrary(in: scratch).open() }
        #expect(
            error.map(String.init(describing:))
                == "\(root.path)/takes: the memos library's directory can't be written (Not a directory)")
    }
}

extension BadDatabaseTests {
    @Test func aDatabasePathThatIsADirectoryIsAClearError() throws {
        let scratch = try ScratchDirectory()
        let database = try scratch.directory("library/memos.sqlite")
        let error = #expect(throws: MemoLibraryError.self) { _ = try makeLibrary(in: scratch).open() }
        #expect(
            error.map(String.init(describing:))
                == "\(database.path): the memos library could not be read or written (it is a directory, not a file)")
        #expect(FileSystemProbe.isEmptyDirectory(database))
    }
}

enum FileSystemProbe {
    static func isEmptyDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            && names(in: url).isEmpty
    }
}
