import Foundation
import VoiceMemos
import VoiceRecorder

/// Editing in memory (SPEC I.1): a memo's original and what it keeps are remembered; the audio is not touched
/// (there is none), the duration and the edited flag follow the plan.
extension TestLibrary {
    public func saveEdit(_ id: UUID, keeping plan: MemoEditPlan) throws -> MemoEditSaved {
        log.record(.saveEdit(id, kept: plan.kept))
        try failIfTold(.saveEdit)
        return try lock.withLock {
            guard let index = rows.firstIndex(where: { $0.id == id }) else { throw TestFailure("no memo") }
            let before = edits[id]
            let original = before ?? .whole(frames: Self.frames(rows[index].duration))
            guard plan.originalFrames == original.frames else { throw TestFailure("the memo changed") }
            let after = plan.applied(after: original)
            return set(after.isWhole ? nil : after, before: before, of: index)
        }
    }

    public func revert(_ id: UUID) throws -> MemoEditSaved {
        log.record(.revert(id))
        try failIfTold(.saveEdit)
        return try lock.withLock {
            guard let index = rows.firstIndex(where: { $0.id == id }), let before = edits[id] else {
                throw TestFailure("not edited")
            }
            return set(nil, before: before, of: index)
        }
    }

    public func undo(_ saved: MemoEditSaved) throws -> MemoEditSaved {
        log.record(.undoEdit(saved.memo.id))
        try failIfTold(.saveEdit)
        return try lock.withLock {
            guard let index = rows.firstIndex(where: { $0.id == saved.memo.id }), edits[saved.memo.id] == saved.after
            else { throw TestFailure("changed since") }
            return set(saved.before, before: saved.after, of: index)
        }
    }

    /// Makes row `index` keep `plan` of its original (nil: all of it). Call under the lock.
    private func set(_ plan: MemoEditPlan?, before: MemoEditPlan?, of index: Int) -> MemoEditSaved {
        let id = rows[index].id
        let originalFrames = before?.originalFrames ?? Self.frames(rows[index].duration)
        edits[id] = plan
        rows[index].duration = Double(plan?.frames ?? originalFrames) / Double(AudioFormat.sampleRate)
        rows[index].isEdited = plan != nil
        return MemoEditSaved(memo: rows[index], before: before, after: plan)
    }

    private static func frames(_ duration: Double) -> Int {
        Int((duration * Double(AudioFormat.sampleRate)).rounded())
    }
}
