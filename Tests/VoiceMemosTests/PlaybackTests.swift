import Foundation
import Testing
import VoiceMemos
import VoiceRecorder

@Suite("Voice memos: playback (SPEC B.4)")
struct PlaybackTests {
    @Test func theOneSpeedIsShownOnceInTheRowBeingListenedTo() {
        let a = memo(1)
        let b = memo(2)
        let rig = Rig(memos: [a, b])
        #expect(rig.state.speedShownFor == nil, "nothing played yet")
        rig.send(.playTapped(a.id))
        #expect(rig.state.speedShownFor == a.id)
        rig.send(.playTapped(a.id))  // stops
        #expect(rig.state.speedShownFor == a.id, "still the row last listened to")
        rig.send(.playTapped(b.id))
        #expect(rig.state.speedShownFor == b.id)
        rig.send(.speedChosen(.double))
        #expect(rig.state.speed == .double, "one speed for the app, wherever it is changed")
    }

    @Test func startingOneMemoStopsTheOthersAudio() {
        let a = memo(1)
        let b = memo(2)
        let rig = Rig(memos: [a, b], pacing: 0.05)
        rig.send(.playTapped(a.id))
        rig.advance(by: 1)
        let first = rig.playback
        _ = rig.calls()

        rig.send(.playTapped(b.id))
        #expect(
            rig.calls() == [.stop(play: 1), .play(rig.file(b), from: 0, rate: 1)], "A's audio stops before B's starts")
        #expect(first.isStopped)
        #expect(first.calls == [.stop])
        #expect(rig.state.playing?.memoID == b.id)
        #expect(!rig.state.isPlaying(a.id))
    }

    @Test func aReportFromAPlayLeftBehindChangesNothing() {
        let a = memo(1)
        let b = memo(2)
        let rig = Rig(memos: [a, b])
        rig.send(.playTapped(a.id))
        let first = rig.playback
        first.report(.position(1))  // made before the switch, delivered after it
        rig.send(.playTapped(b.id))
        rig.runPosted()
        #expect(rig.state.playing?.memoID == b.id)
        #expect(rig.state.position(of: b.id) == 0)
        #expect(rig.state.position(of: a.id) == 0, "A was left at 0: the late report is not A's position")
    }

    @Test func thePositionShownIsThePlayersAtTwentyReportsASecond() throws {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo], pacing: 0.05)
        rig.send(.playTapped(memo.id))
        var shown: [Double] = []
        for _ in 0 ..< 40 {
            rig.advance(by: 0.05)
            let reported = try #require(rig.playback.lastReportedPosition)
            #expect(rig.state.position(of: memo.id) == reported, "the displayed position is the player's")
            shown.append(rig.state.position(of: memo.id))
        }
        // Every report moved it: 20 distinct positions a second, well over the 10 the spec asks.
        #expect(Set(shown).count == 40)
        #expect(close(shown.last!, 2))
    }

    @Test func nothingCountsThePositionButThePlayer() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])  // a player that reports nothing by itself
        rig.send(.playTapped(memo.id))
        rig.advance(by: 5)
        #expect(rig.state.position(of: memo.id) == 0, "no timer counts progress on its own")
        rig.playback.report(.position(0.7))
        rig.runPosted()
        #expect(rig.state.position(of: memo.id) == 0.7)
    }

    @Test func reportsFromAnotherThreadWaitForTheSchedulersThread() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        let playback = rig.playback
        let done = DispatchSemaphore(value: 0)
        Thread {
            playback.report(.position(3))
            done.signal()
        }.start()
        done.wait()
        #expect(rig.state.position(of: memo.id) == 0, "not applied on the player's thread")
        rig.runPosted()
        #expect(rig.state.position(of: memo.id) == 3)
    }

    @Test func reachingTheEndResetsToTheStart() {
        let memo = memo(1, duration: 2)
        let rig = Rig(memos: [memo], pacing: 0.05)
        rig.send(.seek(memo.id, to: 1.5))
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: 1.5, rate: 1)], "plays from where the cursor was")
        rig.advance(by: 0.6)
        #expect(rig.state.playing == nil)
        #expect(rig.state.position(of: memo.id) == 0)
        #expect(rig.calls() == [.stop(play: 1)], "every play is let go of, the finished one too")
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: 0, rate: 1)], "the next play is from the start")
    }

    @Test func seekingWhilePlayingPlaysOnFromThere() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo], pacing: 0.05)
        rig.send(.playTapped(memo.id))
        rig.advance(by: 1)
        _ = rig.calls()
        rig.send(.seek(memo.id, to: 6))
        #expect(rig.calls() == [.seek(play: 1, to: 6)])
        #expect(rig.state.position(of: memo.id) == 6)
        #expect(rig.state.isPlaying(memo.id))
        rig.advance(by: 1)
        #expect(close(rig.state.position(of: memo.id), 7))
    }

    @Test func aPositionMeasuredBeforeASeekDoesNotPullTheCursorBack() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        rig.playback.report(.position(1))  // on its way when the seek happens
        rig.send(.seek(memo.id, to: 6))
        rig.runPosted()
        #expect(rig.state.position(of: memo.id) == 6)
        rig.playback.report(.position(6.05))  // made after the seek
        rig.runPosted()
        #expect(rig.state.position(of: memo.id) == 6.05)
    }

    @Test func seekingWhileStoppedJustMoves() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.seek(memo.id, to: 4))
        #expect(rig.calls().isEmpty, "nothing plays")
        #expect(rig.state.position(of: memo.id) == 4)
        #expect(rig.state.progress(of: memo.id) == 0.4)
        rig.send(.seek(memo.id, to: 99))
        #expect(rig.state.position(of: memo.id) == 10, "clamped to the end")
        rig.send(.seek(memo.id, to: -3))
        #expect(rig.state.position(of: memo.id) == 0, "and to the start")
    }

    @Test func seekingAnotherMemoLeavesThePlayingOneAlone() {
        let a = memo(1)
        let b = memo(2)
        let rig = Rig(memos: [a, b])
        rig.send(.playTapped(a.id))
        _ = rig.calls()
        rig.send(.seek(b.id, to: 3))
        #expect(rig.calls().isEmpty)
        #expect(rig.state.isPlaying(a.id))
        #expect(rig.state.position(of: b.id) == 3)
    }

    @Test(arguments: [PlaybackSpeed.oneAndAHalf, .double])
    func aSpeedIsAppliedToThePlayingMemoAndRemembered(_ speed: PlaybackSpeed) {
        let memo = memo(1, duration: 30)
        let rig = Rig(memos: [memo], pacing: 0.05)
        rig.send(.playTapped(memo.id))
        rig.advance(by: 1)
        _ = rig.calls()
        rig.send(.speedChosen(speed))
        #expect(rig.calls() == [.saveSpeed(speed), .setRate(play: 1, speed.rate)])
        #expect(rig.state.speed == speed)
        rig.advance(by: 2)
        #expect(close(rig.state.position(of: memo.id), 1 + 2 * speed.rate), "positions are in the memo's own time")

        // Remembered: the next start of the app plays at this speed.
        let restarted = MemosModel(dependencies: rig.test.dependencies)
        #expect(restarted.state.speed == speed)
        rig.send(.playTapped(memo.id))
        let left = rig.state.position(of: memo.id)
        _ = rig.calls()
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: left, rate: speed.rate)], "and so does the next play")
    }

    @Test func aChosenSpeedIsUsedByTheNextPlay() {
        let memo = memo(1)
        let rig = Rig(memos: [memo], speed: .double)
        #expect(rig.state.speed == .double, "read from the settings at start")
        rig.send(.speedChosen(.double))
        #expect(rig.calls().isEmpty, "the same speed again changes nothing")
        rig.send(.speedChosen(.normal))
        #expect(rig.calls() == [.saveSpeed(.normal)], "nothing plays: only remembered")
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: 0, rate: 1)])
    }

    @Test func aFailureReportedWhilePlayingShowsTheAlertAndKeepsTheMemo() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        _ = rig.calls()
        rig.playback.report(.failed("the sound server went away"))
        rig.runPosted()
        #expect(rig.state.alert == .playbackFailed)
        #expect(rig.state.playing == nil)
        #expect(rig.calls() == [.stop(play: 1)])
        #expect(rig.state.memos == [memo])
    }

    @Test func aMissingMemoFailsToPlayWithTheAlertAndCanBeDeleted() {
        let missing = memo(1, isMissing: true)
        let rig = Rig(memos: [missing])
        rig.send(.playTapped(missing.id))
        #expect(rig.calls().isEmpty, "its file is gone: the player is not asked")
        #expect(rig.state.alert == .playbackFailed)
        rig.send(.alertDismissed)
        rig.send(.delete(missing.id))
        rig.send(.deleteForever(missing.id))
        #expect(rig.calls() == [.delete(missing.id, at: rig.now), .deleteForever(missing.id)])
        #expect(rig.state.memos.isEmpty)
    }

    @Test func nothingPlaysWhileATakeRecords() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.test.recorder.report(.phase(.holding))
        rig.send(.playTapped(memo.id))
        #expect(rig.calls().isEmpty, "the microphone must not record the speaker")
        #expect(rig.state.playing == nil)
    }

    @Test func everyPlayIsStoppedExactlyOnce() {
        let memos = (1 ... 3).map { memo($0, duration: 1) }
        let rig = Rig(memos: memos, pacing: 0.05)
        // Plays ended every way: switched away from, stopped, finished, failed, deleted.
        rig.send(.playTapped(memos[0].id))
        rig.send(.playTapped(memos[1].id))
        rig.send(.playTapped(memos[1].id))
        rig.send(.playTapped(memos[2].id))
        rig.advance(by: 2)
        rig.send(.playTapped(memos[0].id))
        rig.playback.report(.failed("broken"))
        rig.runPosted()
        rig.send(.playTapped(memos[1].id))
        rig.send(.delete(memos[1].id))
        let plays = rig.test.player.playbacks
        #expect(plays.count == 5)
        for play in plays { #expect(play.calls.filter { $0 == .stop }.count == 1, "play \(play.number)") }
    }
}
