import Foundation
import Testing
import VoiceMemos
import VoiceRecorder

/// The wall clock at virtual second `seconds` (the same epoch as the test memos).
private func at(_ seconds: Double) -> MemosTime {
    MemosTime(uptime: seconds, date: Date(timeIntervalSinceReferenceDate: 800_000_000 + seconds))
}

/// A machine with `memos` open, and the effects of each step that follows.
private func run(
    _ memos: [Memo], access: AccessStatus = .granted,
    _ steps: [(Double, MemosAction)]
) -> (MemosMachine, [[MemosEffect]]) {
    var machine = MemosMachine(state: MemosState(access: access))
    _ = machine.handle(.start, at: at(0))
    _ = machine.handle(.libraryOpened(memos), at: at(0))
    var effects: [[MemosEffect]] = []
    for (time, action) in steps { effects.append(machine.handle(action, at: at(time))) }
    return (machine, effects)
}

@Suite("Memos machine: actions in, effects out")
struct MemosMachineTests {
    @Test func startOpensTheLibraryOnce() {
        var machine = MemosMachine()
        #expect(machine.handle(.start, at: at(0)) == [.openLibrary])
        #expect(machine.state.library == .opening)
        #expect(machine.handle(.start, at: at(1)).isEmpty)
    }

    @Test func openingSortsNewestFirstAndSchedulesThePurgeCheck() {
        let memos = [memo(3), memo(1), memo(2)]
        var machine = MemosMachine()
        _ = machine.handle(.start, at: at(0))
        #expect(machine.handle(.libraryOpened(memos), at: at(0)) == [.schedule(.purgeCheck, after: 3600)])
        #expect(machine.state.memos.map(\.id) == [memo(1).id, memo(2).id, memo(3).id])
        #expect(machine.state.library == .open)
    }

    @Test func theRecordButtonChecksAccessThenStarts() {
        let (machine, effects) = run([], [(0, .recordTapped), (0, .recordTapped), (0, .accessChecked(.granted))])
        #expect(effects == [[.checkAccess], [], [.startRecording]])
        #expect(!machine.state.isCheckingAccess)
    }

    @Test func anUndeterminedCheckAsksAndTheAnswerDecides() {
        let (machine, effects) = run(
            [], access: .undetermined,
            [
                (0, .recordTapped), (0, .accessChecked(.undetermined)), (1, .accessChecked(.denied)),
                (2, .accessAnswered(granted: false)), (3, .accessAnswered(granted: true)),
            ])
        #expect(
            effects == [[.checkAccess], [.requestAccess], [], [], []],
            "a check while asking and a second answer change nothing")
        #expect(machine.state.access == .denied)
        #expect(machine.state.alert == .permissionRequired)
    }

    @Test func aTakeFromTheControlStopsPlaybackAndReadsItsClock() {
        let memo = memo(1)
        let (machine, effects) = run(
            [memo],
            [
                (0, .playTapped(memo.id)), (1, .player(.position(0.9), PlaybackTag(play: 1))),
                (1, .recorder(.phase(.holding))), (1.1, .timerFired(.recordingClock)), (1.15, .recordingElapsed(0.1)),
                (2, .recorder(.phase(.idle))), (2, .recorder(.sent(recording(duration: 1)))),
            ])
        #expect(effects[0] == [.play(memo.id, from: 0, rate: 1, play: 1)])
        #expect(
            effects[2] == [
                .stopPlayback(play: 1), .schedule(.recordingClock, after: 0.1), .startLiveTranscript(take: 1),
            ])
        #expect(effects[3] == [.readRecordingElapsed, .schedule(.recordingClock, after: 0.1)])
        #expect(effects[5] == [.cancelTimer(.recordingClock)])
        #expect(
            effects[6] == [.stopLiveTranscript, .keep(recording(duration: 1), date: at(1).date, isRecovered: false)])
        #expect(machine.state.positions[memo.id] == 0.9, "the stopped memo keeps where it was heard")
    }

    @Test func aDeleteSavesTheTitleStopsThePlayMovesTheMemoAndOpensTheUndoWindow() {
        let memo = memo(1)
        let (machine, effects) = run(
            [memo],
            [
                (0, .playTapped(memo.id)), (0, .titleEdited(memo.id, "A")),
                (0.2, .delete(memo.id)),
            ])
        #expect(
            effects[2] == [
                .cancelTimer(.titleSave(memo.id)), .saveTitle(memo.id, "A"), .stopPlayback(play: 1),
                .moveToRecentlyDeleted(memo.id, at: at(0.2).date), .schedule(.undoWindow, after: 5),
            ])
        #expect(machine.state.pendingUndo == MemosState.PendingUndo(memoID: memo.id, expiresAt: 5.2))
    }

    @Test func undoIsRefusedOnceItsWindowHasPassedEvenBeforeItsTimer() {
        let memo = memo(1)
        let (machine, effects) = run([memo], [(0, .delete(memo.id)), (5, .undoDelete)])
        #expect(effects[1].isEmpty)
        #expect(machine.state.memo(memo.id)?.isDeleted == true)
    }

    @Test func theTimersDoTheirOneThing() {
        let memo = memo(1)
        let (machine, effects) = run(
            [memo],
            [
                (0, .titleEdited(memo.id, "Ab")), (0.5, .timerFired(.titleSave(memo.id))),
                (0.6, .timerFired(.titleSave(memo.id))), (1, .delete(memo.id)), (6, .timerFired(.undoWindow)),
                (7, .timerFired(.recordingClock)),
            ])
        #expect(effects[0] == [.schedule(.titleSave(memo.id), after: 0.5)])
        #expect(effects[1] == [.saveTitle(memo.id, "Ab")])
        #expect(effects[2].isEmpty, "nothing more to save")
        #expect(effects[4].isEmpty)
        #expect(machine.state.pendingUndo == nil)
        #expect(effects[5].isEmpty, "no take, no clock")
    }

    @Test(arguments: [
        MemosAction.playTapped(UUID()), .seek(UUID(), to: 1), .delete(UUID()), .restore(UUID()),
        .deleteForever(UUID()), .titleEdited(UUID(), "x"), .titleEditingEnded(UUID()), .undoDelete,
        .player(.finished, PlaybackTag(play: 1)), .player(.position(1), PlaybackTag(play: 7)),
        .cancelRecordingTapped, .recorder(.phase(.idle)), .recorder(.cancelled(.cancelled)),
        .accessAnswered(granted: true), .recordingElapsed(3), .speedChosen(.normal),
    ])
    func actionsThatMakeNoSenseChangeNothing(_ action: MemosAction) {
        let (before, _) = run([memo(1)], [])
        let (after, effects) = run([memo(1)], [(1, action)])
        #expect(effects == [[]])
        #expect(after.state == before.state)
    }

    @Test func aPurgeCheckDeletesWhatIsDueAndLooksAgainWhenTheNextFallsDue() {
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let due = memo(1, deletedAt: base.addingTimeInterval(-RecentlyDeleted.keepingPeriod))
        let soon = memo(2, deletedAt: base.addingTimeInterval(-RecentlyDeleted.keepingPeriod + 600))
        var machine = MemosMachine()
        _ = machine.handle(.start, at: at(0))
        #expect(
            machine.handle(.libraryOpened([due, soon]), at: at(0))
                == [.deleteForever(due.id), .schedule(.purgeCheck, after: 600)])
        #expect(
            machine.handle(.timerFired(.purgeCheck), at: at(600)) == [
                .deleteForever(soon.id),
                .schedule(.purgeCheck, after: 3600),
            ])
        #expect(machine.state.memos.isEmpty)
    }
}
