import Foundation
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderJSON

/// How `voicerec memos` prints memos and reports: one JSON object per line, keys in a fixed order.
enum MemoJSON {
    /// `{"id","number","title","date","duration","file","samples","recovered","missing","deleted","transcript",
    /// "firstWords","edited","enhanced"}`: the id in its
    /// canonical (upper-case) spelling, the memo's number in its library ("New Recording N" when untitled), the
    /// title as stored (empty when untitled), dates in ISO 8601 (UTC, milliseconds),
    /// the duration in seconds, the audio file's absolute path, the waveform (0…1, at most 160), and `deleted` null
    /// while the memo is in the list; then the transcript's state (SPEC E.2) and its first words; then whether it
    /// was trimmed or cut and keeps its original (SPEC I.1), and whether its Enhance is on (SPEC I.3).
    static func object(_ memo: Memo, file: URL) -> JSONValue {
        [
            "id": .string(memo.id.uuidString),
            "number": .integer(memo.number),
            "title": .string(memo.title),
            "date": .string(date(memo.date)),
            "duration": .number(memo.duration),
            "file": .string(file.path),
            "samples": .array(memo.samples.map { .number($0) }),
            "recovered": .bool(memo.isRecovered),
            "missing": .bool(memo.isMissing),
            "deleted": memo.deletedAt.map { .string(date($0)) } ?? .null,
            "transcript": .string(memo.transcript.state.name),
            "firstWords": .string(memo.transcript.firstWords),
            "edited": .bool(memo.isEdited),
            "enhanced": .bool(memo.isEnhanced),
        ]
    }

    /// `{id, state, language, duration, text, words: [{text, start, end}]}` (SPEC E.5), with `reason` when the
    /// state is `failed` or `unavailable`. A memo without a transcript has an empty language, text and words.
    static func transcript(_ memo: Memo, state: TranscriptState, _ transcript: Transcript?) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("id", .string(memo.id.uuidString)),
            ("state", .string(state.name)),
            ("language", .string(transcript?.language ?? "")),
            ("duration", .number(memo.duration)),
            ("text", .string(transcript?.text ?? "")),
            (
                "words",
                .array(
                    (transcript?.words ?? []).map { word in
                        ["text": .string(word.text), "start": .number(word.start), "end": .number(word.end)]
                    })
            ),
        ]
        switch state {
        case .failed(let reason), .unavailable(let reason): pairs.append(("reason", .string(reason)))
        default: break
        }
        return .object(pairs)
    }

    /// `2025-03-14T09:26:53.589Z`: ISO 8601 in UTC with milliseconds, so memos made within a second still read
    /// in their order.
    static func date(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    /// Ids as a JSON array of their canonical spellings.
    static func ids(_ ids: [UUID]) -> JSONValue { .array(ids.map { .string($0.uuidString) }) }

    /// Paths as a JSON array.
    static func paths(_ urls: [URL]) -> JSONValue { .array(urls.map { .string($0.path) }) }
}
