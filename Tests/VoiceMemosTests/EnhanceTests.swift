import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting

/// SPEC I.3 in the model: Enhance is a switch per memo, stored with it; an enhanced memo plays enhanced (and so
/// does the editor's listening to it); switching it while the memo plays goes on from where it is, the other way.
@Suite("Voice memos: Enhance, a switch per memo (SPEC I.3)")
struct EnhanceTests {
    @Test func theSwitchIsStoredAndTheMemoPlaysEnhanced() {
        let other = memo(2, duration: 5)
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo, other])
        rig.send(.enhanceToggled(memo.id))
        #expect(rig.state.memo(memo.id)?.isEnhanced == true)
        #expect(rig.state.memo(other.id)?.isEnhanced == false, "the other memo is as it was")
        #expect(rig.calls() == [.setEnhanced(memo.id, true)])
        #expect(rig.test.library.memos.first { $0.id == memo.id }?.isEnhanced == true)
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.play(rig.file(memo), from: 0, rate: 1, enhanced: true)])
        rig.send(.playTapped(other.id))
        #expect(rig.calls().contains(.play(rig.file(other), from: 0, rate: 1, enhanced: false)))
    }

    @Test func switchingWhilePlayingGoesOnFromWhereItIs() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.send(.playTapped(memo.id))
        rig.playback.report(.position(4))
        rig.runPosted()
        _ = rig.calls()
        rig.send(.enhanceToggled(memo.id))
        let calls = rig.calls()
        #expect(calls.contains(.stop(play: 1)))
        #expect(calls.contains(.play(rig.file(memo), from: 4, rate: 1, enhanced: true)), "\(calls)")
        #expect(rig.state.isPlaying(memo.id))
        rig.send(.enhanceToggled(memo.id))
        #expect(rig.calls().contains(.play(rig.file(memo), from: 4, rate: 1, enhanced: false)), "and back")
    }

    @Test func theEditorListensToAnEnhancedMemoEnhanced() {
        var memo = memo(1, duration: 10)
        memo.isEnhanced = true
        let rig = Rig(memos: [memo])
        rig.send(.editTapped(memo.id))
        rig.send(.editorListenTapped)
        #expect(
            rig.calls().contains(.playKept(rig.file(memo), kept: [0 ..< 240_000], from: 0, rate: 1, enhanced: true)))
    }

    @Test func aSwitchThatCannotBeStoredSaysSo() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo])
        rig.test.library.failures[.setEnhanced] = "disk full"
        rig.send(.enhanceToggled(memo.id))
        #expect(rig.state.alert == .failed("Enhance could not be saved: disk full"))
    }
}
