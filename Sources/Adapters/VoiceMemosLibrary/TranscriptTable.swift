import Foundation
import VoiceMemos
import VoiceRecorderSQLite

/// The transcripts table and the full-text search over it and the titles (SPEC E): the only place their SQL is
/// written. Every value goes in as a bound parameter; a search's words are quoted into the FTS5 query by
/// `ftsQuery`, so no text typed into a search is ever syntax.
struct TranscriptTable {
    let connection: Connection

    /// The markers FTS5's `snippet()` puts around matched words: control characters no transcript holds.
    private static let matchOpen: Character = "\u{2}"
    private static let matchClose: Character = "\u{3}"
    /// About how many words a snippet shows around the match.
    private static let snippetWords = 12

    /// Stores `transcript` as memo `id`'s (replacing a failure or an earlier one) and returns its summary. Call
    /// it inside a write transaction.
    func save(_ transcript: Transcript, of id: UUID) throws -> TranscriptSummary {
        let words = StoredTranscript.storedWords(transcript)
        let stored = Transcript(language: transcript.language, words: words)
        let summary = TranscriptSummary(stored)
        try connection.execute(
            """
            INSERT INTO transcripts (memo_id, state, language, text, times, reason, failed_attempts)
            VALUES (?1, ?2, ?3, ?4, ?5, '', 0)
            ON CONFLICT (memo_id) DO UPDATE SET
                state = excluded.state, language = excluded.language, text = excluded.text,
                times = excluded.times, reason = '', failed_attempts = 0
            """,
            binding: [
                id.uuidString, summary.state.name, transcript.language, StoredTranscript.text(words),
                StoredTranscript.times(words),
            ])
        return summary
    }

    /// Stores that a job on memo `id` failed for `reason`, one more failed attempt, and returns its summary. A
    /// memo that already has a transcript keeps it (a redone job that fails loses nothing).
    func saveFailure(_ reason: String, of id: UUID) throws -> TranscriptSummary {
        try connection.execute(
            """
            INSERT INTO transcripts (memo_id, state, reason, failed_attempts) VALUES (?1, 'failed', ?2, 1)
            ON CONFLICT (memo_id) DO UPDATE SET
                reason = excluded.reason, failed_attempts = failed_attempts + 1
            WHERE state = 'failed'
            """,
            binding: [id.uuidString, reason])
        return try summary(of: id) ?? .pending
    }

    /// Forgets memo `id`'s transcript or failures: it is pending again, to be transcribed anew.
    func forget(_ id: UUID) throws {
        try connection.execute("DELETE FROM transcripts WHERE memo_id = ?1", binding: [id.uuidString])
        // The trigger only follows inserts and changed text; a deleted transcript leaves the index by hand.
        try connection.execute(
            "UPDATE memo_text SET transcript = '' WHERE rowid = (SELECT number FROM memos WHERE id = ?1)",
            binding: [id.uuidString])
    }

    /// Memo `id`'s summary as stored; nil while it is pending.
    func summary(of id: UUID) throws -> TranscriptSummary? {
        try connection.query(
            "SELECT state, substr(text, 1, ?2), failed_attempts, reason FROM transcripts WHERE memo_id = ?1",
            binding: [id.uuidString, TranscriptSummary.firstWordsLength]
        ) { row in Self.summary(row, from: 0) }.first
    }

    /// Memo `id`'s transcript with its word times; nil while it has none (pending, failed).
    func transcript(of id: UUID) throws -> Transcript? {
        try connection.query(
            "SELECT language, text, times FROM transcripts WHERE memo_id = ?1 AND state IN ('done', 'none')",
            binding: [id.uuidString]
        ) { row -> Transcript in
            let text = row.string(at: 1)
            let words = row.withUnsafeBytes(at: 2) { StoredTranscript.words(text: text, times: $0) }
            return Transcript(language: row.string(at: 0), words: words)
        }.first
    }

    /// At most this many memos are listed for what was said, the most relevant first (every title match is
    /// listed): a word said in thousands of memos still answers as fast as one said in a few.
    static let maximumSpokenHits = 200

    /// The memos in the list whose title holds `query` or whose title and transcript hold each of its words as
    /// word prefixes (SPEC E.4): title matches first (newest first), then by relevance, then newest.
    ///
    /// Two queries: the titles (a scan of the folded titles in the list's order, over an index holding just those),
    /// then the word index for its best `maximumSpokenHits` matches with their snippets. A memo both find is listed
    /// once, with its snippet. Ranked by bm25 (a title word counts twice a transcript word); `ORDER BY rank` lets
    /// FTS5 rank inside the index and stop at the limit, so snippets are made for the memos listed only.
    func search(_ query: String) throws -> [SearchHit] {
        let titleKey = MemoSearch.queryKey(query)
        guard !titleKey.isEmpty else { return [] }
        let words = MemoSearch.words(query)
        let titled = try MemoTable(connection: connection).listedTitles(holding: titleKey).map {
            SearchRow(id: $0.id, title: $0.title)
        }
        // Only symbols ("*", "\""): the index has no words to look for.
        guard !words.isEmpty else { return titled.map { hit($0, matchesTitle: true, words: words) } }
        // Choice (SPEC E.4): when every word is said in most memos, bm25 cannot tell them apart (its weight for a
        // word in over half the rows is nil), so the newest are listed instead, and nothing is ranked.
        let byRelevance = try !isInMostMemos(words)
        let spoken = try connection.query(
            """
            SELECT \(MemoTable.columns), f.marked, t.times, t.text FROM (
                SELECT rowid AS number, \(byRelevance ? "rank" : "0") AS score,
                    snippet(memo_text, 1, char(2), char(3), '…', ?3) AS marked
                FROM memo_text WHERE memo_text MATCH ?1
                \(byRelevance ? "AND rank MATCH 'bm25(2.0, 1.0)' ORDER BY rank" : "ORDER BY rowid DESC") LIMIT ?2
            ) AS f
            JOIN memos AS m ON m.number = f.number
            LEFT JOIN transcripts AS t ON t.memo_id = m.id
            WHERE m.deleted_at IS NULL
            ORDER BY f.score, m.date DESC, m.id DESC
            """,
            binding: [Self.ftsQuery(words), Self.maximumSpokenHits, Self.snippetWords]
        ) { row in SearchRow(spoken: row) }
        let spokenByID = Dictionary(spoken.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let titledIDs = Set(titled.map(\.id))
        let first = titled.map { row in hit(spokenByID[row.id] ?? row, matchesTitle: true, words: words) }
        return first + spoken.filter { !titledIDs.contains($0.id) }.map { hit($0, matchesTitle: false, words: words) }
    }

    /// Whether each of `words` (as a word prefix) is in more than half of the index's rows, one per memo.
    private func isInMostMemos(_ words: [String]) throws -> Bool {
        let rows = try connection.integer("SELECT count(*) FROM memos") ?? 0
        for word in words {
            let matching =
                try connection.integer(
                    "SELECT count(*) FROM memo_text WHERE memo_text MATCH ?1", binding: [Self.ftsQuery([word])]) ?? 0
            if matching * 2 <= rows { return false }
        }
        return true
    }

    /// The FTS5 query for `words` (already split by `MemoSearch.words`, so letters and digits only): each one a
    /// quoted string with the prefix star, all of them required. Quoting makes every word a plain string, whatever
    /// it spells ("NEAR", "AND", "OR").
    static func ftsQuery(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    /// A row of a search, as read: a memo's id and the title it shows, and for what was said its snippet
    /// (marked), times and text.
    private struct SearchRow {
        var id: UUID
        var title: String
        var marked: String?
        var times: Data?
        var text: String?

        init(id: UUID, title: String) {
            self.id = id
            self.title = title
        }

        /// A row of `MemoTable.columns` followed by the snippet, times and text.
        init(spoken row: Statement) {
            let memo = MemoTable.memo(row) { _ in false }
            let first = MemoTable.columnCount
            id = memo.id
            title = MemoTitle.displayTitle(of: memo)
            marked = row.isNull(at: first) ? nil : row.string(at: first)
            times = row.isNull(at: first + 1) ? nil : row.data(at: first + 1)
            text = row.isNull(at: first + 2) ? nil : row.string(at: first + 2)
        }
    }

    /// The hit for a row: its snippet when the transcript matched, and the time of its first matching word.
    private func hit(_ row: SearchRow, matchesTitle: Bool, words: [String]) -> SearchHit {
        guard let marked = row.marked, marked.contains(Self.matchOpen) else {
            return SearchHit(id: row.id, title: row.title, matchesTitle: matchesTitle)
        }
        let snippet = Snippet(marked: marked, open: Self.matchOpen, close: Self.matchClose)
        return SearchHit(
            id: row.id, title: row.title, matchesTitle: matchesTitle, snippet: snippet,
            time: Self.firstMatchTime(words: words, text: row.text ?? "", times: row.times))
    }

    /// When the first word of a transcript (its stored `text` and `times`) that matches `words` starts.
    private static func firstMatchTime(words: [String], text: String, times: Data?) -> Double? {
        guard let times, let index = MemoSearch.firstMatchingWord(in: text, queryWords: words) else { return nil }
        return times.withUnsafeBytes { StoredTranscript.start(ofWord: index, in: $0) }
    }

    /// A summary from the four columns `state, first words, failed_attempts, reason` starting at `column`; a row
    /// with no transcript (NULL state, from a LEFT JOIN) is pending.
    static func summary(_ row: Statement, from column: Int) -> TranscriptSummary {
        guard !row.isNull(at: column) else { return .pending }
        let state: TranscriptState
        switch row.string(at: column) {
        case "done": state = .done
        case "none": state = .none
        default: state = .failed(row.string(at: column + 3))
        }
        return TranscriptSummary(
            state: state, firstWords: state == .done ? row.string(at: column + 1) : "",
            failedAttempts: row.int(at: column + 2))
    }
}
