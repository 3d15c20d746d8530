import Foundation
import Testing

@testable import VoiceRecorderCore

/// Where a trimmed take's file starts playing, and the 50 ms windows of that part (SPEC D.5).
@Suite("CodedFrameCut and BlockPeakLog (SPEC D.5)")
struct MeteringTrimmedWindowsTests {
    @Test(
        "a cut plays from the first coded frame boundary inside the range, its end exact",
        arguments: [
            (12_000 ..< 72_000, 12_288 ..< 72_000),
            (12_288 ..< 30_000, 12_288 ..< 30_000),  // on a boundary already
            (12_289 ..< 30_000, 13_312 ..< 30_000),  // one past: 1,023 frames given up, the most
            (0 ..< 700, 0 ..< 700),  // the take's start is a boundary (the priming ends there)
            (1_000 ..< 1_100, 1_024 ..< 1_100),
            (12_345 ..< 12_845, 12_345 ..< 12_845),  // no boundary inside: the start stays
            (12_345 ..< 13_312, 12_345 ..< 13_312),  // a boundary only at the (open) end: none inside
        ])
    func playedFrames(kept: Range<Int>, played: Range<Int>) {
        #expect(CodedFrameCut.playedFrames(keeping: kept) == played)
    }

    @Test("the frame grid follows the encoder's priming")
    func gridFollowsPriming() {
        // With 500 frames of priming, coded frames start at 524, 1,548, …
        #expect(CodedFrameCut.playedFrames(keeping: 0 ..< 5_000, priming: 500) == 524 ..< 5_000)
        #expect(CodedFrameCut.playedFrames(keeping: 1_548 ..< 5_000, priming: 500) == 1_548 ..< 5_000)
        #expect(CodedFrameCut.playedFrames(keeping: 0 ..< 5_000, priming: 0) == 0 ..< 5_000)
        #expect(CodedFrameCut.playedFrames(keeping: 100 ..< 5_000, frameSize: 960, priming: 0) == 960 ..< 5_000)
    }

    @Test("every cut keeps within the range, ends at its end and gives up less than a frame")
    func cutsOverManyRanges() {
        for start in stride(from: 0, to: 5_000, by: 37) {
            for length in [1, 500, 1_023, 1_024, 1_025, 2_400, 10_000] {
                let kept = start ..< start + length
                let played = CodedFrameCut.playedFrames(keeping: kept)
                #expect(played.upperBound == kept.upperBound && played.lowerBound >= kept.lowerBound)
                #expect(played.lowerBound - kept.lowerBound < 1_024)
                let holdsBoundary = (kept.lowerBound ..< kept.upperBound).contains { $0 % 1_024 == 0 }
                if holdsBoundary {
                    #expect(played.lowerBound.isMultiple(of: 1_024), "\(kept)")
                } else {
                    #expect(played == kept)
                }
            }
        }
    }

    /// Noise-like PCM whose peaks move about: frame `i` of it.
    static func signal(_ count: Int) -> [Float] {
        (0 ..< count).map { index in
            let swell = Float(0.5 + 0.5 * sin(Double(index) / 2_000))
            return swell * Float(sin(Double(index) * 0.731) * sin(Double(index) * 0.0173))
        }
    }

    /// The loudness of each `window`-frame window of `samples` from its start, the last one partial: A.5, directly.
    static func windows(of samples: ArraySlice<Float>, window: Int = 1_200) -> [Double] {
        stride(from: samples.startIndex, to: samples.endIndex, by: window).map { start in
            let part = samples[start ..< min(start + window, samples.endIndex)]
            return Loudness.level(peak: Double(Loudness.peak(of: part)))
        }
    }

    @Test(
        "the windows of a part starting on a 16-frame block are the part's own, whatever the buffer sizes",
        arguments: [[480], [1], [17, 1_000, 333], [100_000]])
    func windowsOfAPart(sizes: [Int]) {
        let samples = Self.signal(60_000)
        var log = BlockPeakLog()
        var start = 0
        var turn = 0
        while start < samples.count {
            let end = min(start + sizes[turn % sizes.count], samples.count)
            samples[start ..< end].withUnsafeBufferPointer { log.append($0) }
            start = end
            turn += 1
        }
        #expect(log.framesSeen == 60_000)
        for part in [12_288 ..< 59_904, 0 ..< 60_000, 1_024 ..< 3_000, 13_312 ..< 13_328, 48 ..< 2_448] {
            let expected = Self.windows(of: samples[part])
            let told = log.windowLoudnesses(of: part)
            #expect(told.count == expected.count, "\(part)")
            // 16-bit peaks: a loudness off by far less than a bar can show.
            let largest = zip(told, expected).map { abs($0 - $1) }.max() ?? 1
            #expect(largest < 0.001, "\(part): \(largest)")
        }
        #expect(log.windowLoudnesses(of: 59_000 ..< 70_000).count == 1, "clamped to what was fed")
    }

    @Test("the block still being filled counts, and a part reads nothing past what was fed")
    func partialBlock() {
        var log = BlockPeakLog()
        let samples: [Float] = Array(repeating: 0.01, count: 40) + [0.9, 0.01]
        samples.withUnsafeBufferPointer { log.append($0) }
        #expect(log.framesSeen == 42)
        let whole = log.windowLoudnesses(of: 0 ..< 42)
        #expect(whole.count == 1 && abs(whole[0] - Loudness.level(peak: 0.9)) < 0.001, "\(whole)")
        #expect(log.windowLoudnesses(of: 0 ..< 32).count == 1)
        #expect(abs(log.windowLoudnesses(of: 0 ..< 32)[0] - Loudness.level(peak: 0.01)) < 0.001)
        #expect(log.windowLoudnesses(of: 50 ..< 60).isEmpty)
    }
}
