import VoiceMemos
import VoiceRecorderSQLite

/// The library's database schema and how it grows: an ordered list of migrations, the version reached kept in
/// `PRAGMA user_version`, and the file marked as a memos library in `PRAGMA application_id`.
///
/// A migration is never edited once released: a change is a new migration at the end of the list. Each runs in the
/// one transaction that upgrades the file, so a kill mid-upgrade leaves the file at its old version, intact.
enum MemoSchema {
    /// One step from `version - 1` to `version`.
    struct Migration: Sendable {
        let version: Int
        /// What it changes, for readers of this file.
        let summary: String
        let apply: @Sendable (Connection) throws -> Void
    }

    /// Marks the file as a Voice Recorder memos library ("VRMM" in ASCII), so another program's SQLite file is told
    /// apart from an empty one and is never written to.
    static let applicationID = 0x5652_4D4D

    /// Every migration, in order.
    static let migrations: [Migration] = [
        Migration(version: 1, summary: "the memos table") { connection in
            // Dates are seconds since 2001-01-01 UTC (Foundation's reference date), so a Date comes back exactly;
            // samples are the waveform as 16-bit fractions (StoredWaveform).
            try connection.execute(
                """
                CREATE TABLE memos (
                    id TEXT NOT NULL PRIMARY KEY,
                    title TEXT NOT NULL DEFAULT '',
                    date REAL NOT NULL,
                    duration REAL NOT NULL,
                    samples BLOB NOT NULL,
                    recovered INTEGER NOT NULL DEFAULT 0,
                    deleted_at REAL
                )
                """)
        },
        Migration(version: 2, summary: "search by title ignoring case and accents; the list's order as an index") {
            connection in
            try connection.execute(
                """
                ALTER TABLE memos ADD COLUMN search_title TEXT NOT NULL DEFAULT '';
                CREATE INDEX memos_newest_first ON memos (date DESC, id DESC);
                """)
            // The folded titles are computed here, in Swift, with the model's own folding, which searches use.
            let titles = try connection.query("SELECT id, title FROM memos") { ($0.string(at: 0), $0.string(at: 1)) }
            let update = try connection.prepare("UPDATE memos SET search_title = ?1 WHERE id = ?2")
            for (id, title) in titles {
                update.reset()
                try update.bind(MemoSearch.searchKey(title), at: 1)
                try update.bind(id, at: 2)
                try update.run()
            }
        },
        Migration(version: 3, summary: "memo numbers for the untitled placeholder (\"New Recording N\"), never reused")
        {
            connection in
            // The counter lives apart from the rows, so deleting the highest-numbered memo forever never hands its
            // number out again.
            try connection.execute(
                """
                ALTER TABLE memos ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE counters (name TEXT NOT NULL PRIMARY KEY, value INTEGER NOT NULL);
                """)
            // The memos already there are numbered in the order they were made.
            let ids = try connection.query("SELECT id FROM memos ORDER BY date ASC, id ASC") { $0.string(at: 0) }
            let update = try connection.prepare("UPDATE memos SET number = ?1 WHERE id = ?2")
            for (index, id) in ids.enumerated() {
                update.reset()
                try update.bind(index + 1, at: 1)
                try update.bind(id, at: 2)
                try update.run()
            }
            try connection.execute(
                "INSERT INTO counters (name, value) VALUES (?1, ?2)", binding: [MemoTable.numberCounter, ids.count])
        },
        transcriptsMigration,
        Migration(version: 5, summary: "the listed memos' titles in the list's order, for searching them quickly") {
            connection in
            // A search scans every listed memo's folded title (`instr` matches inside words, which no word index
            // can): this index holds just what that scan reads and returns, so it walks a tenth of the pages the
            // table's rows (with their waveforms) take, already in the list's order (at 10,000 memos, 5.5 → 1.3 ms).
            try connection.execute(
                """
                CREATE INDEX memos_listed_titles ON memos (date DESC, id DESC, search_title, title)
                WHERE deleted_at IS NULL
                """)
        },
        editsMigration,
        Migration(version: 7, summary: "each memo's Enhance switch") { connection in
            // SPEC I.3: non-destructive, so a flag beside the memo is all there is; its audio is never changed.
            try connection.execute("ALTER TABLE memos ADD COLUMN enhanced INTEGER NOT NULL DEFAULT 0")
        },
    ]

    /// The version this code writes and the highest it reads.
    static var currentVersion: Int { migrations.last?.version ?? 0 }

    /// Brings the database at `connection` from whatever version it has up to `currentVersion`, in one write
    /// transaction (a second process opening the library at the same time waits, then finds nothing to do).
    static func migrate(_ connection: Connection) throws {
        try connection.transaction {
            // Read again inside the write lock: another process may have just upgraded the file.
            let version = try connection.integer("PRAGMA user_version") ?? 0
            guard version < currentVersion else { return }
            if version == 0 {
                try connection.execute("PRAGMA application_id = \(applicationID)")
            }
            for migration in migrations where migration.version > version {
                try migration.apply(connection)
            }
            // Pragmas take no parameters; the value is this code's own constant, never outside text.
            try connection.execute("PRAGMA user_version = \(currentVersion)")
        }
    }
}
