import Foundation
import VoiceMemos
import VoiceRecorder
import VoiceRecorderPOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Editing a memo (SPEC I.1): trim, cut, revert, undo, with the original kept until the memo is deleted forever.
///
/// **What is kept.** At a memo's first edit its file gets a second name, `originals/<id>.<ext>`, and a row in
/// `originals` remembers its duration, waveform and transcript. Every save after that is written from the original
/// through the composed plan (`MemoEditPlan.applied(after:)`): one encoding away from it however often the memo is
/// edited, and Revert puts the original's own file back (a rename, no encoding).
///
/// **Saving** goes in this order (`EditStep`), so that a kill at any instant leaves the memo whole, as it was or as
/// it is after the save, its audio, row, transcript and waveform agreeing:
/// 1. the new audio is written to a new file in `edits/` and synchronized (outside the library's lock: seconds for
///    a long memo); a revert gives the original a second name there instead;
/// 2. in one transaction: the memo is checked unchanged since the edit was planned, a first edit links the memo's
///    file into `originals/`, the row gets the new duration and waveform, the transcript its moved words, and
///    `pending_edit` names the new file; COMMIT;
/// 3. the new file is renamed over the memo's (one atomic step) and the directory synchronized; a revert then
///    removes the original's second name;
/// 4. the mark is cleared.
///
/// A kill before 2's commit leaves the old memo whole, and the next start removes the unmarked file in `edits/`
/// (and a first edit's link, still the memo's own file). A kill after it leaves the new row with the mark, and the
/// next start finishes 3 and 4 (`EditRepair`). The memo's file is never rewritten in place.
extension SQLiteMemoLibrary {
    /// Trims or cuts memo `id` (its times are the memo's as it is now) and saves it; returns the memo and what
    /// undoes it. Throws `MemoEditError` (nothing touched) for a range it can't make, `MemoLibraryError` otherwise.
    public func edit(_ id: UUID, _ edit: MemoEdit) throws -> MemoEditSaved {
        let start = try editStart(of: id)
        do {
            return try save(id, to: try target(of: edit, from: start), from: start)
        } catch let changed as EditedAudio.ChangedSource where start.current == nil {
            // The row's duration was not its file's length to the frame (a file adopted from elsewhere): the
            // decoder's count is the truth, so the range is planned again on it.
            var corrected = start
            corrected.originalFrames = changed.found
            return try save(id, to: try target(of: edit, from: corrected), from: corrected)
        }
    }

    /// Saves what `plan` (made over the memo's frames as it is now, as the editor makes it) keeps of memo `id`.
    /// Throws `.changedWhileEditing` when the memo is no longer the length the plan was made for.
    public func saveEdit(_ id: UUID, keeping plan: MemoEditPlan) throws -> MemoEditSaved {
        let start = try editStart(of: id)
        let current = start.current ?? .whole(frames: start.originalFrames)
        guard plan.originalFrames == current.frames,
            MemoEditPlan.isValid(kept: plan.kept, originalFrames: plan.originalFrames)
        else { throw MemoLibraryError.changedWhileEditing(id) }
        let target = plan.applied(after: current)
        return try save(id, to: target.isWhole ? nil : target, from: start)
    }

    /// Puts memo `id` back as it was recorded: its original audio, duration, waveform and transcript. Throws
    /// `.notEdited` for a memo that is its original.
    public func revert(_ id: UUID) throws -> MemoEditSaved {
        let start = try editStart(of: id)
        guard start.current != nil else { throw MemoLibraryError.notEdited(id) }
        return try save(id, to: nil, from: start)
    }

    /// Undoes `saved` (an edit or a revert just made): the memo goes back to what it kept before it. Throws
    /// `.undoOutOfDate` when the memo has changed since.
    public func undo(_ saved: MemoEditSaved) throws -> MemoEditSaved {
        let id = saved.memo.id
        let start = try editStart(of: id)
        guard start.current == saved.after else { throw MemoLibraryError.undoOutOfDate(id) }
        if saved.before == nil && start.current == nil {
            return MemoEditSaved(memo: start.memo, before: nil, after: nil)
        }
        return try save(id, to: saved.before, from: start)
    }

    // MARK: Planning

    /// Where memo `id` stands before an edit, read under the lock.
    struct EditStart {
        var memo: Memo
        var format: TakeFormat
        /// What it keeps of its original; nil when it is its original.
        var current: MemoEditPlan?
        /// The original's length in frames.
        var originalFrames: Int
        /// The file the new audio is made from: the original (`originals/…`, or the memo's own file when unedited).
        var source: URL
        /// The original's transcript, when it has one.
        var originalTranscript: Transcript?
    }

    func editStart(of id: UUID) throws -> EditStart {
        try locked {
            let store = try openStore()
            return try database {
                guard let memo = try store.table.memo(id, missing: fileIsMissing) else {
                    throw MemoLibraryError.noMemo(id)
                }
                let file = layout.file(of: id)
                guard !memo.isMissing else {
                    throw MemoLibraryError.file(file, action: "edit the memo", reason: POSIX.words(for: ENOENT))
                }
                guard try store.originals.pendingEdit(of: id) == nil else {
                    throw MemoLibraryError.changedWhileEditing(id)
                }
                let format = LibraryLayout.format(ofFileName: file.lastPathComponent) ?? .aac
                if let original = try store.originals.original(of: id) {
                    return EditStart(
                        memo: memo, format: format, current: original.kept,
                        originalFrames: original.kept.originalFrames,
                        source: layout.original(of: id, format: format), originalTranscript: original.transcript)
                }
                return EditStart(
                    memo: memo, format: format, current: nil,
                    originalFrames: Int((memo.duration * Double(AudioFormat.sampleRate)).rounded()), source: file,
                    originalTranscript: try store.transcripts.transcript(of: id))
            }
        }
    }

    /// What `edit` makes the memo keep of its original; nil when that is all of it (the original again).
    private func target(of edit: MemoEdit, from start: EditStart) throws -> MemoEditPlan? {
        let current = start.current ?? .whole(frames: start.originalFrames)
        let step = try edit.plan(frames: current.frames)
        let target = step.applied(after: current)
        return target.isWhole ? nil : target
    }
}
