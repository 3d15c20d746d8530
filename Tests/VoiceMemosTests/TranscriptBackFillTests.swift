import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// SPEC E.1 (revised): a memo kept now is transcribed at once; memos from before this start wait until the app has
/// been left alone (no take, no playback, no input) for 10 s, and not while the machine saves power. Virtual time.
@Suite("Voice memos: older memos are transcribed once the app is left alone (SPEC E.1)")
struct TranscriptBackFillTests {
    private func jobs(_ rig: Rig) -> Int { rig.test.transcriber.jobs.count }

    @Test func openingTheAppStartsNoJobUntilItHasBeenLeftAloneForTenSeconds() {
        let rig = Rig(memos: [memo(1), memo(2)], transcribes: true, backFills: false)
        rig.advance(by: 9.9)
        #expect(jobs(rig) == 0, "opening the app costs no more than opening it")
        rig.advance(by: 0.2)
        #expect(jobs(rig) == 1)
        #expect(rig.test.transcriber.last?.url == rig.file(memo(1)), "the newest first")
    }

    @Test func inputAndPlaybackPutItOffAndItStartsTenSecondsAfterTheLast() {
        let memos = [memo(1, duration: 5), memo(2)]
        let rig = Rig(memos: memos, pacing: 0.1, transcribes: true, backFills: false)
        rig.advance(by: 8)
        rig.send(.personActive)
        rig.advance(by: 8)
        #expect(jobs(rig) == 0, "8 s after a key")
        rig.send(.playTapped(memos[0].id))
        rig.advance(by: 5)  // the memo plays to its end
        #expect(rig.state.playing == nil)
        rig.advance(by: 9)
        #expect(jobs(rig) == 0, "9 s after the playback ended")
        rig.advance(by: 1.5)
        #expect(jobs(rig) == 1)
    }

    @Test func aMemoKeptNowIsTranscribedAtOnce() throws {
        let rig = Rig(memos: [memo(1)], transcribes: true, backFills: false)
        rig.test.recorder.report(.phase(.holding))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.sent(recording()))
        let kept = try #require(rig.state.memos.first { $0.number > 0 })
        #expect(rig.test.transcriber.jobs.map(\.url) == [rig.file(kept)], "the new memo, not the older one")
    }

    @Test func savingPowerHoldsTheOlderMemosAndTheyGoOnceItEnds() {
        let rig = Rig(memos: [memo(1)], transcribes: true, backFills: false)
        rig.send(.powerChanged(saving: true))
        rig.advance(by: 60)
        #expect(jobs(rig) == 0, "on battery or saving power: nothing older is transcribed")
        rig.send(.powerChanged(saving: false))
        #expect(jobs(rig) == 1, "left alone long since: at once")
    }
}
