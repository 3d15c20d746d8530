import Foundation

/// Titles, deleting, undo and Recently Deleted (SPEC B.5, B.6).
extension MemosMachine {
    // MARK: - Titles

    mutating func titleEdited(_ id: UUID, _ typed: String) -> [MemosEffect] {
        guard let index = index(of: id) else { return [] }
        let title = MemoTitle.clean(typed)
        guard title != state.memos[index].title else { return [] }
        state.memos[index].title = title
        let isWaiting = state.unsavedTitles[id] != nil
        state.unsavedTitles[id] = title
        // The first unsaved edit starts the wait and later ones join it: a save is never more than 0.5 s behind,
        // however fast and long someone types.
        return isWaiting ? [] : [.schedule(.titleSave(id), after: MemosTiming.titleSaveDelay)]
    }

    /// Saves a typed title now (the field was left, or the memo is about to go).
    mutating func saveTitleNow(_ id: UUID) -> [MemosEffect] {
        guard let title = state.unsavedTitles.removeValue(forKey: id) else { return [] }
        return [.cancelTimer(.titleSave(id)), .saveTitle(id, title)]
    }

    // MARK: - Deleting

    mutating func delete(_ id: UUID, at now: MemosTime) -> [MemosEffect] {
        guard let index = index(of: id), !state.memos[index].isDeleted else { return [] }
        // What was typed is saved first, and a playing memo stops before it goes.
        var effects = saveTitleNow(id)
        if state.isPlaying(id) { effects += stopPlaying() }
        state.positions[id] = nil
        state.memos[index].deletedAt = now.date
        // Deleted at once, not when the toast goes: a crash during the 5 s leaves it in Recently Deleted.
        effects.append(.moveToRecentlyDeleted(id, at: now.date))
        state.pendingUndo = MemosState.PendingUndo(memoID: id, expiresAt: now.uptime + RecentlyDeleted.undoWindow)
        effects.append(.schedule(.undoWindow, after: RecentlyDeleted.undoWindow))
        return effects
    }

    mutating func undoDelete(at now: MemosTime) -> [MemosEffect] {
        guard let undo = state.pendingUndo, now.uptime < undo.expiresAt else { return [] }
        state.pendingUndo = nil
        return [.cancelTimer(.undoWindow)] + bringBack(undo.memoID)
    }

    mutating func restore(_ id: UUID) -> [MemosEffect] {
        var effects: [MemosEffect] = []
        if state.pendingUndo?.memoID == id {
            state.pendingUndo = nil
            effects.append(.cancelTimer(.undoWindow))
        }
        return effects + bringBack(id)
    }

    private mutating func bringBack(_ id: UUID) -> [MemosEffect] {
        guard let index = index(of: id), state.memos[index].isDeleted else { return [] }
        state.memos[index].deletedAt = nil
        return [.restore(id)]
    }

    mutating func deleteForever(_ id: UUID) -> [MemosEffect] {
        guard let index = index(of: id) else { return [] }
        var effects = forget(id)
        state.memos.remove(at: index)
        effects.append(.deleteForever(id))
        return effects
    }

    /// Lets go of everything that refers to a memo about to be gone for good.
    private mutating func forget(_ id: UUID) -> [MemosEffect] {
        var effects: [MemosEffect] = []
        if state.isPlaying(id) { effects += stopPlaying() }
        state.positions[id] = nil
        if state.unsavedTitles.removeValue(forKey: id) != nil { effects.append(.cancelTimer(.titleSave(id))) }
        if state.pendingUndo?.memoID == id {
            state.pendingUndo = nil
            effects.append(.cancelTimer(.undoWindow))
        }
        return effects
    }

    // MARK: - Recently Deleted's 30 days

    /// Deletes forever every memo past its 30 days in Recently Deleted, and schedules the next look: in an hour,
    /// or when the next memo falls due if that is sooner.
    mutating func purgeExpired(at now: MemosTime) -> [MemosEffect] {
        var effects: [MemosEffect] = []
        for memo in RecentlyDeleted.dueForPurge(state.memos, at: now.date) { effects += deleteForever(memo.id) }
        let nextDue = state.memos.compactMap(RecentlyDeleted.purgeDate(of:)).min()
        var delay = MemosTiming.purgeCheckInterval
        if let nextDue { delay = min(delay, max(nextDue.timeIntervalSince(now.date), 0)) }
        effects.append(.schedule(.purgeCheck, after: delay))
        return effects
    }
}
