import Foundation
import VoiceMemos

/// Transcripts in the library (SPEC E): stored with their memo, found by search.
extension SQLiteMemoLibrary {
    public func saveTranscript(_ transcript: Transcript, of id: UUID) throws -> TranscriptSummary {
        try changeTranscript(of: id) { try $0.save(transcript, of: id) }
    }

    public func saveTranscriptFailure(_ reason: String, of id: UUID) throws -> TranscriptSummary {
        try changeTranscript(of: id) { try $0.saveFailure(reason, of: id) }
    }

    /// Makes memo `id` pending again (its transcript or failures forgotten), so the queue transcribes it anew.
    public func forgetTranscript(of id: UUID) throws {
        _ = try changeTranscript(of: id) { table in
            try table.forget(id)
            return .pending
        }
    }

    public func transcript(of id: UUID) throws -> Transcript? {
        try locked {
            let store = try openStore()
            return try database { try store.transcripts.transcript(of: id) }
        }
    }

    public func search(_ query: String) throws -> [SearchHit] {
        try locked {
            let store = try openStore()
            return try database { try store.transcripts.search(query) }
        }
    }

    /// Runs `body` in a write transaction once memo `id` is known to have a row (a memo deleted forever while its
    /// job ran gets no transcript: `.noMemo`).
    private func changeTranscript(
        of id: UUID, _ body: (TranscriptTable) throws -> TranscriptSummary
    ) throws -> TranscriptSummary {
        try locked {
            let store = try openStore()
            return try database {
                try store.connection.transaction {
                    guard try store.table.memo(id) != nil else { throw MemoLibraryError.noMemo(id) }
                    return try body(store.transcripts)
                }
            }
        }
    }
}
