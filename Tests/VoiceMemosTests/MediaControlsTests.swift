import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// The desktop's media controls over the memos (SPEC J.2), on the test clock.
@Suite("Voice memos: the desktop's media controls (SPEC J.2)")
struct MediaControlsTests {
    private func send(_ command: MediaControls.Command, to rig: Rig) {
        for action in MediaControls.actions(for: command, in: rig.state) { rig.send(action) }
    }

    @Test func beforeAnyPlayNothingIsCurrentAndPlayStartsTheNewestMemo() {
        let memos = [memo(1, title: "Groceries"), memo(2)]
        let rig = Rig(memos: memos)
        let status = MediaControls.status(of: rig.state)
        #expect(status.track == nil && status.playbackStatus == "Stopped")
        #expect(status.canPlay && !status.canPause && !status.canSeek)
        send(.playPause, to: rig)
        #expect(rig.state.playing?.memoID == memos[0].id)
        let playing = MediaControls.status(of: rig.state)
        #expect(playing.playbackStatus == "Playing")
        #expect(playing.track?.title == "Groceries" && playing.track?.length == 10)
        #expect(playing.track?.objectPath == MediaControls.objectPath(of: memos[0].id))
        #expect(playing.canGoNext && !playing.canGoPrevious)
    }

    @Test func pauseKeepsThePlaceAndPlayGoesOnFromIt() {
        let memos = [memo(1), memo(2)]
        let rig = Rig(memos: memos, pacing: 0.1)
        send(.play, to: rig)
        rig.advance(by: 2)
        send(.pause, to: rig)
        let paused = MediaControls.status(of: rig.state)
        #expect(paused.playbackStatus == "Paused" && paused.position > 1.5, "\(paused)")
        #expect(paused.track?.id == memos[0].id)
        _ = rig.calls()
        send(.play, to: rig)
        #expect(rig.calls().contains { if case .play(_, let from, _, _) = $0 { from > 1.5 } else { false } })
    }

    @Test func stopGoesBackToTheStartAndNextAndPreviousMoveAlongTheList() {
        let memos = [memo(1), memo(2), memo(3)]
        let rig = Rig(memos: memos, pacing: 0.1)
        send(.play, to: rig)
        rig.advance(by: 1)
        send(.stop, to: rig)
        #expect(MediaControls.status(of: rig.state).playbackStatus == "Stopped")
        #expect(MediaControls.status(of: rig.state).position == 0)
        send(.next, to: rig)
        #expect(rig.state.playing?.memoID == memos[1].id)
        send(.next, to: rig)
        #expect(rig.state.playing?.memoID == memos[2].id)
        #expect(!MediaControls.status(of: rig.state).canGoNext)
        #expect(MediaControls.actions(for: .next, in: rig.state).isEmpty)
        send(.previous, to: rig)
        #expect(rig.state.playing?.memoID == memos[1].id)
    }

    @Test func seekingMovesTheCurrentMemoAndARateIsTheNearestSpeed() {
        let memos = [memo(1)]
        let rig = Rig(memos: memos, pacing: 0.1)
        send(.play, to: rig)
        send(.seek(by: 4), to: rig)
        #expect(rig.state.playing?.position == 4)
        send(.setPosition(trackPath: MediaControls.objectPath(of: UUID()), to: 1), to: rig)
        #expect(rig.state.playing?.position == 4, "another track's position is ignored")
        send(.setPosition(trackPath: MediaControls.objectPath(of: memos[0].id), to: 7.5), to: rig)
        #expect(rig.state.playing?.position == 7.5)
        send(.rate(1.4), to: rig)
        #expect(rig.state.speed == .oneAndAHalf)
        send(.rate(9), to: rig)
        #expect(rig.state.speed == .double)
        #expect(MediaControls.status(of: rig.state).rate == 2)
    }
}
