import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting

/// SPEC I.2 in the model: with Skip Silence on, a memo's pauses are found once, only what is not skipped plays, and
/// position, seeking and the highlighted word stay in the memo's own time; switching it while a memo plays goes on
/// from where it is; it is remembered.
@Suite("Voice memos: skip silence in playback (SPEC I.2)")
struct SkipSilenceTests {
    /// A 10 s memo whose 3–7 s is quiet: 3.1–6.9 s is skipped (0.1 s kept on each side).
    static let blockPeaks: [Float] = (0 ..< 1_000).map { $0 >= 300 && $0 < 700 ? 0.001 : 0.5 }
    static let skips = SilenceSkips(blockPeaks: blockPeaks, frames: 240_000)

    func rig(_ memo: Memo, skipping: Bool = true) -> Rig {
        Rig(memos: [memo]) { test in
            test.settings.skips = skipping
            test.player.silences[test.library.fileURL(of: memo.id)] = Self.skips
        }
    }

    @Test func thePausesAreFoundOnceAndOnlyTheRestPlays() {
        let memo = memo(1, duration: 10)
        let rig = rig(memo)
        #expect(rig.state.skipsSilence, "remembered")
        rig.send(.playTapped(memo.id))
        #expect(
            rig.calls() == [
                .findSilences(rig.file(memo)),
                .playKept(rig.file(memo), kept: [0 ..< 74_400, 165_600 ..< 240_000], from: 0, rate: 1),
            ])
        rig.send(.playTapped(memo.id))
        rig.send(.playTapped(memo.id))
        #expect(!rig.calls().contains(.findSilences(rig.file(memo))), "found once")
    }

    @Test func positionsAndSeeksAreInTheMemosOwnTime() {
        let memo = memo(1, duration: 10)
        let rig = rig(memo)
        rig.send(.playTapped(memo.id))
        rig.playback.report(.position(3.2))  // played time: 0.1 s past the skip
        rig.runPosted()
        #expect(close(rig.state.position(of: memo.id), 7.0), "\(rig.state.position(of: memo.id))")
        _ = rig.calls()
        rig.send(.seek(memo.id, to: 8))
        #expect(rig.playback.calls.last == .seek(4.2), "8 s of the memo is 4.2 s played")
        rig.send(.seek(memo.id, to: 5))
        #expect(rig.playback.calls.last == .seek(3.1), "inside the skipped pause: from its kept end")
    }

    @Test func switchingWhilePlayingGoesOnFromWhereItIsAndIsRemembered() {
        let memo = memo(1, duration: 10)
        let rig = rig(memo, skipping: false)
        rig.send(.playTapped(memo.id))
        rig.playback.report(.position(8))
        rig.runPosted()
        _ = rig.calls()
        rig.send(.skipSilenceToggled)
        let calls = rig.calls()
        #expect(calls.contains(.saveSkipsSilence(true)))
        #expect(
            calls.contains(.playKept(rig.file(memo), kept: [0 ..< 74_400, 165_600 ..< 240_000], from: 4.2, rate: 1)))
        #expect(rig.state.isPlaying(memo.id))
        #expect(close(rig.state.position(of: memo.id), 8))
        rig.send(.skipSilenceToggled)
        #expect(rig.calls().contains(.play(rig.file(memo), from: 8, rate: 1)), "back to playing it whole, from 8 s")
        #expect(rig.test.settings.skips == false)
    }

    @Test func aMemoWhosePausesCannotBeReadPlaysWhole() {
        let memo = memo(1, duration: 10)
        let rig = Rig(memos: [memo]) { test in
            test.settings.skips = true
            test.player.silences[test.library.fileURL(of: memo.id)] = .some(nil)
        }
        rig.send(.playTapped(memo.id))
        #expect(rig.calls() == [.findSilences(rig.file(memo)), .play(rig.file(memo), from: 0, rate: 1)])
    }

    @Test func theKeptRangesAreWhatIsNotSkipped() {
        #expect(Self.skips.kept(frames: 240_000) == [0 ..< 74_400, 165_600 ..< 240_000])
        #expect(SilenceSkips.none.kept(frames: 100) == [0 ..< 100])
        #expect(close(Self.skips.memoTime(ofPlayed: 3.2), 7.0))
        #expect(close(Self.skips.playedTime(ofMemo: 2), 2))
    }
}
