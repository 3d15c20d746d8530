import Foundation
import VoiceMemos
import VoiceRecorderJSON

/// The JSON lines about transcripts (SPEC E.5): `transcript` `{id, state, text}` when a memo's transcript changes
/// as the app shows it (its job's progress too), `transcripts` `{state: "unavailable", reason}` once when the
/// machine turns out to have no engine, and `searchResults` `{query, results: [{id, time}]}` when the library
/// answers a search.
enum TranscriptEvents {
    /// How much of a transcript's text a `transcript` line carries.
    static let textLength = 80

    static func lines(from old: MemosState, to new: MemosState) -> [JSONValue] {
        var lines: [JSONValue] = []
        for id in changedMemos(from: old, to: new) {
            guard let memo = new.memo(id) else { continue }
            let state = new.transcriptState(of: id)
            var fields: [(String, JSONValue)] = [
                ("event", "transcript"), ("id", .string(id.uuidString)), ("state", .string(state.name)),
                ("text", .string(String(memo.transcript.firstWords.prefix(textLength)))),
            ]
            if case .transcribing(let progress) = state { fields.append(("progress", .number(progress))) }
            if case .failed(let reason) = state { fields.append(("reason", .string(reason))) }
            lines.append(.object(fields))
        }
        if let reason = new.transcripts.unavailable, old.transcripts.unavailable == nil {
            lines.append(["event": "transcripts", "state": "unavailable", "reason": .string(reason)])
        }
        if let results = new.searchResults, results != old.searchResults {
            lines.append([
                "event": "searchResults", "query": .string(results.query),
                "results": .array(
                    results.hits.map { hit in
                        ["id": .string(hit.id.uuidString), "time": hit.time.map { .number($0) } ?? .null]
                    }),
            ])
        }
        return lines
    }

    /// The memos whose transcript reads differently now: the job's memo before and after, and memos whose stored
    /// summary changed (looked for only when the memos changed, so a position report costs nothing here).
    private static func changedMemos(from old: MemosState, to new: MemosState) -> [UUID] {
        var ids: [UUID] = []
        for job in [old.transcripts.current, new.transcripts.current] {
            guard let job, old.transcriptState(of: job.memoID) != new.transcriptState(of: job.memoID) else { continue }
            if !ids.contains(job.memoID) { ids.append(job.memoID) }
        }
        guard old.memos != new.memos, old.library.isUsable else { return ids }
        let before = Dictionary(old.memos.map { ($0.id, $0.transcript) }, uniquingKeysWith: { first, _ in first })
        for memo in new.memos where before[memo.id].map({ $0 != memo.transcript }) ?? false {
            if !ids.contains(memo.id) { ids.append(memo.id) }
        }
        return ids
    }
}
