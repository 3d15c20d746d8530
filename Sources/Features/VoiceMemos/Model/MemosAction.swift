import Foundation
import VoiceRecorder

/// Something that happened to the memos, fed to `MemosMachine.handle(_:at:)`: what the person did, and what the
/// library, the recorder, the player, access and the timers answered.
public enum MemosAction: Sendable, Equatable {
    // MARK: The library

    /// The app started: open the library.
    case start
    /// The library's first screen: its newest memos in the list, read before the start-up check.
    case firstScreenRead([Memo])
    /// The front end has drawn the first screen: read the rest now.
    case firstScreenShown
    /// The library opened with these memos (Recently Deleted included, newest first).
    case libraryOpened([Memo])
    /// The library could not be opened; the text names the file and says what is wrong.
    case libraryFailedToOpen(String)
    /// The library kept a sent take as this memo.
    case kept(Memo)
    /// Play this memo from this second, as soon as the library is open (the desktop's search activated it, SPEC
    /// J.1). A memo the library does not have is ignored.
    case playRequested(UUID, from: Double)
    /// Something the library or the settings could not do; the text says what.
    case operationFailed(String)

    // MARK: Files in (SPEC J.3)

    /// Files were dropped on the window: each is imported as a memo, in the order given.
    case filesDropped([URL])
    /// The importer brought a dropped file in as this memo.
    case imported(Memo)
    /// A dropped file was not imported: its name as shown, and why in words.
    case importFailed(file: String, reason: String)
    /// The window has shown the import problems it was given (`MemosState.importProblems`).
    case importProblemsShown

    // MARK: Recording

    /// The record button: starts a hands-free take (asking for access first if needed), or keeps the take that is
    /// being recorded. The hold-to-record control drives the recorder itself; its news arrives as `.recorder`.
    case recordTapped
    /// Discards the take that is being recorded.
    case cancelRecordingTapped
    /// What access is, found out without asking (after `recordTapped`).
    case accessChecked(AccessStatus)
    /// The person's answer to the access question.
    case accessAnswered(granted: Bool)
    /// What the recorder reported.
    case recorder(RecorderReport)
    /// The take's elapsed seconds, read from the recorder.
    case recordingElapsed(Double)
    /// What the live transcriber heard of take number `take` (SPEC K).
    case liveTranscript(LiveTranscriptUpdate, take: Int)

    // MARK: Playback

    /// The play/stop button of a memo: plays it (stopping any other), or stops it if it plays.
    case playTapped(UUID)
    /// A press or drag on a memo's waveform: moves its cursor there (and plays on from there if it plays).
    case seek(UUID, to: Double)
    /// A playback speed was chosen.
    case speedChosen(PlaybackSpeed)
    /// What the player reported about the play `tag` names.
    case player(PlaybackReport, PlaybackTag)
    /// Skip Silence was switched on or off (SPEC I.2).
    case skipSilenceToggled
    /// A memo's Enhance was switched on or off (SPEC I.3).
    case enhanceToggled(UUID)
    /// A memo's pauses were found (nil: its audio could not be read for them; it plays whole).
    case silencesFound(UUID, SilenceSkips?)

    // MARK: Titles

    /// The title field of a memo now holds this text.
    case titleEdited(UUID, String)
    /// The title field was left (focus moved away, Enter): save now.
    case titleEditingEnded(UUID)

    // MARK: Deleting

    /// Moves a memo to Recently Deleted (stopping it first if it plays) and offers Undo for 5 s.
    case delete(UUID)
    /// The toast's Undo: brings the deleted memo back.
    case undoDelete
    /// Brings a memo back from Recently Deleted.
    case restore(UUID)
    /// Deletes a memo forever, its file too.
    case deleteForever(UUID)

    // MARK: Editing (SPEC I.1)

    /// Edit was chosen on a memo: the editor opens on it.
    case editTapped(UUID)
    /// A handle was put at a time (seconds of what the edits keep), by a drag or a press.
    case editorHandleMoved(MemoEditor.Handle, to: Double)
    /// A handle was moved by a key's step.
    case editorHandleNudged(MemoEditor.Handle, by: Double)
    /// Trim: keep only the selection.
    case editorTrimTapped
    /// Delete: cut the selection out.
    case editorDeleteTapped
    /// Listen to what would be kept, or stop listening.
    case editorListenTapped
    /// Save the edits.
    case editorSaveTapped
    /// Leave the memo as it was.
    case editorCancelTapped
    /// The library saved an edit, a revert or an undo.
    case editSaved(MemoEditSaved, MemoEditKind)
    /// The library could not save it; the text says why.
    case editFailed(String)
    /// Undo the save just made (the toast's Undo, Ctrl+Z).
    case undoEditTapped
    /// Revert to Original was chosen on a memo.
    case revertTapped(UUID)

    // MARK: Transcripts and search (SPEC E)

    /// The runtime has a transcriber: memos without a transcript are queued from now on.
    case transcriberAvailable
    /// The runtime's transcriber can't work on this machine (no engine installed): why, in words.
    case transcriberUnavailable(String)
    /// What the transcriber reported about job number `job`.
    case transcription(TranscriptionReport, job: Int)
    /// The library stored a memo's transcript (or its failure): its new summary.
    case transcriptSaved(UUID, TranscriptSummary)
    /// The library's results for a search.
    case searchAnswered(String, [SearchHit])
    /// A search result's snippet was activated: play from just before its word.
    case searchResultActivated(UUID)
    /// A memo's transcript was opened.
    case transcriptOpened(UUID)
    /// The transcript view was closed.
    case transcriptClosed
    /// The library read a memo's transcript (nil: it has none).
    case transcriptLoaded(UUID, Transcript?)
    /// A word of the open transcript was clicked (its index): play from it.
    case transcriptWordActivated(UUID, Int)
    /// The memo menu's Copy Transcript.
    case copyTranscriptTapped(UUID)
    /// The front end has put `textToCopy` on the clipboard.
    case transcriptCopied

    // MARK: Search and alerts

    /// The search field now holds this text.
    case searchChanged(String)
    /// The alert was dismissed.
    case alertDismissed
    /// The permission alert's Open Settings.
    case openSettingsTapped

    // MARK: Time

    /// A timer the machine asked for fell due.
    case timerFired(MemosTimer)
    /// The person did something in the window (a key, a click, a scroll): older memos' transcription waits.
    case personActive
    /// The machine went on battery or into power-saver mode, or came back (SPEC E.1): older memos wait meanwhile.
    case powerChanged(saving: Bool)
}

extension MemosAction {
    /// Whether the action can start, hold, resume or drop a transcription job: not the player's news, seeking, the
    /// speed, typing a title or a search, the transcript view's reading and clicks, or the take's clock.
    var canMoveTranscription: Bool {
        switch self {
        case .player, .seek, .speedChosen, .recordingElapsed, .liveTranscript, .titleEdited, .titleEditingEnded,
            .searchChanged,
            .searchAnswered, .searchResultActivated, .transcriptOpened, .transcriptClosed, .transcriptLoaded,
            .transcriptWordActivated, .copyTranscriptTapped, .transcriptCopied, .alertDismissed, .playTapped,
            .playRequested, .personActive, .filesDropped, .importFailed, .importProblemsShown, .editTapped,
            .silencesFound,
            .editorHandleMoved, .editorHandleNudged, .editorTrimTapped, .editorDeleteTapped, .editorListenTapped,
            .editorCancelTapped:
            false
        default:
            true
        }
    }
}

extension MemosAction {
    /// Whether the action is the person's doing (or the app working for them): older memos' transcription waits
    /// until they have left the app alone for a while (SPEC E.1).
    var isActivity: Bool {
        switch self {
        case .start, .recordTapped, .cancelRecordingTapped, .playTapped, .seek, .speedChosen, .titleEdited,
            .titleEditingEnded, .delete, .undoDelete, .restore, .deleteForever, .searchChanged, .searchResultActivated,
            .transcriptOpened, .transcriptWordActivated, .copyTranscriptTapped, .alertDismissed, .openSettingsTapped,
            .playRequested, .personActive, .filesDropped, .editTapped, .editorHandleMoved, .editorHandleNudged,
            .editorTrimTapped, .editorDeleteTapped, .editorListenTapped, .editorSaveTapped, .editorCancelTapped,
            .undoEditTapped, .revertTapped, .skipSilenceToggled:
            true
        default:
            false
        }
    }
}
