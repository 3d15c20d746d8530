import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderSQLite
import VoiceRecorderTestSupport

/// SPEC B.8 through `voicerec memos`: a database that is not SQLite, is cut short, is damaged, or was written by a
/// newer version makes every command fail with exit status 1 and one line naming the file, and the file is left
/// byte for byte as it was.
@Suite("voicerec memos: bad databases")
struct MemosBadDatabaseTests {
    /// The commands tried on each bad database: reading, recording, checking (with and without repairs), changing.
    static let commands: [[String]] = [
        ["list"], ["list", "--deleted"], ["record", "--simulated", "--duration", "1"], ["check"],
        ["check", "--repair"],
        ["rename", "D1A4C2E0-0C59-4C1B-8C53-6A7A3E0F4B11", "x"], ["purge"],
    ]

    /// The seed of the damage done to a library, and of its memos' ids: the same bytes on every run, named when
    /// a check fails.
    static let seed: UInt64 = 0x0B4D_DA7A

    /// A real library of 300 memos (rows only) in `memos`, closed; the memos' ids come from `Self.seed`.
    private func realLibrary(_ memos: MemosFixture) throws {
        var ids = SeededGenerator(seed: Self.seed)
        try memos.withLibrary { library in
            try library.insertRows(
                (0 ..< 300).map { index in
                    Memo(
                        id: ids.uuid(), title: "memo \(index) " + String(repeating: "words ", count: 40),
                        date: Date(timeIntervalSinceReferenceDate: Double(index)), duration: 1,
                        samples: (0 ..< 160).map { Double(($0 + index) % 160) / 160 })
                })
        }
    }

    /// Runs every command on the library; each must refuse with one line that names the database and starts
    /// with `words`, leaving the file as it was. Returns the line. `damage` says how the library was damaged, for
    /// the failures' messages.
    @discardableResult
    private func everyCommandRefuses(
        _ memos: MemosFixture, saying words: String, damage: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let before = try FileFingerprint(memos.database)
        var lines: Set<String> = []
        for command in Self.commands {
            let result = try memos.run(command)
            let name = command.joined(separator: " ")
            #expect(result.status == 1, "memos \(name): \(result.stderr)\(damage)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, "memos \(name)\(damage)", sourceLocation: sourceLocation)
            let errorLines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                errorLines.count == 2 && errorLines[1].isEmpty, "one line: \(result.stderr)\(damage)",
                sourceLocation: sourceLocation)
            let prefix = "voicerec memos \(command[0]): \(memos.database.path): "
            #expect(
                result.stderr.hasPrefix(prefix + words), "memos \(name): \(result.stderr)\(damage)",
                sourceLocation: sourceLocation)
            #expect(!result.stderr.contains("SQLITE_"), "words, not codes\(damage)", sourceLocation: sourceLocation)
            lines.insert(String(result.stderr.dropFirst("voicerec memos \(command[0]): ".count)))
            #expect(
                try FileFingerprint(memos.database) == before, "memos \(name) left the file byte for byte\(damage)",
                sourceLocation: sourceLocation)
        }
        #expect(lines.count == 1, "every command says the same: \(lines)\(damage)", sourceLocation: sourceLocation)
        #expect(names(in: memos.takesDirectory).isEmpty, "no take was started\(damage)", sourceLocation: sourceLocation)
        return lines.first ?? ""
    }

    private func writeDatabase(_ memos: MemosFixture, _ bytes: Data) throws {
        try FileManager.default.createDirectory(at: memos.dataDirectory, withIntermediateDirectories: true)
        try bytes.write(to: memos.database)
    }

    @Test func aFileThatIsNotSQLite() throws {
        let memos = try MemosFixture()
        try writeDatabase(memos, Data(String(repeating: "These are my notes, not a database.\n", count: 200).utf8))
        try everyCommandRefuses(memos, saying: "not a memos library (the file is not a SQLite database)")
    }

    @Test func anotherProgramsDatabase() throws {
        let memos = try MemosFixture()
        try FileManager.default.createDirectory(at: memos.dataDirectory, withIntermediateDirectories: true)
        let connection = try Connection(path: memos.database.path)
        try connection.execute("CREATE TABLE accounts (name TEXT, balance REAL)")
        try connection.close()
        try everyCommandRefuses(memos, saying: "not a memos library (it is another program's SQLite database)")
    }

    @Test func aTruncatedLibrary() throws {
        let memos = try MemosFixture()
        try realLibrary(memos)
        let whole = try Data(contentsOf: memos.database)
        try whole.prefix(whole.count / 2).write(to: memos.database)
        try everyCommandRefuses(
            memos,
            saying: "the memos library is damaged (the file is cut short: \(whole.count / 2) of \(whole.count) bytes)")
    }

    @Test func aCorruptLibrary() throws {
        let memos = try MemosFixture()
        try realLibrary(memos)
        var bytes = try Data(contentsOf: memos.database)
        // Scribble over two pages in the middle of the table, as a failing disk would: the same bytes every run.
        var generator = SeededGenerator(seed: Self.seed)
        let start = bytes.count / 2 / 4_096 * 4_096
        bytes.replaceSubrange(start ..< start + 8_192, with: generator.bytes(8_192))
        try bytes.write(to: memos.database)
        let damage = " (pages \(start / 4_096 + 1)–\(start / 4_096 + 2) scribbled over, seed \(Self.seed))"
        let line = try everyCommandRefuses(memos, saying: "the memos library is damaged (", damage: damage)
        #expect(line.hasSuffix("; it was left as it is: move it aside to start a new library\n"), "\(line)\(damage)")
    }

    @Test func aLibraryFromANewerVersion() throws {
        let memos = try MemosFixture()
        try realLibrary(memos)
        let connection = try Connection(path: memos.database.path)
        try connection.execute("PRAGMA user_version = 9")
        try connection.close()
        try everyCommandRefuses(
            memos, saying: "written by a newer version of Voice Recorder (schema 9; this version reads up to")
    }
}
