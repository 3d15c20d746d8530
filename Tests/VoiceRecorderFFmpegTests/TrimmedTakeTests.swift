import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    /// Pausing a take (the file made readable as it is) and sending only its kept range (SPEC D.2, D.5), on real
    /// files decoded back with FFmpeg.
    @Suite struct TrimmedTakeTests {
        static let takeFrames = 72_000
        /// Where the take pauses (and its file is flushed) before it records on.
        static let pauseFrame = 36_000

        /// A 3 s take of the sweep, paused (flushed) at 1.5 s and recorded on to its end.
        static func pausedAndResumedTake(in directory: ScratchDirectory, named name: String) throws -> M4ATakeWriter {
            let writer = try M4ATakeWriter(url: directory.file(name))
            try Sweep.feed(writer, 0 ..< pauseFrame)
            try writer.flush()
            try Sweep.feed(writer, pauseFrame ..< takeFrames)
            return writer
        }

        @Test func flushMakesTheFramesAppendedReadableAndTheTakeRecordsOnIntoTheSameFile() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-paused.m4a"))
            let priming = 1_024
            try Sweep.feed(writer, 0 ..< Self.pauseFrame)
            let beforeFlush = directory.file("before.m4a")
            try snapshot(writer.url, to: beforeFlush)
            try writer.flush()
            try writer.flush()
            let paused = directory.file("paused.m4a")
            try snapshot(writer.url, to: paused)

            let (_, framesBefore) = try AudioFileReader.decode(beforeFlush) { _ in }
            var heard: [Float] = []
            let (_, framesPaused) = try AudioFileReader.decode(paused) { heard += $0 }
            #expect(
                framesBefore < framesPaused - 2_048, "unflushed, the fragment being filled is not in the file yet")
            // The fragmented file still starts with the encoder's priming; only the samples waiting for a full
            // frame and the encoder's own delay (two frames) may be missing.
            let readable = framesPaused - priming
            #expect(
                readable >= Self.pauseFrame - 3 * 1_024 && readable <= Self.pauseFrame,
                "\(readable) of \(Self.pauseFrame), \(framesBefore) before the flush")
            let heardTake = Array(heard.dropFirst(priming))
            #expect(Likeness.correlation(heardTake, Sweep.samples(0 ..< readable)) > 0.95)

            try Sweep.feed(writer, Self.pauseFrame ..< Self.takeFrames)
            #expect(try writer.finish() == Self.takeFrames)
            var decoded: [Float] = []
            let (info, frames) = try AudioFileReader.decode(writer.url) { decoded += $0 }
            #expect(frames == Self.takeFrames)
            #expect(abs(try #require(info.duration) - 3) < 0.001)
            // Around the pause, the audio goes on without a gap or a repeat.
            let around = Self.pauseFrame - 4_800 ..< Self.pauseFrame + 4_800
            #expect(Likeness.correlation(Array(decoded[around]), Sweep.samples(around)) > 0.95)
        }

        static let ranges: [Range<Int>] = [
            12_000 ..< 60_000,  // 0.5 s … 2.5 s, across the pause
            0 ..< 30_000,  // from the start
            40_000 ..< 72_000,  // to the end
            12_345 ..< 12_845,  // shorter than one AAC frame's worth, holding no frame boundary
            1_000 ..< 1_100,  // across the first frame boundary: plays from it
            0 ..< 700,  // shorter than a frame, at the start (a boundary)
            71_500 ..< 72_000,  // shorter than a frame, at the end
            35_000 ..< 37_000,  // just around the pause
            13_313 ..< 30_000,  // one frame past a boundary: the most a cut gives up (1023 frames)
        ]

        @Test(arguments: ranges)
        func aCutTakeHoldsExactlyTheKeptRange(kept: Range<Int>) throws {
            let directory = try ScratchDirectory()
            let writer = try Self.pausedAndResumedTake(in: directory, named: "voice-cut.m4a")

            let played = try writer.finish(keeping: kept)
            #expect(played == expectedPlayedFrames(keeping: kept))
            #expect(played.upperBound == kept.upperBound && played.lowerBound - kept.lowerBound < 1_024)
            #expect(try writer.finish(keeping: kept) == played, "idempotent for the same range")

            var decoded: [Float] = []
            let (info, frames) = try AudioFileReader.decode(writer.url) { decoded += $0 }
            #expect(info.codecName == "aac" && info.sampleRate == 24_000 && info.channels == 1)
            let duration = try #require(info.duration)
            #expect(abs(duration - Double(played.count) / 24_000) <= 1 / 24_000, "the edit list is what it plays")
            #expect(abs(duration - Double(kept.count) / 24_000) < 1_024 / 24_000, "within one frame of the range")
            #expect(frames == played.count)
            let source = Sweep.samples(played)
            let likeness = Likeness.correlation(decoded, source)
            #expect(likeness > 0.95, "the decoded audio is the played range's: \(likeness)")
            // Shifted by one frame, the same comparison fails: the test sees a cut in the wrong place. (Over a
            // few hundred frames the sweep hardly changes, so only longer ranges tell a shift this way.)
            let shifted = Sweep.samples(played.lowerBound + 1_024 ..< played.upperBound + 1_024)
            if played.count >= 4_800 {
                #expect(Likeness.correlation(decoded, shifted) < 0.5)
                let windows = zip(Likeness.levels(decoded), Likeness.levels(source))
                for (index, (heard, written)) in windows.enumerated() {
                    #expect(abs(heard - written) < 0.1, "window \(index): \(heard) heard, \(written) written")
                }
            }
            // Sample for sample, the cut decodes as the same range of the whole take does, from its first sample
            // (the pre-roll rebuilt it) to its last.
            let whole = try Self.pausedAndResumedTake(in: directory, named: "voice-whole.m4a")
            _ = try whole.finish()
            var wholeDecoded: [Float] = []
            try AudioFileReader.decode(whole.url) { wholeDecoded += $0 }
            let sameRange = Array(wholeDecoded[played])
            #expect(decoded.count == sameRange.count)
            let largestDifference = zip(decoded, sameRange).map { abs($0 - $1) }.max() ?? 1
            #expect(largestDifference < 0.005, "\(largestDifference) at most between the cut and the whole take")
            try FileManager.default.removeItem(at: whole.url)
            #expect(try topLevelBoxTypes(writer.url).filter { $0 == "moof" }.isEmpty, "a plain MP4")
            #expect(try fileMode(writer.url) == 0o600)
            #expect(try directory.contents() == ["voice-cut.m4a"])
        }

        @Test(.enabled(if: ffprobeIsInstalled), arguments: ranges)
        func nothingBeforeTheKeptRangeButOneFrameOfPreRollIsLeftInTheFile(kept: Range<Int>) throws {
            let directory = try ScratchDirectory()
            let writer = try Self.pausedAndResumedTake(in: directory, named: "voice-private-cut.m4a")
            let played = try writer.finish(keeping: kept)

            let stored = try StoredPackets(of: writer.url)
            // Read with its edit list ignored, the file holds the packets overlapping what it plays and one before.
            #expect(stored.sizes.count == StoredPackets.expectedCount(playing: played))
            // And no other audio byte: not even unreferenced packets of the cut-away start in an `mdat`.
            #expect(Int64(stored.sizes.reduce(0, +)) == stored.mediaBytes)
        }

        @Test func theWholeTakeKeptIsTheSameAsFinishingIt() throws {
            let directory = try ScratchDirectory()
            let whole = try Self.pausedAndResumedTake(in: directory, named: "voice-whole.m4a")
            let kept = try Self.pausedAndResumedTake(in: directory, named: "voice-kept.m4a")
            _ = try whole.finish()
            #expect(
                try kept.finish(keeping: 0 ..< Self.takeFrames + 5_000) == 0 ..< Self.takeFrames, "clamped to the take")
            var wholeSamples: [Float] = []
            var keptSamples: [Float] = []
            try AudioFileReader.decode(whole.url) { wholeSamples += $0 }
            try AudioFileReader.decode(kept.url) { keptSamples += $0 }
            #expect(wholeSamples == keptSamples)
        }

        @Test func aRangeOutsideTheTakeIsRefusedInWordsAndTheTakeGoesOn() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-short.m4a"))
            try Sweep.feed(writer, 0 ..< 10_000)
            for kept in [10_000 ..< 20_000, 5_000 ..< 5_000, -300 ..< 0] {
                do {
                    _ = try writer.finish(keeping: kept)
                    Issue.record("cutting to \(kept) of a 10,000-frame take should fail")
                } catch {
                    let words = "\(error)"
                    #expect(words.hasPrefix("voice-short.m4a: cannot cut the take to the part kept ("), "\(words)")
                    #expect(!words.contains("\n"))
                }
            }
            try Sweep.feed(writer, 10_000 ..< 20_000)
            #expect(try writer.finish(keeping: 12_000 ..< 18_000) == 12_288 ..< 18_000, "the take was left as it was")
            #expect(throws: FFmpegError.self, "finished cut, it cannot be finished whole") { try writer.finish() }
            #expect(throws: FFmpegError.self) { try writer.finish(keeping: 0 ..< 6_000) }
        }

        @Test func aDiscardedTakeCannotBeCut() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-gone.m4a"))
            try Sweep.feed(writer, 0 ..< 10_000)
            writer.discard()
            try writer.flush()
            #expect(throws: FFmpegError.self) { try writer.finish(keeping: 0 ..< 5_000) }
            #expect(try directory.contents().isEmpty)
        }
    }
}
