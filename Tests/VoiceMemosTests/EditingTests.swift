import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting

/// SPEC I.1 in the model: the editor's handles and keys, Trim and Delete on what is shown, listening to what would
/// be kept, Save and Cancel; the "Memo trimmed — Undo" toast; Revert to Original.
@Suite("Voice memos: the editor, save, undo and revert (SPEC I.1)")
struct EditingTests {
    @Test func theEditorOpensOnTheWholeMemoAndItsHandlesStayApartAndInside() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.editTapped(memo.id))
        let editor = try? #require(rig.state.editor)
        #expect(editor?.start == 0 && editor?.end == 10)
        rig.send(.editorHandleMoved(.start, to: 2.5))
        rig.send(.editorHandleMoved(.end, to: 12))
        #expect(rig.state.editor?.start == 2.5)
        #expect(rig.state.editor?.end == 10, "kept inside")
        rig.send(.editorHandleMoved(.start, to: 11))
        #expect(rig.state.editor?.start == 9.9, "never on the other handle")
        rig.send(.editorHandleNudged(.start, by: -MemoEditor.largeStep))
        rig.send(.editorHandleNudged(.end, by: -MemoEditor.step))
        #expect(close(rig.state.editor?.start ?? 0, 8.9) && close(rig.state.editor?.end ?? 0, 9.9))
        #expect(rig.calls().isEmpty, "nothing is saved while editing")
    }

    @Test func trimAndDeleteApplyToWhatIsShownAndSaveWritesThemInOneSave() throws {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.editTapped(memo.id))
        rig.send(.editorHandleMoved(.start, to: 2))
        rig.send(.editorHandleMoved(.end, to: 8))
        rig.send(.editorTrimTapped)
        #expect(rig.state.editor?.duration == 6)
        #expect(rig.state.editor?.start == 0 && rig.state.editor?.end == 6, "what is left, all selected")
        rig.send(.editorHandleMoved(.start, to: 1))
        rig.send(.editorHandleMoved(.end, to: 2))
        rig.send(.editorDeleteTapped)
        #expect(rig.state.editor?.duration == 5)
        #expect(rig.calls().isEmpty)
        rig.send(.editorSaveTapped)
        #expect(rig.calls() == [.saveEdit(memo.id, kept: [48_000 ..< 72_000, 96_000 ..< 192_000])])
        rig.runPosted()
        #expect(rig.state.editor == nil)
        #expect(!rig.state.isSavingEdit)
        let saved = try #require(rig.state.memo(memo.id))
        #expect(saved.duration == 5 && saved.isEdited)
        #expect(rig.state.pendingEditUndo?.kind == .edited)
        #expect(rig.state.pendingEditUndo?.expiresAt == 5)
    }

    @Test func cancelLeavesTheMemoUntouchedAndSavingNothingChangedSavesNothing() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.editTapped(memo.id))
        rig.send(.editorHandleMoved(.start, to: 2))
        rig.send(.editorTrimTapped)
        rig.send(.editorCancelTapped)
        #expect(rig.state.editor == nil)
        rig.send(.editTapped(memo.id))
        rig.send(.editorSaveTapped)
        #expect(rig.state.editor == nil)
        #expect(rig.calls().isEmpty)
        #expect(rig.state.memo(memo.id) == memo)
    }

    @Test func undoRightAfterASavePutsBackWhatWasThereAndTheToastGoesAfterFiveSeconds() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.editTapped(memo.id))
        rig.send(.editorHandleMoved(.end, to: 4))
        rig.send(.editorTrimTapped)
        rig.send(.editorSaveTapped)
        rig.runPosted()
        #expect(rig.state.pendingEditUndo?.kind == .trimmed, "\"Memo trimmed — Undo\"")
        _ = rig.calls()
        rig.advance(by: 4)
        rig.send(.undoEditTapped)
        rig.runPosted()
        #expect(rig.calls() == [.undoEdit(memo.id)])
        #expect(rig.state.memo(memo.id)?.duration == 10)
        #expect(rig.state.memo(memo.id)?.isEdited == false)
        #expect(rig.state.pendingEditUndo == nil, "an undo is not undone")

        rig.send(.editTapped(memo.id))
        rig.send(.editorHandleMoved(.end, to: 4))
        rig.send(.editorTrimTapped)
        rig.send(.editorSaveTapped)
        rig.runPosted()
        rig.advance(by: 5)
        _ = rig.calls()
        rig.send(.undoEditTapped)
        #expect(rig.calls().isEmpty, "too late")
    }

    @Test func revertToOriginalOnAnEditedMemo() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.revertTapped(memo.id))
        #expect(rig.calls().isEmpty, "never edited: nothing to revert")
        rig.send(.editTapped(memo.id))
        rig.send(.editorHandleMoved(.start, to: 5))
        rig.send(.editorDeleteTapped)
        rig.send(.editorSaveTapped)
        rig.runPosted()
        _ = rig.calls()
        rig.send(.revertTapped(memo.id))
        rig.runPosted()
        #expect(rig.calls() == [.revert(memo.id)])
        #expect(rig.state.memo(memo.id)?.duration == 10)
        #expect(rig.state.pendingEditUndo?.kind == .reverted)
    }

    @Test func listeningPlaysWhatWouldBeKeptFromTheSelectionAndStopsWhenTheEditsChange() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        rig.send(.editTapped(memo.id))
        #expect(rig.state.playing == nil, "the memo stops when its editor opens")
        rig.send(.editorHandleMoved(.start, to: 3))
        rig.send(.editorDeleteTapped)  // keeps 0–3 s
        rig.send(.editorHandleMoved(.start, to: 1))
        _ = rig.calls()
        rig.send(.editorListenTapped)
        #expect(rig.calls() == [.playKept(rig.file(memo), kept: [0 ..< 72_000], from: 1, rate: 1)])
        rig.playback.report(.position(1.5))
        rig.runPosted()
        #expect(rig.state.editorListening?.position == 1.5)
        rig.send(.editorHandleMoved(.end, to: 2))
        #expect(rig.state.editorListening != nil, "moving a handle does not stop it")
        rig.send(.editorTrimTapped)
        #expect(rig.state.editorListening == nil, "what is heard must be what is shown")
        #expect(rig.playback.isStopped)
        rig.send(.editorListenTapped)
        rig.playback.report(.finished)
        rig.runPosted()
        #expect(rig.state.editorListening == nil)
        #expect(rig.state.playing == nil, "the list's playing is not touched")
    }

    @Test func aFailedSaveSaysWhyAndKeepsTheEditorOpen() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.test.library.failures[.saveEdit] = "No space left on device"
        rig.send(.editTapped(memo.id))
        rig.send(.editorHandleMoved(.start, to: 5))
        rig.send(.editorTrimTapped)
        rig.send(.editorSaveTapped)
        rig.runPosted()
        #expect(rig.state.alert == .failed("The memo could not be saved: No space left on device"))
        #expect(rig.state.editor != nil, "the edits are still there to save again or cancel")
        #expect(!rig.state.isSavingEdit)
        #expect(rig.state.memo(memo.id) == memo)
    }

    @Test func aMemoThatIsMissingDeletedOrTooShortDoesNotOpen() {
        let missing = memo(1, isMissing: true)
        let deleted = memo(2, deletedAt: Date())
        let tiny = memo(3, duration: 0.05)
        let rig = Rig(memos: [missing, deleted, tiny])
        for memo in [missing, deleted, tiny] {
            rig.send(.editTapped(memo.id))
            #expect(rig.state.editor == nil)
        }
    }

    @Test func theEditorsWaveformLeavesOutWhatIsCut() {
        var editor = MemoEditor(
            memo: Memo(id: UUID(), date: Date(), duration: 4, waveform: Waveform(levels: [10, 20, 30, 40])))
        #expect(editor.waveform.levels == [10, 20, 30, 40])
        editor.move(.start, to: 1)
        editor.move(.end, to: 3)
        editor.deleteSelection()
        #expect(editor.waveform.levels == [10, 40])
    }
}

/// SPEC I.1 with E.1: a memo being transcribed when its edit is saved is not given the old audio's words.
@Suite("Voice memos: an edit and the transcript under way (SPEC I.1, E.1)")
struct EditingTranscriptTests {
    @Test func theJobOnTheOldAudioIsDroppedAndTheNewAudioTranscribed() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo], transcribes: true)
        #expect(rig.state.transcripts.current?.memoID == memo.id, "transcribing it")
        _ = rig.calls()
        rig.send(.editTapped(memo.id))
        rig.send(.editorHandleMoved(.start, to: 4))
        rig.send(.editorTrimTapped)
        rig.send(.editorSaveTapped)
        rig.runPosted()
        let calls = rig.calls()
        let cancel = calls.firstIndex(of: .cancelTranscription(job: 1))
        let save = calls.firstIndex(of: .saveEdit(memo.id, kept: [96_000 ..< 240_000]))
        let again = calls.lastIndex(of: .transcribe(rig.file(memo)))
        #expect(cancel != nil && save != nil && again != nil, "\(calls)")
        // Dropped in the same step as the save is asked for (any report of it after is not heard), and a new
        // job only once the memo is its new audio.
        if let cancel, let save, let again { #expect(cancel < again && save < again) }
        #expect(rig.state.transcripts.current?.memoID == memo.id)
        #expect(rig.state.transcripts.current?.number == 2, "a new job, on the new audio")
    }
}
