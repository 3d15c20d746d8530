import VoiceRecorderSQLite

extension MemoSchema {
    /// Version 6: edited memos' originals (SPEC I.1) and the mark of an edit being saved.
    ///
    /// - `memos.pending_edit`: the name of the file in `edits/` that is becoming the memo's audio. Set in the
    ///   transaction that writes the edited memo's row, cleared once the file is the memo's: a kill between the two
    ///   is rolled forward at the next start (`EditRepair`). NULL the rest of the time.
    /// - `originals`: one row per edited memo: the original's length in frames, duration and waveform, its
    ///   transcript when it had one (`has_transcript`, then as `transcripts` stores one), and what the memo keeps
    ///   of it now (`kept`: `StoredPlan`). Revert to Original puts these back; the original's audio is
    ///   `originals/<id>.<ext>`.
    /// - A memo deleted forever takes its original's row with it (a trigger, as its transcript's).
    static let editsMigration = Migration(
        version: 6, summary: "edited memos' originals, and the mark of an edit being saved"
    ) { connection in
        try connection.execute(
            """
            ALTER TABLE memos ADD COLUMN pending_edit TEXT;
            CREATE TABLE originals (
                memo_id TEXT NOT NULL PRIMARY KEY,
                frames INTEGER NOT NULL,
                duration REAL NOT NULL,
                samples BLOB NOT NULL,
                kept BLOB NOT NULL,
                has_transcript INTEGER NOT NULL DEFAULT 0,
                language TEXT NOT NULL DEFAULT '',
                text TEXT NOT NULL DEFAULT '',
                times BLOB NOT NULL DEFAULT x''
            );
            CREATE TRIGGER originals_after_delete AFTER DELETE ON memos BEGIN
                DELETE FROM originals WHERE memo_id = old.id;
            END;
            """)
    }
}
