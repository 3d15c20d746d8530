import Foundation
import VoiceMemos
import VoiceRecorder

/// Editing in memory (SPEC I.1): a memo's original and what it keeps are remembered; the audio is not touched
/// (there is none), the duration and the edited flag follow the plan.
extension TestLibrary {
    public func saveEdit(_ id: UUID, keeping plan: MemoEditPlan) throws -> MemoEditSaved {
        log.record(.saveEdit(id, kept: plan.kept))
        try failIfTold(.saveEdit)
        return try stored.withLock { stored in
            guard let index = stored.rows.firstIndex(where: { $0.id == id }) else { throw TestFailure("no memo") }
            let before = stored.edits[id]
            let original = before ?? .whole(frames: Self.frames(stored.rows[index].duration))
            guard plan.originalFrames == original.frames else { throw TestFailure("the memo changed") }
            let after = plan.applied(after: original)
            return Self.set(after.isWhole ? nil : after, before: before, of: index, in: &stored)
        }
    }

    public func revert(_ id: UUID) throws -> MemoEditSaved {
        log.record(.revert(id))
        try failIfTold(.saveEdit)
        return try stored.withLock { stored in
            guard let index = stored.rows.firstIndex(where: { $0.id == id }), let before = stored.edits[id] else {
                throw TestFailure("not edited")
            }
            return Self.set(nil, before: before, of: index, in: &stored)
        }
    }

    public func undo(_ saved: MemoEditSaved) throws -> MemoEditSaved {
        log.record(.undoEdit(saved.memo.id))
        try failIfTold(.saveEdit)
        return try stored.withLock { stored in
            guard let index = stored.rows.firstIndex(where: { $0.id == saved.memo.id }),
                stored.edits[saved.memo.id] == saved.after
            else { throw TestFailure("changed since") }
            return Self.set(saved.before, before: saved.after, of: index, in: &stored)
        }
    }

    /// Makes row `index` of `stored` keep `plan` of its original (nil: all of it).
    private static func set(
        _ plan: MemoEditPlan?, before: MemoEditPlan?, of index: Int, in stored: inout Stored
    ) -> MemoEditSaved {
        let id = stored.rows[index].id
        let originalFrames = before?.originalFrames ?? frames(stored.rows[index].duration)
        stored.edits[id] = plan
        stored.rows[index].duration = Double(plan?.frames ?? originalFrames) / Double(AudioFormat.sampleRate)
        stored.rows[index].isEdited = plan != nil
        return MemoEditSaved(memo: stored.rows[index], before: before, after: plan)
    }

    private static func frames(_ duration: Double) -> Int {
        Int((duration * Double(AudioFormat.sampleRate)).rounded())
    }
}
