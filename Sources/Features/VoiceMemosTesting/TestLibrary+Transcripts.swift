import Foundation
import VoiceMemos

/// The test library's transcripts: kept in memory beside the rows, searched with the model's own word matching.
extension TestLibrary {
    public func saveTranscript(_ transcript: Transcript, of id: UUID) throws -> TranscriptSummary {
        log.record(.saveTranscript(id, words: transcript.words.count))
        try failIfTold(.saveTranscript)
        let summary = TranscriptSummary(transcript)
        try update(id) { $0.transcript = summary }
        stored.withLock { $0.transcripts[id] = transcript }
        return summary
    }

    public func saveTranscriptFailure(_ reason: String, of id: UUID) throws -> TranscriptSummary {
        log.record(.saveTranscriptFailure(id, reason))
        try failIfTold(.saveTranscript)
        var summary = TranscriptSummary.pending
        try update(id) { memo in
            memo.transcript = TranscriptSummary(
                state: .failed(reason), failedAttempts: memo.transcript.failedAttempts + 1)
            summary = memo.transcript
        }
        return summary
    }

    public func transcript(of id: UUID) throws -> Transcript? {
        stored.withLock { $0.transcripts[id] }
    }

    public func search(_ query: String) throws -> [SearchHit] {
        let titleKey = MemoSearch.queryKey(query)
        let words = MemoSearch.words(query)
        guard !titleKey.isEmpty else { return [] }
        let (memos, transcripts) = stored.withLock { ($0.rows, $0.transcripts) }
        var hits: [SearchHit] = []
        for memo in memos.sorted(by: { $0.date > $1.date }) where !memo.isDeleted {
            let inTitle = memo.searchKey.contains(titleKey)
            let transcriptWords = transcripts[memo.id]?.words ?? []
            let first = transcriptWords.firstIndex { MemoSearch.wordMatches($0.text, queryWords: words) }
            guard inTitle || first != nil else { continue }
            let snippet = first.map { index in
                Snippet(runs: [Snippet.Run(transcriptWords[index].text, isMatch: true)])
            }
            hits.append(
                SearchHit(
                    id: memo.id, title: MemoTitle.displayTitle(of: memo), matchesTitle: inTitle, snippet: snippet,
                    time: first.map { transcriptWords[$0].start }))
        }
        // Title matches first; otherwise newest first (the order they were gathered in).
        return hits.filter(\.matchesTitle) + hits.filter { !$0.matchesTitle }
    }
}
