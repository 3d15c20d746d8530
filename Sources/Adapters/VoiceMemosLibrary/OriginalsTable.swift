import Foundation
import VoiceMemos
import VoiceRecorderSQLite

/// An edited memo's original as the library keeps it (SPEC I.1): enough to put it back whole.
struct StoredOriginal: Equatable {
    /// The original's duration, seconds.
    var duration: Double
    /// What the memo keeps of the original now (its `originalFrames` is the original's length).
    var kept: MemoEditPlan
    /// The original's transcript; nil when it had none when it was first edited (pending, failed).
    var transcript: Transcript?
}

/// The `originals` table and the memos' `pending_edit` mark (schema 6): the only place their SQL is written.
struct OriginalsTable {
    let connection: Connection

    /// Memo `id`'s original, if it has been edited. A row whose stored plan does not hold together (damage) reads
    /// as none, so the memo is treated as unedited rather than cut by a plan nobody made.
    func original(of id: UUID) throws -> StoredOriginal? {
        try connection.query(
            """
            SELECT frames, duration, kept, has_transcript, language, text, times
            FROM originals WHERE memo_id = ?1
            """,
            binding: [id.uuidString]
        ) { row -> StoredOriginal? in
            let frames = row.int(at: 0)
            let kept = row.withUnsafeBytes(at: 2, StoredPlan.ranges)
            guard MemoEditPlan.isValid(kept: kept, originalFrames: frames) else { return nil }
            let transcript =
                row.bool(at: 3)
                ? Transcript(
                    language: row.string(at: 4),
                    words: row.withUnsafeBytes(at: 6) { StoredTranscript.words(text: row.string(at: 5), times: $0) })
                : nil
            return StoredOriginal(
                duration: row.double(at: 1), kept: MemoEditPlan(kept: kept, originalFrames: frames),
                transcript: transcript)
        }.first ?? nil
    }

    /// Records memo `id` as it is now as its original (its duration, waveform and transcript, read from its rows),
    /// keeping `kept` of it. Call it inside the write transaction that saves the memo's first edit.
    func keepOriginal(of id: UUID, keeping kept: MemoEditPlan) throws {
        try connection.execute(
            """
            INSERT INTO originals (memo_id, frames, duration, samples, kept, has_transcript, language, text, times)
            SELECT m.id, ?2, m.duration, m.samples, ?3, coalesce(t.state IN ('done', 'none'), 0),
                coalesce(t.language, ''), coalesce(t.text, ''), coalesce(t.times, x'')
            FROM memos AS m LEFT JOIN transcripts AS t ON t.memo_id = m.id
            WHERE m.id = ?1
            """,
            binding: [id.uuidString, kept.originalFrames, StoredPlan.data(kept.kept)])
    }

    /// Sets what memo `id` keeps of its original.
    func setKept(_ kept: MemoEditPlan, of id: UUID) throws {
        try connection.execute(
            "UPDATE originals SET kept = ?1 WHERE memo_id = ?2", binding: [StoredPlan.data(kept.kept), id.uuidString])
    }

    /// Puts memo `id`'s original duration and waveform back on its row, and forgets the original (Revert).
    func restoreOriginal(of id: UUID) throws {
        try connection.execute(
            """
            UPDATE memos SET duration = o.duration, samples = o.samples
            FROM (SELECT duration, samples FROM originals WHERE memo_id = ?1) AS o
            WHERE memos.id = ?1
            """,
            binding: [id.uuidString])
        try connection.execute("DELETE FROM originals WHERE memo_id = ?1", binding: [id.uuidString])
    }

    /// The ids of every memo with an original.
    func ids() throws -> Set<UUID> {
        Set(try connection.query("SELECT memo_id FROM originals") { MemoTable.id($0) })
    }

    // MARK: The mark of an edit being saved

    /// Marks `fileName` (in `edits/`) as becoming memo `id`'s audio; nil clears the mark.
    func setPendingEdit(_ fileName: String?, of id: UUID) throws {
        try connection.execute(
            "UPDATE memos SET pending_edit = ?1 WHERE id = ?2", binding: [fileName, id.uuidString])
    }

    /// Sets memo `id`'s duration and waveform (an edited memo's new audio).
    func setAudio(duration: Double, samples: [Double], of id: UUID) throws {
        try connection.execute(
            "UPDATE memos SET duration = ?1, samples = ?2 WHERE id = ?3",
            binding: [duration, StoredWaveform.encode(samples), id.uuidString])
    }

    /// The file in `edits/` memo `id` is becoming, if an edit of it is being saved.
    func pendingEdit(of id: UUID) throws -> String? {
        try connection.query("SELECT pending_edit FROM memos WHERE id = ?1", binding: [id.uuidString]) {
            $0.isNull(at: 0) ? nil : $0.string(at: 0)
        }.first ?? nil
    }

    /// Every memo with an edit being saved, and the file in `edits/` it is becoming.
    func pendingEdits() throws -> [(id: UUID, fileName: String)] {
        try connection.query("SELECT id, pending_edit FROM memos WHERE pending_edit IS NOT NULL") {
            (MemoTable.id($0), $0.string(at: 1))
        }
    }
}

/// How a plan's kept ranges are stored: each range's first and end frame as little-endian 64-bit integers, in order.
enum StoredPlan {
    static func data(_ ranges: [Range<Int>]) -> Data {
        var data = Data(capacity: ranges.count * 16)
        for range in ranges {
            for bound in [range.lowerBound, range.upperBound] {
                withUnsafeBytes(of: Int64(bound).littleEndian) { data.append(contentsOf: $0) }
            }
        }
        return data
    }

    /// The ranges back; none from bytes that do not hold whole, ordered ranges (which `isValid` then refuses).
    static func ranges(_ bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        guard bytes.count % 16 == 0 else { return [] }
        var ranges: [Range<Int>] = []
        for offset in stride(from: 0, to: bytes.count, by: 16) {
            let lower = Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
            let upper = Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)))
            guard lower < upper else { return [] }
            ranges.append(lower ..< upper)
        }
        return ranges
    }
}
