import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderJSON

/// The JSON lines one change of the model's state makes, for scripts and tests: what happened to memos
/// (`memoAdded`, `renamed`, `memoDeleted`, `memoRestored`, `memoDeletedForever`), to playback (`playback`), and what
/// the window shows because of it (`search`: the text searched for; `list`: how many memos each list shows, `alert`,
/// `toast`; `liveTranscript`: the take's words as they are said). Read from the states alone, as the window draws them, so a
/// line never says something the window does not show.
enum StateEvents {
    /// The lines for the change from `old` to `new`. `requestedPlay` is the memo the person last asked to play: a
    /// play that fails as it starts has come and gone within one change, so the state alone cannot name it.
    static func lines(from old: MemosState, to new: MemosState, requestedPlay: UUID? = nil) -> [JSONValue] {
        // What played stops before what happened to memos is told, as it happens (a deleted memo stops first).
        var lines = playbackLines(from: old, to: new, requestedPlay: requestedPlay)
        // Memos that come with the library as it opens (or reads the rest after its first screen) are not news.
        if old.library.isUsable, new.library == old.library { lines += memoLines(from: old, to: new) }
        if new.searchText != old.searchText {
            lines.append(["event": "search", "query": .string(new.searchText)])
        }
        lines += TranscriptEvents.lines(from: old, to: new)
        if let live = new.take?.liveTranscript, live != old.take?.liveTranscript, !live.text.isEmpty {
            lines.append(["event": "liveTranscript", "settled": .string(live.settledText), "text": .string(live.text)])
        }
        if new.visibleMemos.count != old.visibleMemos.count {
            lines.append(["event": "list", "list": "memos", "count": .integer(new.visibleMemos.count)])
        }
        if new.recentlyDeleted.count != old.recentlyDeleted.count {
            lines.append(["event": "list", "list": "recentlyDeleted", "count": .integer(new.recentlyDeleted.count)])
        }
        if let alert = new.alert, alert != old.alert {
            lines.append(["event": "alert", "text": .string(alert.message)])
        }
        if new.pendingUndo != nil, new.pendingUndo != old.pendingUndo {
            lines.append(["event": "toast", "text": .string(AppText.memoDeleted)])
        }
        if let edit = new.pendingEditUndo, edit != old.pendingEditUndo {
            lines.append(["event": "toast", "text": .string(AppText.saved(edit.kind))])
        }
        lines += EditorEvents.lines(from: old, to: new)
        if new.skipsSilence != old.skipsSilence {
            lines.append(["event": "skipSilence", "on": .bool(new.skipsSilence)])
        }
        return lines
    }

    // MARK: - Memos

    private static func memoLines(from old: MemosState, to new: MemosState) -> [JSONValue] {
        var lines: [JSONValue] = []
        // Same array storage (a position moved, say): nothing happened to the memos. Cheap for 10,000 of them.
        if old.memos != new.memos {
            let before = Dictionary(old.memos.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var seen = Set<UUID>()
            for memo in new.memos {
                seen.insert(memo.id)
                guard let earlier = before[memo.id] else {
                    lines.append([
                        "event": "memoAdded", "id": .string(memo.id.uuidString),
                        "duration": .number(memo.duration), "recovered": .bool(memo.isRecovered),
                    ])
                    continue
                }
                if let edited = EditorEvents.memoEdited(memo, was: earlier) { lines.append(edited) }
                if earlier.isEnhanced != memo.isEnhanced {
                    lines.append([
                        "event": "memoEnhanced", "id": .string(memo.id.uuidString), "on": .bool(memo.isEnhanced),
                    ])
                }
                if !earlier.isDeleted && memo.isDeleted {
                    lines.append(["event": "memoDeleted", "id": .string(memo.id.uuidString)])
                } else if earlier.isDeleted && !memo.isDeleted {
                    lines.append(["event": "memoRestored", "id": .string(memo.id.uuidString)])
                }
            }
            for memo in old.memos where !seen.contains(memo.id) {
                lines.append(["event": "memoDeletedForever", "id": .string(memo.id.uuidString)])
            }
        }
        // A title leaves the unsaved ones when it is saved (typing paused, or the field was left).
        for id in old.unsavedTitles.keys.sorted(by: { $0.uuidString < $1.uuidString })
        where new.unsavedTitles[id] == nil {
            guard let memo = new.memo(id) else { continue }
            lines.append(["event": "renamed", "id": .string(id.uuidString), "title": .string(memo.title)])
        }
        return lines
    }

    // MARK: - Playback

    private static func playbackLines(from old: MemosState, to new: MemosState, requestedPlay: UUID?) -> [JSONValue] {
        var lines: [JSONValue] = []
        let failedNow = new.alert == .playbackFailed && old.alert != .playbackFailed
        let samePlay =
            old.playing != nil && old.playing?.memoID == new.playing?.memoID
            && old.playing?.tag.play == new.playing?.tag.play
        var failedID: UUID? = failedNow ? requestedPlay : nil

        if let ended = old.playing, !samePlay {
            let id = ended.memoID
            // Back at the start, by itself: a stop leaves the cursor where it was heard.
            let backToStart = new.positions[id] == nil && new.memo(id)?.isDeleted == false
            if failedNow && backToStart && (requestedPlay == nil || requestedPlay == id) {
                lines.append(line(id, "failed", ["message": .string(AppText.playbackFailed)], position: ended.position))
                failedID = nil
            } else {
                let ended = backToStart && ended.position > 0 && !failedNow
                lines.append(line(id, ended ? "ended" : "stopped", [:], position: old.playing?.position))
            }
        }
        if let failedID { lines.append(line(failedID, "failed", ["message": .string(AppText.playbackFailed)])) }
        if let playing = new.playing {
            if !samePlay {
                lines.append(
                    line(
                        playing.memoID, "playing", ["duration": .number(playing.duration)],
                        position: playing.position))
            } else if let before = old.playing {
                if playing.tag.seek != before.tag.seek {
                    lines.append(line(playing.memoID, "seeked", [:], position: playing.position))
                } else if playing.position != before.position {
                    lines.append(line(playing.memoID, "position", [:], position: playing.position))
                }
            }
        }
        return lines
    }

    private static func line(
        _ id: UUID, _ state: String, _ more: KeyValuePairs<String, JSONValue>,
        position: Double? = nil
    ) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("event", "playback"), ("id", .string(id.uuidString)),
            ("state", .string(state)),
        ]
        if let position { fields.append(("position", .number(position))) }
        return .object(fields + more.map { ($0.key, $0.value) })
    }
}

extension AppText {
    static let playbackFailed = MemosAlert.playbackFailed.message
}
