import Foundation
import VoiceRecorder

/// The Voice Memos rules as a value: actions in, effects out (SPEC B.2–B.9).
///
/// Like the recorder's machine it owns no threads, reads no clock and touches no file or device: the caller says
/// what happened and when, and performs the effects it returns, in order (`MemosModel` does, through its
/// `Dependencies`). So every rule is a table — actions in, state and effects out — and the same rules run under
/// GTK's main loop, the command line, or virtual time in tests.
public struct MemosMachine: Sendable {
    /// What the window shows.
    public internal(set) var state: MemosState
    /// Plays so far; the next play is `plays + 1`.
    var plays = 0
    /// Takes started so far; the next take is `takesStarted + 1`.
    var takesStarted = 0
    /// Takes that ended before a new one began and still wait for their outcome (sent or discarded), oldest first.
    var endedTakes: [MemosState.Take] = []
    /// When the app was last busy (the person's doing, a take, a memo playing), on the uptime clock: older memos'
    /// transcription waits for it to be left alone (SPEC E.1). Not state the window shows: a click that changes
    /// nothing still counts.
    var lastActivity = 0.0
    /// Whether a look at how long the app has been left alone is scheduled.
    var isIdleCheckScheduled = false

    public init(state: MemosState = MemosState()) {
        self.state = state
    }

    /// Applies `action`, which happened at `now`, and returns the effects to perform, in order. Actions that make
    /// no sense in the current state (playing a memo that is gone, undoing when there is nothing to undo, news of
    /// a play already left behind) return no effects.
    public mutating func handle(_ action: MemosAction, at now: MemosTime) -> [MemosEffect] {
        // Transcription follows every change that can move it (a take started, a memo kept or deleted, the library
        // opened, a job's news); the player's 20 reports a second and typing never can, and would each look
        // through every memo for the next one to transcribe.
        if action.isActivity { lastActivity = now.uptime }
        let effects = apply(action, at: now)
        // A take or a memo playing keeps the app busy too.
        if state.take != nil || state.playing != nil { lastActivity = now.uptime }
        return action.canMoveTranscription ? effects + followTranscriptionRules(at: now.uptime) : effects
    }

    private mutating func apply(_ action: MemosAction, at now: MemosTime) -> [MemosEffect] {
        switch action {
        case .start:
            guard state.library == .closed else { return [] }
            state.library = .opening
            return [.openLibrary]
        case .firstScreenRead(let memos):
            guard state.library == .opening else { return [] }
            state.library = .firstScreen
            state.memos = memos.sorted { $0.date > $1.date }
            // The rest once the window has drawn these (`.firstScreenShown`), or after a moment at the latest:
            // reading every memo and checking the library takes a while at 10,000 memos, and the first screen
            // should not wait for it.
            return [.schedule(.finishOpening, after: MemosTiming.restOfLibraryDelay)]
        case .firstScreenShown:
            guard state.library == .firstScreen else { return [] }
            return [.cancelTimer(.finishOpening), .finishOpening]
        case .libraryOpened(let memos):
            state.library = .open
            // A memo kept while the first screen showed is in the opened list already (it was written first);
            // anything else shown and not in it is kept rather than dropped.
            let opened = Set(memos.map(\.id))
            let shownOnly = state.memos.filter { !opened.contains($0.id) }
            state.memos = (memos + shownOnly).sorted { $0.date > $1.date }
            return purgeExpired(at: now) + playRequestedMemo()
        case .playRequested(let id, let seconds):
            state.requestedPlay = PlayRequest(id: id, from: seconds)
            return state.library == .open ? playRequestedMemo() : []
        case .personActive:
            return []
        case .powerChanged(let saving):
            state.transcripts.isPowerSaving = saving
            return []
        case .libraryFailedToOpen(let message):
            state.library = .failed(message)
            state.alert = .failed(message)
            return []
        case .kept(let memo):
            insert(memo)
            // Transcribed right after it is kept, before older memos (SPEC E.1).
            state.transcripts.keptFirst.append(memo.id)
            return []
        case .operationFailed(let message):
            state.alert = .failed(message)
            return []
        case .filesDropped(let urls): return filesDropped(urls)
        case .imported(let memo): return imported(memo)
        case .importFailed(let file, let reason): return importFailed(file, reason: reason)
        case .importProblemsShown:
            state.importProblems = []
            return []

        case .recordTapped: return recordTapped()
        case .cancelRecordingTapped:
            guard let take = state.take, take.phase != .idle else { return [] }
            return [.cancelRecording]
        case .accessChecked(let status): return accessChecked(status)
        case .accessAnswered(let granted): return accessAnswered(granted: granted)
        case .recorder(let report): return recorderReported(report, at: now)
        case .recordingElapsed(let elapsed):
            state.take?.elapsed = elapsed
            return []
        case .liveTranscript(let update, let take): return liveTranscriptHeard(update, take: take)

        case .playTapped(let id): return playTapped(id)
        case .seek(let id, let position): return seek(id, to: position)
        case .speedChosen(let speed): return choose(speed)
        case .player(let report, let tag): return playerReported(report, tag)
        case .skipSilenceToggled: return skipSilenceToggled()
        case .enhanceToggled(let id): return enhanceToggled(id)
        case .silencesFound(let id, let skips): return silencesFound(id, skips)

        case .titleEdited(let id, let typed): return titleEdited(id, typed)
        case .titleEditingEnded(let id): return saveTitleNow(id)

        case .delete(let id): return delete(id, at: now)
        case .undoDelete: return undoDelete(at: now)
        case .restore(let id): return restore(id)
        case .deleteForever(let id): return deleteForever(id)

        case .editTapped(let id): return editTapped(id)
        case .editorHandleMoved(let handle, let seconds): return editorChanged { $0.move(handle, to: seconds) }
        case .editorHandleNudged(let handle, let seconds): return editorChanged { $0.nudge(handle, by: seconds) }
        case .editorTrimTapped: return editorChanged { $0.trim() }
        case .editorDeleteTapped: return editorChanged { $0.deleteSelection() }
        case .editorListenTapped: return editorListenTapped()
        case .editorSaveTapped: return editorSaveTapped()
        case .editorCancelTapped: return editorCancelTapped()
        case .editSaved(let saved, let kind): return editSaved(saved, kind, at: now)
        case .editFailed(let message): return editFailed(message)
        case .undoEditTapped: return undoEditTapped(at: now)
        case .revertTapped(let id): return revertTapped(id)

        case .transcriberAvailable:
            state.transcripts.isOn = true
            return []
        case .transcriberUnavailable(let reason):
            state.transcripts.isOn = true
            state.transcripts.unavailable = reason
            return []
        case .transcription(let report, let job): return transcriptionReported(report, job: job)
        case .transcriptSaved(let id, let summary): return transcriptSaved(id, summary)
        case .searchAnswered(let query, let hits): return searchAnswered(query, hits)
        case .searchResultActivated(let id): return searchResultActivated(id)
        case .transcriptOpened(let id): return transcriptOpened(id)
        case .transcriptClosed:
            state.openTranscript = nil
            return []
        case .transcriptLoaded(let id, let transcript): return transcriptLoaded(id, transcript)
        case .transcriptWordActivated(let id, let index): return transcriptWordActivated(id, index)
        case .copyTranscriptTapped(let id): return copyTranscriptTapped(id)
        case .transcriptCopied:
            state.textToCopy = nil
            return []

        case .searchChanged(let text): return searchChanged(text)
        case .alertDismissed:
            state.alert = nil
            return []
        case .openSettingsTapped:
            state.alert = nil
            return [.openSettings]

        case .timerFired(let timer): return timerFired(timer, at: now)
        }
    }

    private mutating func timerFired(_ timer: MemosTimer, at now: MemosTime) -> [MemosEffect] {
        switch timer {
        case .undoWindow:
            state.pendingUndo = nil
            return []
        case .editUndoWindow:
            state.pendingEditUndo = nil
            return []
        case .titleSave(let id):
            guard let title = state.unsavedTitles.removeValue(forKey: id) else { return [] }
            return [.saveTitle(id, title)]
        case .purgeCheck:
            return purgeExpired(at: now)
        case .finishOpening:
            guard state.library == .firstScreen else { return [] }
            return [.finishOpening]
        case .recordingClock:
            guard state.isRecording else { return [] }
            return [.readRecordingElapsed, .schedule(.recordingClock, after: MemosTiming.recordingClockInterval)]
        case .backFillIdle:
            // The transcription rules look again (after every timer), and schedule the next look if still busy.
            isIdleCheckScheduled = false
            return []
        }
    }

    // MARK: - Helpers shared by the rules

    /// The index of the memo with `id`.
    func index(of id: UUID) -> Int? { state.memos.firstIndex { $0.id == id } }

    /// Puts `memo` in the list where its date says (newest first), replacing one with the same id.
    mutating func insert(_ memo: Memo) {
        state.memos.removeAll { $0.id == memo.id }
        let index = state.memos.firstIndex { $0.date < memo.date } ?? state.memos.endIndex
        state.memos.insert(memo, at: index)
    }
}
