import Testing
import VoiceMemos
import VoiceRecorder

/// SPEC I.2's rule and its two clocks: pauses over 0.4 s under −45 dBFS are played as 0.2 s, and the memo's time
/// and the time played map onto each other both ways.
@Suite("Voice memos: skip silence, the rule (SPEC I.2)")
struct SilenceSkipsTests {
    let block = SilenceSkips.blockFrames  // 240 frames, 10 ms
    let loud: Float = 0.5
    let quiet: Float = 0.004  // −48 dBFS

    /// Peaks of `pattern`: (seconds, loud?) runs in order.
    func peaks(_ pattern: [(Double, Bool)]) -> [Float] {
        pattern.flatMap { seconds, isLoud in
            [Float](repeating: isLoud ? loud : quiet, count: Int((seconds * 100).rounded()))
        }
    }

    @Test func aLongPauseIsPlayedAsItsTwoEndsAndShortOnesAreLeftAlone() {
        // 1 s speech, 1 s pause, 1 s speech, 0.4 s pause (not over 0.4 s), 1 s speech.
        let levels = peaks([(1, true), (1, false), (1, true), (0.4, false), (1, true)])
        let skips = SilenceSkips(blockPeaks: levels, frames: levels.count * block)
        #expect(skips.skipped == [26_400 ..< 45_600], "0.1 s kept at either end of the 1 s pause")
        #expect(skips.playedFrames(of: levels.count * block) == levels.count * block - 19_200)
    }

    @Test func aQuietStartAndEndAreShortenedToo() {
        let levels = peaks([(2, false), (1, true), (3, false)])
        let frames = levels.count * block
        let skips = SilenceSkips(blockPeaks: levels, frames: frames)
        #expect(skips.skipped == [2_400 ..< 45_600, 74_400 ..< 141_600])
        #expect(skips.playedFrames(of: frames) == Int(1.4 * 24_000))
    }

    @Test func justUnderTheThresholdIsSpeech() {
        let levels = [Float](repeating: 0.006, count: 200)  // −44.4 dBFS
        #expect(SilenceSkips(blockPeaks: levels, frames: 200 * block).skipped.isEmpty)
    }

    @Test func theTwoClocksMapOntoEachOther() {
        let levels = peaks([(1, true), (1, false), (1, true)])
        let skips = SilenceSkips(blockPeaks: levels, frames: levels.count * block)
        // Before the pause: the same. After it: 0.8 s earlier when played.
        #expect(skips.memoFrame(ofPlayed: 12_000) == 12_000)
        #expect(skips.memoFrame(ofPlayed: 26_400) == 45_600, "the skipped stretch is jumped over")
        #expect(skips.memoFrame(ofPlayed: 36_000) == 55_200)
        #expect(skips.playedFrame(ofMemo: 55_200) == 36_000)
        #expect(skips.playedFrame(ofMemo: 30_000) == 26_400, "a seek into the skipped pause goes on after it")
        for played in stride(from: 0, to: skips.playedFrames(of: levels.count * block), by: 997) {
            #expect(skips.playedFrame(ofMemo: skips.memoFrame(ofPlayed: played)) == played)
        }
    }

    @Test func offNothingIsSkipped() {
        #expect(SilenceSkips.none.memoFrame(ofPlayed: 5_000) == 5_000)
        #expect(SilenceSkips.none.playedFrames(of: 9_000) == 9_000)
    }
}
