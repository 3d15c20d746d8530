import Foundation
import Testing
import VoiceMemos
import VoiceRecorder

@Suite("Voice memos: recording and access (SPEC B.2)")
struct RecordingTests {
    @Test func theRecordButtonStopsPlaybackBeforeTheRecorderStarts() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        _ = rig.calls()
        rig.send(.recordTapped)
        #expect(rig.calls() == [.stop(play: 1), .recorderStart])
        #expect(rig.playback.isStopped)
    }

    @Test func aTakeStartedFromTheControlStopsPlaybackFirst() {
        let memo = memo(1)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        _ = rig.calls()
        // The person holds the mic: the session reports the phase before it opens the microphone.
        rig.test.recorder.report(.phase(.holding))
        #expect(rig.calls() == [.stop(play: 1)])
        #expect(rig.state.take?.phase == .holding)
        rig.test.recorder.report(.phase(.locked))
        #expect(rig.state.take?.phase == .locked, "held → hands-free is the same take")
    }

    @Test func aHoldThatGotNoSoundSaysSoAndKeepsNothing() {
        let rig = Rig()
        rig.test.recorder.report(.phase(.holding))
        rig.test.recorder.report(.noSound("No sound was recorded from USB Headset"))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.interrupted))
        #expect(rig.state.alert == .failed("No sound was recorded from USB Headset"), "not 'recording failed'")
        #expect(rig.state.take == nil)
        #expect(rig.state.memos.isEmpty)
        #expect(!rig.calls().contains { if case .keep = $0 { true } else { false } })
    }

    @Test func cancelDiscardsTheTakeAndLeavesNothing() {
        let rig = Rig()
        rig.send(.recordTapped)
        rig.test.recorder.report(.phase(.locked))
        rig.send(.cancelRecordingTapped)
        #expect(rig.calls() == [.recorderStart, .recorderCancel])
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.cancelled))
        #expect(rig.state.take == nil)
        #expect(rig.state.memos.isEmpty)
        #expect(rig.calls().isEmpty, "a discarded take leaves nothing behind")
    }

    @Test func aTakesOutcomeThatComesAfterTheNextHoldLandedIsItsOwn() throws {
        // The recorder finishes a take's file off its thread: its `sent` can come after the next hold has landed.
        let rig = Rig()
        rig.test.recorder.report(.phase(.holding))
        let firstStarted = rig.now
        rig.advance(by: 3)
        rig.test.recorder.report(.phase(.idle))
        rig.advance(by: 0.3)
        rig.test.recorder.report(.phase(.holding))
        let second = try #require(rig.state.take)
        _ = rig.calls()
        rig.test.recorder.report(.sent(recording(duration: 3)))
        rig.runPosted()
        let calls = rig.calls()
        let kept = try #require(
            calls.compactMap { call -> Date? in if case .keep(_, _, let date, _, _) = call { date } else { nil } }.first
        )
        #expect(kept == firstStarted, "dated by its own start")
        #expect(rig.state.take == second, "the take on screen goes on")
        #expect(!calls.contains(.liveTranscriptCancel(second.number)), "its live words too")
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.tooShort))
        #expect(rig.state.take == nil, "then the second's own outcome ends it")
    }

    @Test func aTooShortTakeLeavesNothing() {
        let rig = Rig()
        rig.test.recorder.report(.phase(.holding))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.cancelled(.tooShort))
        #expect(rig.state.take == nil)
        #expect(rig.calls().isEmpty)
        #expect(rig.state.alert == nil)
    }

    @Test func aMemoIsDatedWhenItsRecordingStarted() throws {
        let older = memo(1)
        let rig = Rig(memos: [older])
        rig.advance(by: 60)
        let startedAt = rig.now
        rig.test.recorder.report(.phase(.holding))
        rig.advance(by: 4)
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.sent(recording(duration: 4)))
        #expect(rig.state.memos.map(\.date) == [startedAt, older.date], "newest first")
        #expect(rig.state.memos[0].date != rig.now)
    }

    @Test func theElapsedTimeIsTheRecordersAndFreezesWhenStopped() {
        let rig = Rig()
        rig.test.recorder.report(.phase(.locked))
        rig.test.recorder.elapsed = 0.25
        rig.advance(by: 0.1)
        #expect(rig.state.take?.elapsed == 0.25)
        rig.test.recorder.elapsed = 3
        rig.test.recorder.report(.phase(.stopped))  // a call interrupted the hands-free take
        #expect(rig.state.take?.elapsed == 3)
        #expect(rig.calls().isEmpty, "an interrupted take is kept for the person to send or delete")
        rig.test.recorder.elapsed = 99
        rig.advance(by: 1)
        #expect(rig.state.take?.elapsed == 3, "no more readings while stopped")
    }

    @Test func undeterminedAccessAsksOnTheFirstRecordAndRecordsWhenGranted() {
        let rig = Rig(access: .undetermined)
        #expect(rig.state.access == .undetermined)
        rig.send(.recordTapped)
        rig.send(.recordTapped)
        #expect(rig.calls() == [.accessRequested], "a second tap while asking does nothing")
        rig.test.access.answer(true)
        rig.runPosted()
        #expect(rig.calls() == [.recorderStart])
        #expect(rig.state.alert == nil)
    }

    @Test(arguments: [AccessStatus.denied, .undeclared])
    func refusedAccessShowsThePermissionAlertWithoutAsking(_ status: AccessStatus) {
        let rig = Rig(access: status)
        rig.send(.recordTapped)
        #expect(rig.calls().isEmpty)
        #expect(rig.state.alert == .permissionRequired)
    }

    @Test func accessGrantedInTheSettingsMeanwhileIsSeenAtTheNextRecord() {
        let rig = Rig(access: .denied)
        rig.send(.recordTapped)
        rig.send(.openSettingsTapped)
        #expect(rig.calls() == [.openSettings])
        rig.test.access.current = .granted  // the person allowed it in the settings
        rig.send(.recordTapped)
        #expect(rig.calls() == [.recorderStart])
    }

    @Test func theSessionRefusingATakeForAccessShowsThePermissionAlert() {
        let rig = Rig()
        rig.test.recorder.report(.accessRefused)
        #expect(rig.state.alert == .permissionRequired)
        #expect(rig.state.access == .denied)
    }

    @Test func settingsThatCannotBeOpenedSaySo() {
        let rig = Rig(access: .denied)
        rig.test.openSettingsFailure = "none of gnome-control-center, pavucontrol is installed"
        rig.send(.recordTapped)
        rig.send(.openSettingsTapped)
        #expect(
            rig.state.alert
                == .failed(
                    "The sound settings could not be opened: none of gnome-control-center, pavucontrol is installed"))
    }

    @Test func aLibraryThatDidNotOpenRecordsNothing() {
        let rig = Rig(opens: false) { $0.library.failures[.open] = "/data/memos.sqlite is not a database" }
        rig.model.start()
        #expect(
            rig.state.library == .failed("The memo library could not be opened: /data/memos.sqlite is not a database"))
        #expect(
            rig.state.alert == .failed("The memo library could not be opened: /data/memos.sqlite is not a database"))
        _ = rig.calls()
        rig.send(.alertDismissed)
        rig.send(.recordTapped)
        #expect(rig.calls().isEmpty, "no take starts without a library to keep it in")
        #expect(rig.state.alert != nil)
        rig.send(.alertDismissed)
        rig.test.recorder.report(.phase(.holding))  // and one started from the control is called off
        #expect(rig.calls() == [.recorderCancel])
        #expect(rig.state.take == nil)
    }

    @Test func aTakeTheLibraryCannotKeepSaysSo() {
        let rig = Rig()
        rig.test.library.failures[.keep] = "no space left on the device"
        rig.test.recorder.report(.phase(.holding))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.sent(recording()))
        #expect(rig.state.alert == .failed("The recording could not be kept: no space left on the device"))
        #expect(rig.state.memos.isEmpty)
    }

    @Test func aRecordingThatFailsAfterItEndedIsStillKeptAsRecovered() throws {
        // The session could not finish the file cleanly: it says so after the phase went idle, then sends it.
        let rig = Rig()
        rig.test.recorder.report(.phase(.locked))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.failed("The recording could not be finished cleanly."))
        rig.test.recorder.report(.sent(recording()))
        let memo = try #require(rig.state.memos.first)
        #expect(memo.isRecovered)
        #expect(rig.state.alert == .recordingFailed)
    }
}
