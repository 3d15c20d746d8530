import VoiceRecorderSQLite

extension MemoSchema {
    /// Version 4: transcripts (SPEC E) and the index that searches them with the titles.
    ///
    /// - `transcripts`: one row per memo that has been through a job: its state (`done`, `none` or `failed`), the
    ///   language, the words as text (one space between each) with their times beside it (`TranscriptTimes`), and
    ///   a failure's reason and how many jobs failed. No row: the memo is still pending.
    /// - `memo_text`: an FTS5 index of each memo's title and transcript, folded by `unicode61` with diacritics
    ///   removed (SPEC E.4: case and accents ignored). Its rowid is the memo's number, which is unique and never
    ///   reused (an implicit rowid could change in a VACUUM).
    /// - Triggers keep the index in step with every write of a title or a transcript and with a memo deleted
    ///   forever (its transcript goes with it), so no code path can forget it; Recently Deleted changes nothing
    ///   here, so the transcript goes there and back with its memo.
    static let transcriptsMigration = Migration(
        version: 4, summary: "transcripts with their word times, and a full-text index of titles and transcripts"
    ) { connection in
        try renumberDuplicates(connection)
        try connection.execute(
            """
            CREATE UNIQUE INDEX memos_by_number ON memos (number);
            CREATE TABLE transcripts (
                memo_id TEXT NOT NULL PRIMARY KEY,
                state TEXT NOT NULL,
                language TEXT NOT NULL DEFAULT '',
                text TEXT NOT NULL DEFAULT '',
                times BLOB NOT NULL DEFAULT x'',
                reason TEXT NOT NULL DEFAULT '',
                failed_attempts INTEGER NOT NULL DEFAULT 0
            );
            CREATE VIRTUAL TABLE memo_text USING fts5(
                title, transcript, tokenize = 'unicode61 remove_diacritics 2'
            );
            INSERT INTO memo_text (rowid, title, transcript) SELECT number, title, '' FROM memos;
            CREATE TRIGGER memo_text_after_insert AFTER INSERT ON memos BEGIN
                INSERT INTO memo_text (rowid, title, transcript) VALUES (
                    new.number, new.title,
                    coalesce((SELECT text FROM transcripts WHERE memo_id = new.id), ''));
            END;
            CREATE TRIGGER memo_text_after_title AFTER UPDATE OF title ON memos BEGIN
                UPDATE memo_text SET title = new.title WHERE rowid = new.number;
            END;
            CREATE TRIGGER memo_text_after_delete AFTER DELETE ON memos BEGIN
                DELETE FROM memo_text WHERE rowid = old.number;
                DELETE FROM transcripts WHERE memo_id = old.id;
            END;
            CREATE TRIGGER memo_text_after_transcript AFTER INSERT ON transcripts BEGIN
                UPDATE memo_text SET transcript = new.text
                WHERE rowid = (SELECT number FROM memos WHERE id = new.memo_id);
            END;
            CREATE TRIGGER memo_text_after_transcript_text AFTER UPDATE OF text ON transcripts BEGIN
                UPDATE memo_text SET transcript = new.text
                WHERE rowid = (SELECT number FROM memos WHERE id = new.memo_id);
            END;
            """)
    }

    /// Gives a fresh number to any memo whose number is 0 or repeats an earlier memo's (none should, since
    /// version 3 numbers every row, but rows another tool wrote must not stop the upgrade), so the number can be
    /// the index's unique rowid.
    private static func renumberDuplicates(_ connection: Connection) throws {
        let clashing = try connection.query(
            """
            SELECT id FROM memos AS m
            WHERE m.number <= 0 OR EXISTS (
                SELECT 1 FROM memos AS earlier
                WHERE earlier.number = m.number AND (earlier.date < m.date OR (earlier.date = m.date AND earlier.id < m.id)))
            ORDER BY date ASC, id ASC
            """
        ) { $0.string(at: 0) }
        guard !clashing.isEmpty else { return }
        let counter = MemoTable.numberCounter
        let highest = try connection.integer("SELECT max(number) FROM memos") ?? 0
        var next = max(
            highest, try connection.integer("SELECT value FROM counters WHERE name = ?1", binding: [counter]) ?? 0)
        let update = try connection.prepare("UPDATE memos SET number = ?1 WHERE id = ?2")
        for id in clashing {
            next += 1
            update.reset()
            try update.bind(next, at: 1)
            try update.bind(id, at: 2)
            try update.run()
        }
        try connection.execute(
            "INSERT OR REPLACE INTO counters (name, value) VALUES (?1, ?2)", binding: [counter, next])
    }
}
