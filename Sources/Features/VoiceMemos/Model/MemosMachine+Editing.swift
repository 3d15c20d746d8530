import Foundation

/// Editing a memo (SPEC I.1): the editor's handles, Trim and Delete on what is shown, listening to what would be
/// kept, Save and Cancel; then the "Memo trimmed — Undo" toast, and Revert to Original.
extension MemosMachine {
    mutating func editTapped(_ id: UUID) -> [MemosEffect] {
        guard state.library.isUsable, state.editor == nil, !state.isSavingEdit, !state.isRecording,
            let memo = state.memo(id), !memo.isDeleted, !memo.isMissing, memo.duration > MemoEditor.shortestSelection
        else { return [] }
        // What is typed is saved first, and the memo stops: the editor has its own listening.
        var effects = saveTitleNow(id)
        if state.isPlaying(id) { effects += stopPlaying() }
        state.editor = MemoEditor(memo: memo)
        return effects
    }

    mutating func editorChanged(_ change: (inout MemoEditor) -> Void) -> [MemosEffect] {
        guard var editor = state.editor, !state.isSavingEdit else { return [] }
        let before = editor.staged
        change(&editor)
        state.editor = editor
        // What is heard must be what is shown: a Trim or a Delete stops the listening.
        return editor.staged != before ? stopListening() : []
    }

    mutating func editorListenTapped() -> [MemosEffect] {
        guard let editor = state.editor, !state.isSavingEdit else { return [] }
        if state.editorListening != nil { return stopListening() }
        guard !state.isRecording else { return [] }
        var effects = stopPlaying()
        plays += 1
        // From the selection's start, as a person listening to what they chose expects.
        let from = editor.start < editor.duration - 0.05 ? editor.start : 0
        state.editorListening = MemosState.EditorListening(position: from, play: plays)
        let enhanced = state.memo(editor.memoID)?.isEnhanced ?? false
        effects.append(
            .playKept(editor.memoID, keeping: editor.staged.kept, from: from, rate: 1, play: plays, enhanced: enhanced))
        return effects
    }

    /// The editor's listening, reported by the player; true when the report was its.
    mutating func editorListeningReported(_ report: PlaybackReport, play: Int) -> [MemosEffect]? {
        guard let listening = state.editorListening, listening.play == play else { return nil }
        switch report {
        case .position(let seconds):
            guard seconds.isFinite else { return [] }
            state.editorListening?.position = seconds
            return []
        case .finished:
            state.editorListening = nil
            return [.stopPlayback(play: play)]
        case .failed:
            state.editorListening = nil
            state.alert = .playbackFailed
            return [.stopPlayback(play: play)]
        }
    }

    mutating func stopListening() -> [MemosEffect] {
        guard let listening = state.editorListening else { return [] }
        state.editorListening = nil
        return [.stopPlayback(play: listening.play)]
    }

    mutating func editorSaveTapped() -> [MemosEffect] {
        guard let editor = state.editor, !state.isSavingEdit else { return [] }
        var effects = stopListening()
        guard editor.hasChanges else {
            state.editor = nil
            return effects
        }
        state.savingEditOf = editor.memoID
        effects.append(.saveEdit(editor.memoID, keeping: editor.staged, kind: editor.kind))
        return effects
    }

    mutating func editorCancelTapped() -> [MemosEffect] {
        guard state.editor != nil, !state.isSavingEdit else { return [] }
        state.editor = nil
        return stopListening()
    }

    mutating func revertTapped(_ id: UUID) -> [MemosEffect] {
        guard state.library.isUsable, !state.isSavingEdit, let memo = state.memo(id), memo.isEdited else { return [] }
        var effects = saveTitleNow(id)
        if state.isPlaying(id) { effects += stopPlaying() }
        state.savingEditOf = id
        effects.append(.revertMemo(id))
        return effects
    }

    mutating func undoEditTapped(at now: MemosTime) -> [MemosEffect] {
        guard let undo = state.pendingEditUndo, now.uptime < undo.expiresAt, !state.isSavingEdit else { return [] }
        state.pendingEditUndo = nil
        var effects: [MemosEffect] = [.cancelTimer(.editUndoWindow)]
        if state.isPlaying(undo.saved.memo.id) { effects += stopPlaying() }
        state.savingEditOf = undo.saved.memo.id
        effects.append(.undoEdit(undo.saved))
        return effects
    }

    /// The library saved an edit (or a revert, or an undo): the memo is shown as it is now, and (but for an undo)
    /// the toast offers to undo it.
    mutating func editSaved(_ saved: MemoEditSaved, _ kind: MemoEditKind, at now: MemosTime) -> [MemosEffect] {
        state.savingEditOf = nil
        if state.editor?.memoID == saved.memo.id { state.editor = nil }
        let id = saved.memo.id
        insert(saved.memo)
        state.silenceSkips[id] = nil  // its pauses are the new audio's to find
        state.positions[id] = nil
        var effects: [MemosEffect] = []
        if saved.memo.transcript.wantsTranscribing, !state.transcripts.keptFirst.contains(id) {
            // Its words are the new audio's to find (SPEC I.1: a memo that had none is transcribed anew).
            state.transcripts.keptFirst.append(id)
        }
        if state.openTranscript?.memoID == id { effects.append(.loadTranscript(id)) }
        guard kind != .undone else {
            state.pendingEditUndo = nil
            return effects + [.cancelTimer(.editUndoWindow)]
        }
        state.pendingEditUndo = MemosState.PendingEditUndo(
            saved: saved, kind: kind, expiresAt: now.uptime + RecentlyDeleted.undoWindow)
        effects.append(.schedule(.editUndoWindow, after: RecentlyDeleted.undoWindow))
        return effects
    }

    mutating func editFailed(_ message: String) -> [MemosEffect] {
        state.savingEditOf = nil
        state.alert = .failed(message)
        return []
    }
}

extension MemoEditor {
    /// What the staged edits amount to, for the toast: a trim when they keep one piece, else an edit.
    var kind: MemoEditKind { staged.kept.count == 1 ? .trimmed : .edited }
}
