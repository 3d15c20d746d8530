import Foundation
import VoiceMemos
import VoiceRecorderJSON

/// The editor's JSON lines (SPEC I.1), read from the states as the window draws them: `editor` with `state`
/// `opened` (the memo and its length), `selection` (the handles and what the edits keep, after each change),
/// `listening` and `listened` (its listening started and stopped), `closed`; and `memoEdited` when a memo's audio
/// changed (a save, a revert, an undo).
enum EditorEvents {
    static func lines(from old: MemosState, to new: MemosState) -> [JSONValue] {
        var lines: [JSONValue] = []
        switch (old.editor, new.editor) {
        case (nil, let editor?):
            lines.append(line("opened", editor))
        case (let before?, let editor?) where before != editor:
            lines.append(line("selection", editor))
        case (.some, nil):
            lines.append(["event": "editor", "state": "closed"])
        default: break
        }
        if (old.editorListening == nil) != (new.editorListening == nil) {
            lines.append(["event": "editor", "state": new.editorListening == nil ? "listened" : "listening"])
        }
        return lines
    }

    /// The `memoEdited` line when `memo`'s audio changed since `earlier` (read where the memos are compared, once).
    static func memoEdited(_ memo: Memo, was earlier: Memo) -> JSONValue? {
        guard earlier.duration != memo.duration || earlier.isEdited != memo.isEdited else { return nil }
        return [
            "event": "memoEdited", "id": .string(memo.id.uuidString), "duration": .number(memo.duration),
            "edited": .bool(memo.isEdited),
        ]
    }

    private static func line(_ state: String, _ editor: MemoEditor) -> JSONValue {
        [
            "event": "editor", "state": .string(state), "id": .string(editor.memoID.uuidString),
            "duration": .number(editor.duration), "start": .number(editor.start), "end": .number(editor.end),
            "changed": .bool(editor.hasChanges),
        ]
    }
}
