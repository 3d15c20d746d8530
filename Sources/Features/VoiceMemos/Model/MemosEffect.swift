import Foundation
import VoiceRecorder

/// The timers the machine asks for. Scheduling one that is already scheduled replaces it.
public enum MemosTimer: Sendable, Hashable {
    /// The end of the "Memo deleted" toast's Undo (5 s).
    case undoWindow
    /// Saving the title typed into a memo (at most 0.5 s behind).
    case titleSave(UUID)
    /// The next look at Recently Deleted for memos past their 30 days.
    case purgeCheck
    /// The next reading of the take's elapsed time.
    case recordingClock
    /// The end of the "Memo trimmed" toast's Undo (5 s).
    case editUndoWindow
    /// Reading the rest of the library after its first screen.
    case finishOpening
    /// A look at whether the app has been left alone long enough to transcribe older memos.
    case backFillIdle
}

/// What the runtime must do after a `MemosMachine` transition, in the order listed. Each is one call on one
/// dependency; whatever it answers comes back as an action.
public enum MemosEffect: Sendable, Equatable {
    // MARK: The library

    /// Open the library: answer `.firstScreenRead` when it can show its newest memos before the start-up check
    /// (`MemoLibrary.firstScreen(limit:)`), else `.libraryOpened`; or `.libraryFailedToOpen`.
    case openLibrary
    /// Read every memo, after the start-up check and its repairs (`MemoLibrary.open()`): answer `.libraryOpened`
    /// or `.libraryFailedToOpen`.
    case finishOpening
    /// Keep a sent take as a new memo with a fresh id: answer `.kept` or `.operationFailed`.
    case keep(Recording, date: Date, isRecovered: Bool)
    /// Import the audio file at this URL as a new memo with a fresh id: answer `.imported` or `.importFailed`.
    case importFile(URL)
    /// Save a memo's title (already cleaned).
    case saveTitle(UUID, String)
    /// Move a memo to Recently Deleted at `date`.
    case moveToRecentlyDeleted(UUID, at: Date)
    /// Bring a memo back from Recently Deleted.
    case restore(UUID)
    /// Delete a memo forever, its file too.
    case deleteForever(UUID)
    /// Save what `keeping` keeps of a memo as it is (SPEC I.1): answer `.editSaved(_, kind)` or `.editFailed`.
    case saveEdit(UUID, keeping: MemoEditPlan, kind: MemoEditKind)
    /// Put a memo's original back: answer `.editSaved(_, .reverted)` or `.editFailed`.
    case revertMemo(UUID)
    /// Undo a save: answer `.editSaved(_, .undone)` or `.editFailed`.
    case undoEdit(MemoEditSaved)

    // MARK: Recording

    /// Read microphone access without asking: answer `.accessChecked`.
    case checkAccess
    /// Ask the person for microphone access: answer `.accessAnswered`.
    case requestAccess
    /// Start a hands-free take.
    case startRecording
    /// Finish the take and send it.
    case sendRecording
    /// Discard the take.
    case cancelRecording
    /// Read the take's elapsed time: answer `.recordingElapsed`.
    case readRecordingElapsed
    /// Start the live transcript of take number `take` (SPEC K): its reports come back as `.liveTranscript`.
    case startLiveTranscript(take: Int)
    /// Stop the live transcript (the take ended): nothing more of it is reported.
    case stopLiveTranscript

    // MARK: Playback

    /// Play a memo's file from `from` seconds at `rate`, as play number `play`; its reports come back as
    /// `.player(_, PlaybackTag(play: play, seek: …))`, a failure to start as `.player(.failed, …)`. `enhanced`:
    /// with its noise suppressed and its level evened (the memo's Enhance switch, SPEC I.3).
    case play(UUID, from: Double, rate: Double, play: Int, enhanced: Bool = false)
    /// Play the frames `keeping` of a memo's file, one after the other, from `from` seconds of what they hold, at
    /// `rate`, as play number `play` (the editor's listening; a memo skipping its silences): positions and seeks
    /// in seconds of what is kept. `enhanced` as for `play`.
    case playKept(UUID, keeping: [Range<Int>], from: Double, rate: Double, play: Int, enhanced: Bool = false)
    /// Find the pauses skip silence shortens in a memo: answer `.silencesFound`.
    case findSilences(UUID)
    /// Remember whether long pauses are skipped.
    case saveSkipsSilence(Bool)
    /// Store a memo's Enhance switch (SPEC I.3).
    case saveEnhanced(UUID, Bool)
    /// Stop play number `play` (and let go of it). Every play is stopped exactly once, even one that ended.
    case stopPlayback(play: Int)
    /// Move play number `play` to `to` seconds; it plays on from there.
    case seekPlayback(play: Int, to: Double)
    /// Change the speed of play number `play`.
    case setPlaybackRate(play: Int, rate: Double)
    /// Remember the playback speed.
    case saveSpeed(PlaybackSpeed)

    // MARK: Transcripts and search (SPEC E)

    /// Transcribe a memo's file as job number `job`; its reports come back as `.transcription(_, job:)`.
    case transcribe(UUID, job: Int)
    /// Hold job `job` (a take is being recorded).
    case pauseTranscription(job: Int)
    /// Let job `job` go on.
    case resumeTranscription(job: Int)
    /// Drop job `job`: nothing more is reported of it.
    case cancelTranscription(job: Int)
    /// Store a memo's transcript: answer `.transcriptSaved`.
    case saveTranscript(UUID, Transcript)
    /// Store that a memo's job failed, and why: answer `.transcriptSaved`.
    case saveTranscriptFailure(UUID, String)
    /// Search titles and transcripts: answer `.searchAnswered`.
    case search(String)
    /// Read a memo's transcript: answer `.transcriptLoaded`.
    case loadTranscript(UUID)

    // MARK: Other

    /// Open the desktop's sound settings.
    case openSettings
    /// Run `.timerFired(timer)` after `after` seconds (replacing the same timer if it is pending).
    case schedule(MemosTimer, after: Double)
    /// Call a pending timer off.
    case cancelTimer(MemosTimer)
}
