import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    /// What a recipient can get out of a trimmed take's file by ignoring its edit list (SPEC D.5): decoded that way
    /// by FFmpeg's own tool, the file holds the one pre-roll frame (the frame the cut start falls in), what it plays
    /// (from the next frame boundary to the range's end) and the rest of the frame the range ends in — nothing more.
    /// So before what it plays there is exactly one AAC frame, and under one after its end.
    @Suite struct TrimmedTakePreRollTests {
        /// Ranges long enough to find by their audio (the sweep changes little over a few hundred frames).
        static let ranges: [Range<Int>] = [
            12_000 ..< 60_000,  // across the pause
            0 ..< 30_000,  // from the start: the pre-roll is the encoder's priming
            40_000 ..< 72_000,  // to the end
            13_311 ..< 20_000,  // a cut one frame short of a frame boundary
            13_313 ..< 20_000,  // a cut one frame past a boundary: the most that starts later (1023 frames)
            14_336 ..< 21_000,  // a cut on a frame boundary
        ]

        /// The file's audio as FFmpeg decodes it with the edit list ignored: 24 kHz mono floats.
        static func decodeIgnoringEditList(_ url: URL, in directory: ScratchDirectory) throws -> [Float] {
            let raw = directory.file("raw.f32")
            _ = try ChildProcess.output(
                of: "/usr/bin/ffmpeg",
                [
                    "-v", "error", "-nostdin", "-ignore_editlist", "1", "-i", url.path, "-f", "f32le", "-ac", "1",
                    "-ar", "24000", "-y", raw.path,
                ])
            let data = try Data(contentsOf: raw)
            return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }

        /// Where in `decoded` the audio of `kept` starts: the offset (up to `limit`) whose stretch correlates best
        /// with the signal written there.
        static func offset(of kept: Range<Int>, in decoded: [Float], limit: Int) -> (offset: Int, likeness: Double) {
            let probe = Sweep.samples(kept.lowerBound + 256 ..< kept.lowerBound + 256 + 2_400)
            var best = (offset: -1, likeness: -1.0)
            for offset in 0 ..< limit where offset + 256 + probe.count <= decoded.count {
                let heard = Array(decoded[offset + 256 ..< offset + 256 + probe.count])
                let likeness = Likeness.correlation(heard, probe)
                if likeness > best.likeness { best = (offset, likeness) }
            }
            return best
        }

        @Test(.enabled(if: ffprobeIsInstalled), arguments: ranges)
        func decodedWithoutItsEditListTheFileHoldsOneFrameBeforeWhatItPlaysAndUnderOneAfter(kept: Range<Int>)
            throws
        {
            let directory = try ScratchDirectory()
            let writer = try TrimmedTakeTests.pausedAndResumedTake(in: directory, named: "voice-pre-roll.m4a")
            let played = try writer.finish(keeping: kept)
            #expect(played == expectedPlayedFrames(keeping: kept))

            let decoded = try Self.decodeIgnoringEditList(writer.url, in: directory)
            let found = Self.offset(of: played, in: decoded, limit: 4_096)
            #expect(found.likeness > 0.95, "the played range's audio is in the file: \(found)")
            // The pre-roll frame, and nothing else, before it.
            #expect(found.offset == 1_024, "\(found.offset) frames before what the file plays")
            // Of the audio before the kept range, the file holds at most one frame's worth.
            let fileStart = played.lowerBound - found.offset
            #expect(kept.lowerBound - fileStart <= 1_024, "\(kept.lowerBound - fileStart) frames before the range")
            // Whole frames: the tail of the last one, under a frame, follows the range.
            let after = decoded.count - found.offset - played.count
            #expect(after >= 0 && after < 1_024, "\(after) frames after the kept end")
            #expect(decoded.count % 1_024 == 0, "whole AAC frames: \(decoded.count)")
        }
    }
}
