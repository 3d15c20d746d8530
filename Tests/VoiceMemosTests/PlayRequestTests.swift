import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// A memo asked to play from outside the window (the desktop's search, SPEC J.1), on the test clock.
@Suite("Voice memos: a memo asked to play from the desktop's search (SPEC J.1)")
struct PlayRequestTests {
    @Test func askedBeforeTheLibraryOpensItPlaysOnceItIsOpenFromTheSecondAsked() {
        let memos = [memo(1), memo(2, duration: 20)]
        let rig = Rig(memos: memos, opens: false)
        rig.send(.playRequested(memos[1].id, from: 4.5))
        #expect(rig.calls().isEmpty, "nothing to play before the library is open")
        rig.model.start()
        rig.advance(by: 1)
        #expect(rig.calls().contains(.play(rig.file(memos[1]), from: 4.5, rate: 1)))
        #expect(rig.state.playing?.memoID == memos[1].id)
        #expect(rig.state.requestedPlay == nil)
    }

    @Test func askedOnceOpenItPlaysAtOnceWithinTheMemo() {
        let memos = [memo(1, duration: 8)]
        let rig = Rig(memos: memos)
        rig.send(.playRequested(memos[0].id, from: 30))
        #expect(rig.calls() == [.play(rig.file(memos[0]), from: 0, rate: 1)], "past the end plays from the start")
        rig.send(.playRequested(memos[0].id, from: -2))
        #expect(rig.state.playing?.memoID == memos[0].id)
    }

    @Test func aMemoNotInTheLibraryOrDeletedIsNotPlayed() {
        let memos = [memo(1), memo(2, deletedAt: Date(timeIntervalSinceReferenceDate: 800_000_000))]
        let rig = Rig(memos: memos)
        rig.send(.playRequested(UUID(), from: 1))
        rig.send(.playRequested(memos[1].id, from: 1))
        #expect(rig.calls().isEmpty)
        #expect(rig.state.playing == nil && rig.state.requestedPlay == nil)
    }
}
