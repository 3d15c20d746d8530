import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// The Composable Architecture Voice Memos example's eleven tests, walked step by step on the test clock, without
/// sleeping — and asserting what that example could not: the file kept through the library, the player's audio
/// really stopped, the position read from the player.
@Suite("Voice memos: the example's tests (SPEC B.2, B.4, B.6)")
struct VoiceMemosExampleTests {
    @Test func recordMemoHappyPath() throws {
        let rig = Rig(access: .undetermined)
        rig.send(.recordTapped)
        #expect(rig.calls() == [.accessRequested])
        #expect(rig.state.isAskingForAccess)

        rig.test.access.answer(true)
        rig.runPosted()
        #expect(rig.state.access == .granted)
        #expect(rig.calls() == [.recorderStart])

        let startedAt = rig.now
        rig.test.recorder.report(.phase(.locked))
        #expect(
            rig.state.take
                == MemosState.Take(
                    phase: .locked, startedAt: startedAt, elapsed: 0, hasFailed: false,
                    liveTranscript: LiveTranscript(), number: 1))
        rig.test.recorder.elapsed = 1
        rig.advance(by: 1)
        #expect(rig.state.take?.elapsed == 1)
        rig.test.recorder.elapsed = 2
        rig.advance(by: 1)
        #expect(rig.state.take?.elapsed == 2)

        rig.advance(by: 0.5)
        rig.send(.recordTapped)
        #expect(rig.calls() == [.recorderSend])
        rig.test.recorder.report(.phase(.idle))
        let take = recording(duration: 2.5)
        rig.test.recorder.report(.sent(take))
        let id = TestDependencies.uuid(1)
        #expect(rig.calls() == [.keep(take.url, id: id, date: startedAt, title: "", isRecovered: false)])
        #expect(rig.state.take == nil)
        #expect(rig.state.memos == [Memo(id: id, date: startedAt, duration: 2.5, samples: take.samples, number: 1)])
        #expect(rig.state.visibleMemos.map(\.id) == [id])
    }

    @Test func recordAndPlayback() throws {
        let rig = Rig()
        rig.test.player.pacing = TestPlayer.Pacing(
            scheduler: rig.test.scheduler, interval: 0.05,
            durations: [rig.test.library.fileURL(of: TestDependencies.uuid(1)): 2.5])
        rig.send(.recordTapped)
        rig.test.recorder.report(.phase(.locked))
        rig.advance(by: 2.5)
        rig.send(.recordTapped)
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.sent(recording(duration: 2.5)))
        let memo = try #require(rig.state.memos.first)
        _ = rig.calls()

        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: 0, rate: 1)])
        #expect(rig.state.playing?.memoID == memo.id)
        for second in [0.5, 1.0, 1.5, 2.0] {
            rig.advance(by: 0.5)
            #expect(close(rig.state.position(of: memo.id), second), "the player's position at \(second) s")
        }
        rig.advance(by: 0.6)
        #expect(rig.state.playing == nil, "the end stops")
        #expect(rig.state.position(of: memo.id) == 0, "and goes back to the start")
        #expect(rig.calls() == [.stop(play: 1)])
    }

    @Test func permissionDenied() {
        let rig = Rig(access: .undetermined)
        rig.send(.recordTapped)
        #expect(rig.calls() == [.accessRequested])
        rig.test.access.answer(false)
        rig.runPosted()
        #expect(rig.state.alert == .permissionRequired)
        #expect(rig.state.alert?.message == "Permission is required to record voice memos.")
        #expect(rig.state.alert?.offersOpenSettings == true)
        #expect(rig.state.access == .denied)

        rig.send(.alertDismissed)
        #expect(rig.state.alert == nil)
        #expect(rig.calls().isEmpty, "a plain dismiss opens nothing")

        rig.send(.recordTapped)
        #expect(rig.state.alert == .permissionRequired, "denied: the alert at once, no second question")
        rig.send(.openSettingsTapped)
        #expect(rig.calls() == [.openSettings])
        #expect(rig.state.alert == nil)
        #expect(rig.state.take == nil)
    }

    @Test func recordMemoFailure() throws {
        let rig = Rig()
        rig.send(.recordTapped)
        #expect(rig.calls() == [.recorderStart])
        let startedAt = rig.now
        rig.test.recorder.report(.phase(.locked))
        rig.advance(by: 3)

        // A full disk: the session stops the take and keeps its file; the model keeps its audio.
        rig.test.recorder.report(.failed("The recording could not be written further: disk full."))
        #expect(rig.state.alert == .recordingFailed)
        #expect(rig.state.alert?.message == "Voice memo recording failed.")
        rig.test.recorder.report(.phase(.stopped))
        #expect(rig.calls() == [.recorderSend])
        rig.test.recorder.report(.phase(.idle))
        let take = recording(duration: 2.9)
        rig.test.recorder.report(.sent(take))
        #expect(
            rig.calls() == [
                .keep(
                    take.url, id: TestDependencies.uuid(1), date: startedAt, title: "",
                    isRecovered: true)
            ])
        let memo = try #require(rig.state.memos.first)
        #expect(memo.isRecovered)
        #expect(memo.duration == 2.9)
        #expect(rig.state.take == nil)
    }

    @Test func recordMemoFailureWithNothingRecorded() {
        let rig = Rig()
        rig.send(.recordTapped)
        rig.test.recorder.report(.phase(.locked))
        // The microphone never started: the session discards the take; there is no audio to keep.
        rig.test.recorder.report(.failed("The microphone could not start."))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.interrupted))
        #expect(rig.state.alert == .recordingFailed)
        #expect(rig.state.take == nil)
        #expect(rig.state.memos.isEmpty)
        #expect(rig.calls() == [.recorderStart], "nothing kept, nothing sent")
    }

    @Test func playMemoHappyPath() {
        let memo = memo(1, duration: 1.25)
        let rig = Rig(memos: [memo], pacing: 0.05)
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: 0, rate: 1)])
        #expect(
            rig.state.playing
                == MemosState.Playback(
                    memoID: memo.id, position: 0, duration: 1.25,
                    tag: PlaybackTag(play: 1)))
        rig.advance(by: 0.5)
        #expect(close(rig.state.position(of: memo.id), 0.5))
        #expect(close(rig.state.progress(of: memo.id), 0.4))
        rig.advance(by: 0.5)
        #expect(close(rig.state.progress(of: memo.id), 0.8))
        rig.advance(by: 0.3)
        #expect(rig.state.playing == nil)
        #expect(rig.state.progress(of: memo.id) == 0)
        #expect(rig.calls() == [.stop(play: 1)])
        #expect(rig.state.alert == nil)
    }

    @Test func playMemoFailure() {
        let memo = memo(1, duration: 30)
        let rig = Rig(memos: [memo])
        rig.test.player.failure = "not an audio file"
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: 0, rate: 1)])
        #expect(rig.state.playing == nil)
        #expect(rig.state.alert == .playbackFailed)
        #expect(rig.state.alert?.message == "Voice memo playback failed.")
        #expect(rig.state.memos == [memo], "the memo stays")
    }

    @Test func stopMemo() {
        let memo = memo(1, duration: 30)
        let rig = Rig(memos: [memo], pacing: 0.05)
        rig.send(.playTapped(memo.id))
        rig.advance(by: 9)
        _ = rig.calls()
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.stop(play: 1)])
        #expect(rig.playback.isStopped, "the audio stops, not only the button")
        #expect(rig.state.playing == nil)
        #expect(close(rig.state.position(of: memo.id), 9), "stopped where it was heard")
    }

    @Test func deleteMemo() {
        let memo = memo(1, duration: 30)
        let rig = Rig(memos: [memo])
        rig.send(.delete(memo.id))
        #expect(rig.calls() == [.delete(memo.id, at: rig.now)])
        #expect(rig.state.visibleMemos.isEmpty)
        #expect(rig.state.recentlyDeleted.map(\.id) == [memo.id])
        #expect(rig.test.library.memos.first?.deletedAt == rig.now, "the library holds it in Recently Deleted")
    }

    @Test func deleteMemos() {
        let memos = [memo(1, title: "Episode 1"), memo(2, title: "Episode 2"), memo(3, title: "Episode 3")]
        let rig = Rig(memos: memos)
        rig.send(.delete(memos[1].id))
        #expect(rig.calls() == [.delete(memos[1].id, at: rig.now)])
        #expect(rig.state.visibleMemos.map(\.title) == ["Episode 1", "Episode 3"])
        #expect(rig.state.recentlyDeleted.map(\.title) == ["Episode 2"])
    }

    @Test func deleteMemoWhilePlaying() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        _ = rig.calls()
        rig.send(.delete(memo.id))
        #expect(rig.calls() == [.stop(play: 1), .delete(memo.id, at: rig.now)], "stopped first, then deleted")
        #expect(rig.state.playing == nil)
        #expect(rig.state.visibleMemos.isEmpty)
    }
}
