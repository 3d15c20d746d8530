import Foundation
import VoiceMemos
import VoiceRecorderSQLite

/// The memos table, row by row: the only place its SQL is written. Every value goes in as a bound parameter.
///
/// `isMissing` is not a column: it is derived from the files when the rows are read, by the `missing` closure the
/// readers take. `search_title` is the title's search key (the model's `MemoSearch.searchKey`), written with every
/// title and read back into `Memo.searchKey`, so neither the SQL search nor the app's list folds titles as it reads.
struct MemoTable {
    let connection: Connection

    /// What a memo is read from: its row, and its transcript's row when it has one (for the summary).
    static let source = "memos AS m LEFT JOIN transcripts AS t ON t.memo_id = m.id"
    /// The columns a memo is read from, in the order `memo(_:_:)` reads them.
    static let columns =
        """
        m.id, m.title, m.date, m.duration, m.samples, m.recovered, m.deleted_at, m.search_title, m.number,
        t.state, substr(t.text, 1, \(TranscriptSummary.firstWordsLength)), t.failed_attempts, t.reason,
        EXISTS (SELECT 1 FROM originals AS o WHERE o.memo_id = m.id), m.enhanced
        """
    /// How many columns `columns` names.
    static let columnCount = 15
    /// The counter that numbers memos (`Memo.number`), in the `counters` table.
    static let numberCounter = "memo_number"
    /// Newest first; equal dates in a stable order (by id), so the list never reshuffles between launches.
    private static let newestFirst = "ORDER BY m.date DESC, m.id DESC"

    /// Writes a new row for `memo` with the next memo number, and returns that number. With `ifAbsent`, a row
    /// already there for its id is kept as it is (`INSERT OR IGNORE`) and nil is returned: adopting a file twice can
    /// never make two memos, nor use up a number. Call it inside a write transaction (the number and the row are
    /// written together).
    @discardableResult
    func insert(_ memo: Memo, ifAbsent: Bool = false) throws -> Int? {
        let verb = ifAbsent ? "INSERT OR IGNORE" : "INSERT"
        let number =
            (try connection.integer(
                "SELECT value FROM counters WHERE name = ?1", binding: [Self.numberCounter]) ?? 0) + 1
        let changed = try connection.execute(
            """
            \(verb) INTO memos (id, title, search_title, date, duration, samples, recovered, deleted_at, number)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """,
            binding: [
                memo.id.uuidString, memo.title, memo.searchKey, memo.date.timeIntervalSinceReferenceDate,
                memo.duration, StoredWaveform.encode(memo.samples), memo.isRecovered,
                memo.deletedAt?.timeIntervalSinceReferenceDate, number,
            ])
        guard changed == 1 else { return nil }
        try connection.execute(
            "INSERT OR REPLACE INTO counters (name, value) VALUES (?1, ?2)", binding: [Self.numberCounter, number])
        return number
    }

    /// Every memo, Recently Deleted ones included, newest first.
    func all(missing: (UUID) -> Bool) throws -> [Memo] {
        try connection.query("SELECT \(Self.columns) FROM \(Self.source) \(Self.newestFirst)") {
            Self.memo($0, missing)
        }
    }

    /// The newest `limit` memos still in the list (not deleted): the first screen.
    func newest(_ limit: Int, missing: (UUID) -> Bool) throws -> [Memo] {
        try connection.query(
            "SELECT \(Self.columns) FROM \(Self.source) WHERE m.deleted_at IS NULL \(Self.newestFirst) LIMIT ?1",
            binding: [limit]
        ) { Self.memo($0, missing) }
    }

    /// The memos still in the list whose title holds `text`, ignoring case and accents, newest first.
    func matching(_ text: String, missing: (UUID) -> Bool) throws -> [Memo] {
        // instr() on folded text: no pattern syntax, so no character in the search needs escaping.
        try connection.query(
            """
            SELECT \(Self.columns) FROM \(Self.source)
            WHERE m.deleted_at IS NULL AND instr(m.search_title, ?1) > 0 \(Self.newestFirst)
            """,
            binding: [MemoSearch.queryKey(text)]
        ) { Self.memo($0, missing) }
    }

    /// The memo with `id`, if there is a row for it.
    func memo(_ id: UUID, missing: (UUID) -> Bool = { _ in false }) throws -> Memo? {
        try connection.query(
            "SELECT \(Self.columns) FROM \(Self.source) WHERE m.id = ?1", binding: [id.uuidString]
        ) {
            Self.memo($0, missing)
        }.first
    }

    /// The id and title of each memo still in the list whose folded title holds `key` (`MemoSearch.queryKey`),
    /// newest first: a search's title matches. Read from `memos_listed_titles` (schema 5), which holds just
    /// those columns, so the scan walks a tenth of the table's pages.
    func listedTitles(holding key: String) throws -> [(id: UUID, title: String)] {
        try connection.query(
            """
            SELECT id, title FROM memos INDEXED BY memos_listed_titles
            WHERE deleted_at IS NULL AND instr(search_title, ?1) > 0
            ORDER BY date DESC, id DESC
            """,
            binding: [key]
        ) { row in (Self.id(row), row.string(at: 1)) }
    }

    /// The id of every row.
    func ids() throws -> Set<UUID> {
        Set(try connection.query("SELECT id FROM memos", row: { Self.id($0) }))
    }

    /// How many rows there are.
    func count() throws -> Int {
        try connection.integer("SELECT count(*) FROM memos") ?? 0
    }

    /// Switches Enhance (SPEC I.3) on or off for `id`; false when there is no such row.
    func setEnhanced(_ enhanced: Bool, of id: UUID) throws -> Bool {
        try connection.execute(
            "UPDATE memos SET enhanced = ?1 WHERE id = ?2", binding: [enhanced ? 1 : 0, id.uuidString]) == 1
    }

    /// Sets the title of `id`; false when there is no such row.
    func setTitle(_ title: String, of id: UUID) throws -> Bool {
        try connection.execute(
            "UPDATE memos SET title = ?1, search_title = ?2 WHERE id = ?3",
            binding: [title, MemoSearch.searchKey(title), id.uuidString]) == 1
    }

    /// Sets (or clears, with nil) when `id` went to Recently Deleted; false when there is no such row.
    func setDeleted(_ date: Date?, of id: UUID) throws -> Bool {
        try connection.execute(
            "UPDATE memos SET deleted_at = ?1 WHERE id = ?2",
            binding: [date?.timeIntervalSinceReferenceDate, id.uuidString]) == 1
    }

    /// Removes the row of `id`; false when there was none.
    func remove(_ id: UUID) throws -> Bool {
        try connection.execute("DELETE FROM memos WHERE id = ?1", binding: [id.uuidString]) == 1
    }

    // MARK: Values

    /// The id in column 0. Every id the library writes is canonical; one another tool spelled otherwise still reads.
    static func id(_ row: Statement, at column: Int = 0) -> UUID {
        row.withUnsafeBytes(at: column, CanonicalUUID.parse) ?? UUID(uuidString: row.string(at: column)) ?? UUID()
    }

    /// A memo from a row selected with `columns`, in that order.
    static func memo(_ row: Statement, _ missing: (UUID) -> Bool) -> Memo {
        let id = Self.id(row)
        return Memo(
            id: id,
            title: row.string(at: 1),
            date: Date(timeIntervalSinceReferenceDate: row.double(at: 2)),
            duration: row.double(at: 3),
            waveform: row.withUnsafeBytes(at: 4, StoredWaveform.decodeWaveform),
            isRecovered: row.bool(at: 5),
            deletedAt: row.isNull(at: 6) ? nil : Date(timeIntervalSinceReferenceDate: row.double(at: 6)),
            isMissing: missing(id),
            number: row.int(at: 8),
            searchKey: row.string(at: 7),
            transcript: TranscriptTable.summary(row, from: 9),
            isEdited: row.bool(at: 13),
            isEnhanced: row.bool(at: 14))
    }
}
