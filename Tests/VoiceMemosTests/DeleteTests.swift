import Foundation
import Testing
import VoiceMemos

@Suite("Voice memos: delete, undo, Recently Deleted (SPEC B.6)")
struct DeleteTests {
    @Test func undoWithinFiveSecondsBringsTheMemoBack() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.delete(memo.id))
        #expect(rig.state.pendingUndo == MemosState.PendingUndo(memoID: memo.id, expiresAt: 5))
        _ = rig.calls()
        rig.advance(by: 4.9)
        rig.send(.undoDelete)
        #expect(rig.calls() == [.restore(memo.id)])
        #expect(rig.state.pendingUndo == nil)
        #expect(rig.state.visibleMemos.map(\.id) == [memo.id])
        #expect(rig.state.recentlyDeleted.isEmpty)
        #expect(rig.test.library.memos[0].deletedAt == nil)
    }

    @Test func afterFiveSecondsTheToastGoesAndTheMemoStaysInRecentlyDeleted() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.delete(memo.id))
        let deletedAt = rig.now
        _ = rig.calls()
        rig.advance(by: 5)
        #expect(rig.state.pendingUndo == nil)
        rig.send(.undoDelete)
        #expect(rig.calls().isEmpty, "too late to undo")
        #expect(rig.state.recentlyDeleted.map(\.deletedAt) == [deletedAt])
    }

    @Test func aSecondDeleteTakesOverTheToast() {
        let a = memo(1)
        let b = memo(2)
        let rig = Rig(memos: [a, b])
        rig.send(.delete(a.id))
        rig.advance(by: 3)
        rig.send(.delete(b.id))
        rig.advance(by: 3)
        #expect(rig.state.pendingUndo?.memoID == b.id, "its own 5 s, from its delete")
        _ = rig.calls()
        rig.send(.undoDelete)
        #expect(rig.calls() == [.restore(b.id)])
        #expect(rig.state.recentlyDeleted.map(\.id) == [a.id])
    }

    @Test func restoreFromRecentlyDeleted() {
        let rig = Rig(memos: [memo(1, deletedAt: Date(timeIntervalSinceReferenceDate: 799_000_000))])
        let id = rig.state.memos[0].id
        #expect(rig.state.visibleMemos.isEmpty)
        rig.send(.restore(id))
        #expect(rig.calls() == [.restore(id)])
        #expect(rig.state.visibleMemos.map(\.id) == [id])
        rig.send(.restore(id))
        #expect(rig.calls().isEmpty, "not deleted: nothing to restore")
    }

    @Test func deleteForeverRemovesTheRowAndTheFileThroughTheLibrary() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.delete(memo.id))
        rig.send(.deleteForever(memo.id))
        #expect(rig.calls() == [.delete(memo.id, at: rig.now), .deleteForever(memo.id)])
        #expect(rig.state.memos.isEmpty)
        #expect(rig.state.pendingUndo == nil, "nothing left to undo")
        #expect(rig.test.library.memos.isEmpty)
        rig.advance(by: 5)
        rig.send(.undoDelete)
        #expect(rig.calls().isEmpty)
    }

    @Test func recentlyDeletedIsPurgedAfterThirtyDaysOnTheTestClock() {
        let deleted = memo(1)
        let kept = memo(2)
        let rig = Rig(memos: [deleted, kept])
        rig.advance(by: 100)
        rig.send(.delete(deleted.id))
        _ = rig.calls()
        rig.advance(by: RecentlyDeleted.keepingPeriod - 1)
        #expect(rig.calls().isEmpty, "a second short of 30 days: kept")
        #expect(rig.state.recentlyDeleted.map(\.id) == [deleted.id])
        rig.advance(by: 1)
        #expect(rig.calls() == [.deleteForever(deleted.id)], "purged at 30 days, file and row")
        #expect(rig.state.memos.map(\.id) == [kept.id])
    }

    @Test func theLibraryIsPurgedWhenItOpens() {
        let epoch = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let old = memo(1, deletedAt: epoch.addingTimeInterval(-31 * 86_400))
        let recent = memo(2, deletedAt: epoch.addingTimeInterval(-29 * 86_400))
        let rig = Rig(memos: [old, recent], opens: false)
        rig.model.start()
        #expect(rig.calls() == [.open, .deleteForever(old.id)])
        #expect(rig.state.memos.map(\.id) == [recent.id])
        rig.advance(by: 86_400 - 1)
        #expect(rig.calls().isEmpty)
        rig.advance(by: 1)
        #expect(rig.calls() == [.deleteForever(recent.id)])
    }

    @Test func deletingThePlayingMemoStopsItsAudioFirst() {
        let memo = memo(1)
        let rig = Rig(memos: [memo], pacing: 0.05)
        rig.send(.playTapped(memo.id))
        rig.advance(by: 2)
        _ = rig.calls()
        rig.send(.delete(memo.id))
        #expect(rig.calls() == [.stop(play: 1), .delete(memo.id, at: rig.now)])
        #expect(rig.playback.isStopped)
        rig.send(.undoDelete)
        #expect(rig.state.position(of: memo.id) == 0, "restored at its start")
    }

    @Test func deletingAMemoThatIsPlayingForeverStopsItToo() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        _ = rig.calls()
        rig.send(.deleteForever(memo.id))
        #expect(rig.calls() == [.stop(play: 1), .deleteForever(memo.id)])
    }

    @Test func aDeleteTheLibraryRefusesSaysSo() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.test.library.failures[.delete] = "database is locked"
        rig.send(.delete(memo.id))
        #expect(rig.state.alert == .failed("The memo could not be deleted: database is locked"))
    }
}
