import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderSQLite

/// A library written by the first schema, opened by today's code: every row is kept, and what later schemas add
/// (search by folded title, the list's index) works on the old rows.
@Suite struct MigrationTests {
    /// The first schema, exactly as version 1 of the library wrote it. Never edit: it is what old files hold.
    static let firstSchema = """
        PRAGMA application_id = 1448234317;
        CREATE TABLE memos (
            id TEXT NOT NULL PRIMARY KEY,
            title TEXT NOT NULL DEFAULT '',
            date REAL NOT NULL,
            duration REAL NOT NULL,
            samples BLOB NOT NULL,
            recovered INTEGER NOT NULL DEFAULT 0,
            deleted_at REAL
        );
        PRAGMA user_version = 1;
        """

    struct OldRow {
        let id: UUID
        let title: String
        let date: Double
        let duration: Double
        let samples: [Double]
        let recovered: Bool
        let deletedAt: Double?
    }

    static let rows = [
        OldRow(
            id: UUID(), title: "Café ideas", date: 800_000_000.25, duration: 3.5, samples: [0, 0.5, 1],
            recovered: false, deletedAt: nil),
        OldRow(
            id: UUID(), title: "", date: 800_000_100, duration: 0.75, samples: [], recovered: true,
            deletedAt: nil),
        OldRow(
            id: UUID(), title: "Robert'); DROP TABLE memos; --", date: 800_000_200.125, duration: 12,
            samples: (0 ..< 160).map { Double($0) / 159 }, recovered: false, deletedAt: 800_500_000.5),
    ]

    /// Writes a version-1 library in `root` with `rows` and their audio files (hard links to one real take).
    private func writeFirstVersionLibrary(at root: URL, audio: URL) throws {
        let memos = root.appendingPathComponent("memos")
        try FileManager.default.createDirectory(at: memos, withIntermediateDirectories: true)
        let connection = try Connection(path: root.appendingPathComponent("memos.sqlite").path)
        try connection.setJournalMode(.wal)
        try connection.execute(Self.firstSchema)
        do {  // the statement is finalized before the connection closes
            let insert = try connection.prepare(
                """
                INSERT INTO memos (id, title, date, duration, samples, recovered, deleted_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for row in Self.rows {
                insert.reset()
                // Version 1's waveform: 16-bit little-endian fractions of full scale.
                let samples = row.samples.reduce(into: Data()) { data, value in
                    withUnsafeBytes(of: UInt16((value * 65_535).rounded()).littleEndian) { data.append(contentsOf: $0) }
                }
                try insert.bind([
                    row.id.uuidString, row.title, row.date, row.duration, samples, row.recovered,
                    row.deletedAt,
                ])
                try insert.run()
                let file = memos.appendingPathComponent("\(row.id.uuidString).m4a")
                try FileManager.default.linkItem(at: audio, to: file)
            }
        }
        try connection.close()
    }

    @Test func aFirstVersionLibraryOpensWithEveryRowIntact() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("old-library")
        let audio = try Takes.recording(seconds: 0.5, in: try scratch.directory("audio"))
        try writeFirstVersionLibrary(at: root, audio: audio.url)

        let library = SQLiteMemoLibrary(root: root, temporaryDirectory: try scratch.directory("tmp"))
        let memos = try library.open()
        // Version 3 numbered the old memos in the order they were made ("New Recording N").
        let numbers = Dictionary(
            uniqueKeysWithValues: Self.rows.sorted { $0.date < $1.date }.enumerated().map { ($1.id, $0 + 1) })
        let expected = Self.rows.sorted { $0.date > $1.date }.map { row in
            Memo(
                id: row.id, title: row.title, date: Date(timeIntervalSinceReferenceDate: row.date),
                duration: row.duration, samples: row.samples.map { ($0 * 65_535).rounded() / 65_535 },
                isRecovered: row.recovered,
                deletedAt: row.deletedAt.map { Date(timeIntervalSinceReferenceDate: $0) }, number: numbers[row.id]!)
        }
        #expect(memos == expected)
        #expect(try library.check(repair: false) == LibraryCheck(), "no file looked orphaned, none missing")

        // What version 2 added works on the old rows.
        #expect(try library.memos(matching: "CAFE").map(\.id) == [Self.rows[0].id])
        try library.close()
        let connection = try Connection(path: root.appendingPathComponent("memos.sqlite").path, mode: .readOnly)
        #expect(try connection.integer("PRAGMA user_version") == 7)
        #expect(try connection.integer("SELECT value FROM counters WHERE name = 'memo_number'") == Self.rows.count)
        let indexes = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'index'") { $0.string(at: 0) }
        #expect(indexes.contains("memos_newest_first"))
        let folded = try connection.query(
            "SELECT search_title FROM memos WHERE id = ?1", binding: [Self.rows[0].id.uuidString]
        ) { $0.string(at: 0) }
        #expect(folded == ["cafe ideas"])
        #expect(try connection.query("PRAGMA integrity_check") { $0.string(at: 0) } == ["ok"])
    }

    @Test func openingTwiceMigratesOnce() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("old-library")
        let audio = try Takes.recording(seconds: 0.2, in: try scratch.directory("audio"))
        try writeFirstVersionLibrary(at: root, audio: audio.url)
        let first = SQLiteMemoLibrary(root: root, temporaryDirectory: try scratch.directory("tmp"))
        let second = SQLiteMemoLibrary(root: root, temporaryDirectory: try scratch.directory("tmp"))
        let memos = try first.open()
        #expect(try second.open() == memos, "the second finds the file already upgraded")
        #expect(memos.count == Self.rows.count)
    }
}
