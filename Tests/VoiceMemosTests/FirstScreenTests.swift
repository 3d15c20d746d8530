import Foundation
import Testing
import VoiceMemos
import VoiceRecorder

/// Opening a large library: its newest memos first, the rest (with the start-up check) a moment later, so a window
/// shows its first screen without waiting for every memo.
@Suite("Memos: the first screen, then the rest")
struct FirstScreenTests {
    private func at(_ seconds: Double) -> MemosTime {
        MemosTime(uptime: seconds, date: Date(timeIntervalSinceReferenceDate: 800_000_000 + seconds))
    }

    @Test func theFirstScreenShowsThenTheRestIsReadAfterItsDelay() {
        var machine = MemosMachine()
        #expect(machine.handle(.start, at: at(0)) == [.openLibrary])
        let newest = [memo(1), memo(2)]  // memo(1) is the newest
        #expect(
            machine.handle(.firstScreenRead(newest), at: at(0))
                == [.schedule(.finishOpening, after: MemosTiming.restOfLibraryDelay)])
        #expect(machine.state.library == .firstScreen)
        #expect(machine.state.visibleMemos.map(\.id) == newest.map(\.id))
        #expect(machine.handle(.timerFired(.finishOpening), at: at(1)) == [.finishOpening], "at the latest")

        let all = (1 ... 9).map { memo($0) }
        _ = machine.handle(.libraryOpened(all), at: at(0.2))
        #expect(machine.state.library == .open)
        #expect(machine.state.memos.map(\.id) == all.map(\.id))
        #expect(machine.handle(.timerFired(.finishOpening), at: at(1)).isEmpty, "read once")
    }

    @Test func aFrontEndThatHasDrawnTheFirstScreenHasTheRestReadAtOnce() {
        var machine = MemosMachine()
        _ = machine.handle(.start, at: at(0))
        _ = machine.handle(.firstScreenRead([memo(1)]), at: at(0))
        #expect(machine.handle(.firstScreenShown, at: at(0.05)) == [.cancelTimer(.finishOpening), .finishOpening])
        _ = machine.handle(.libraryOpened([memo(1), memo(2)]), at: at(0.1))
        #expect(machine.handle(.firstScreenShown, at: at(0.2)).isEmpty)
    }

    @Test func recordingNeedsNoMoreThanTheFirstScreen() {
        var machine = MemosMachine(state: MemosState(access: .granted))
        _ = machine.handle(.start, at: at(0))
        _ = machine.handle(.firstScreenRead([memo(2)]), at: at(0))
        #expect(machine.handle(.recordTapped, at: at(0.05)) == [.checkAccess])
    }

    @Test func aMemoShownBeforeTheRestIsReadIsNotDropped() {
        var machine = MemosMachine()
        _ = machine.handle(.start, at: at(0))
        _ = machine.handle(.firstScreenRead([memo(2)]), at: at(0))
        _ = machine.handle(.kept(memo(1)), at: at(0.05))
        _ = machine.handle(.libraryOpened([memo(2), memo(3)]), at: at(0.1))
        #expect(machine.state.memos.map(\.id) == [memo(1).id, memo(2).id, memo(3).id])
    }

    @Test func theModelReadsTheFirstScreenThenOpensOnTheClock() {
        let rig = Rig(memos: (1 ... 80).map { memo($0) }, opens: false) { $0.library.offersFirstScreen = true }
        rig.model.start()
        #expect(rig.calls() == [.firstScreen(limit: MemosTiming.firstScreenCount)])
        #expect(rig.state.visibleMemos.count == MemosTiming.firstScreenCount)
        #expect(rig.state.library == .firstScreen)
        rig.advance(by: MemosTiming.restOfLibraryDelay)
        #expect(rig.calls() == [.open])
        #expect(rig.state.library == .open)
        #expect(rig.state.visibleMemos.count == 80)
    }

    @Test func aLibraryThatCannotBeOpenedFailsAtTheFirstScreen() {
        let rig = Rig(opens: false) {
            $0.library.offersFirstScreen = true
            $0.library.failures = [.open: "memos.sqlite: not a memos library"]
        }
        rig.model.start()
        guard case .failed(let message) = rig.state.library else {
            Issue.record("expected a failure, got \(rig.state.library)")
            return
        }
        #expect(message.contains("memos.sqlite: not a memos library"))
    }
}
