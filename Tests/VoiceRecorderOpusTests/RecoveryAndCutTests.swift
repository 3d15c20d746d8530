import Foundation
import Testing
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@testable import VoiceRecorderOpus

extension OpusAdapterTests {
    @Suite struct RecoveryTests {
        /// A take as a process killed right now leaves it: its bytes as they are on disk, the writer still open.
        static func killedTake(frames: Int, in directory: ScratchDirectory) throws -> (
            left: URL, writer: OggOpusTakeWriter
        ) {
            let writer = try OggOpusTakeWriter(url: directory.file("voice-live.ogg"))
            try OpusFixtures.feed(writer, frames: frames)
            let left = directory.file("voice-left.ogg")
            try Data(contentsOf: writer.url).write(to: left)
            return (left, writer)
        }

        @Test func aKilledTakePlaysToItsLastPageAndRecoveryEndsItExactly() throws {
            let directory = try ScratchDirectory()
            let (left, writer) = try Self.killedTake(frames: 3 * 24_000 + 100, in: directory)
            defer { writer.discard() }
            #expect(OggOpusRecovery.isUnfinished(left))
            let before = try OggOpusReader.info(of: left)
            #expect(!before.isEnded)
            // 150 packets of 20 ms were made, 12 a page: 12 pages reached the file (144 packets), less the delay.
            #expect(before.frames == 144 * 480 - 156, "\(before.frames)")
            #expect(try OpusFixtures.gstreamerDecodes(left).ok, "an outside decoder plays it as it is")
            #expect(try OpusFixtures.ffmpegDecoded(left).count == before.frames)

            #expect(OggOpusRecovery.findUnfinished(in: directory.url) == [left], "the live one is left alone")
            let recovered = try OggOpusRecovery.recover(left)
            #expect(recovered.frames == before.frames)
            let after = try OggOpusReader.info(of: left)
            #expect(after.isEnded && after.frames == before.frames)
            let opusinfo = try OpusFixtures.opusinfo(left)
            #expect(!opusinfo.warns, "\(opusinfo.output)")
            #expect(!OggOpusRecovery.isUnfinished(left))
            #expect(throws: OpusError.self, "a finished take is never recovered twice") {
                try OggOpusRecovery.recover(left)
            }
        }

        @Test func aTakeBeingRecordedIsNeitherFoundNorRecovered() throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-live.ogg"))
            try OpusFixtures.feed(writer, frames: 24_000)
            #expect(OggOpusRecovery.isUnfinished(writer.url))
            #expect(OggOpusRecovery.findUnfinished(in: directory.url).isEmpty)
            let error = #expect(throws: OpusError.self) { try OggOpusRecovery.recover(writer.url) }
            #expect(error?.description == "voice-live.ogg: still being recorded")
            _ = try writer.finish()
            #expect(!OggOpusRecovery.isUnfinished(writer.url))
        }

        @Test func aLastPageCutShortIsDroppedAndTheRestKept() throws {
            let directory = try ScratchDirectory()
            let (left, writer) = try Self.killedTake(frames: 2 * 24_000, in: directory)
            writer.discard()
            let whole = try OggOpusReader.info(of: left).frames
            // A power loss in the middle of a page's write: half a page more.
            let bytes = try Data(contentsOf: left)
            try (bytes + bytes.suffix(200).prefix(100)).write(to: left)
            let error = #expect(throws: OpusError.self) { try OggOpusReader.info(of: left) }
            #expect(
                error?.description.hasPrefix("voice-left.ogg: the file is ") == true, "\(String(describing: error))")
            #expect(OggOpusRecovery.isUnfinished(left))
            #expect(try OggOpusRecovery.recover(left).frames == whole)
            #expect(try Data(contentsOf: left).count == bytes.count)
            #expect(!(try OpusFixtures.opusinfo(left).warns))
        }

        @Test func aTakeKilledBeforeItsFirstPageBecomesAValidEmptyOne() throws {
            let directory = try ScratchDirectory()
            let (left, writer) = try Self.killedTake(frames: 2_000, in: directory)
            writer.discard()
            #expect(try OggOpusRecovery.recover(left).frames == 0)
            #expect(try OggOpusReader.info(of: left).isEnded)
            #expect(try OggOpusReader.decode(left) { _ in }.frames == 0)
            let opusinfo = try OpusFixtures.opusinfo(left)
            #expect(!opusinfo.warns, "\(opusinfo.output)")
            #expect(try OpusFixtures.gstreamerDecodes(left).ok)
        }
    }

    @Suite struct CutTests {
        /// The decoded audio of a finished take of tone.
        static func decoded(_ url: URL) throws -> [Float] {
            var samples: [Float] = []
            try OggOpusReader.decode(url) { samples += $0 }
            return samples
        }

        @Test(arguments: [(12_000, 36_000), (0, 24_000), (100, 71_900), (30_001, 72_000), (1_000, 3_400)])
        func aCutPlaysExactlyTheKeptRange(_ range: (start: Int, end: Int)) throws {
            let directory = try ScratchDirectory()
            let whole = try Self.decoded(try OpusFixtures.take(frames: 72_000, in: directory, name: "voice-whole.ogg"))
            let writer = try OggOpusTakeWriter(url: directory.file("voice-cut.ogg"))
            try OpusFixtures.feed(writer, frames: 72_000)
            let kept = range.start ..< range.end
            #expect(try writer.finish(keeping: kept) == kept, "exactly the range: pre-skip hides the rest")
            #expect(try writer.finish(keeping: kept) == kept, "idempotent")

            let info = try OggOpusReader.info(of: writer.url)
            #expect(info.frames == kept.count && info.isEnded)
            #expect(info.preSkip <= 3_840 + 960 + 312, "80 ms of pre-roll, at most one packet more")
            #expect(!(try OpusFixtures.opusinfo(writer.url).warns))
            let probed = try #require(try OpusFixtures.ffprobeDuration(writer.url))
            #expect(abs(probed - Double(info.preSkip) / 48_000 - Double(kept.count) / 24_000) < 0.000_05)
            // Decoded, it is the same audio as that range of the whole take, once the decoder has settled.
            let cut = try Self.decoded(writer.url)
            #expect(cut.count == kept.count)
            let compared = min(cut.count, 480) ..< cut.count
            let error = compared.map { Double(cut[$0] - whole[kept.lowerBound + $0]) }.map { $0 * $0 }.reduce(0, +)
            let power = compared.map { Double(whole[kept.lowerBound + $0]) }.map { $0 * $0 }.reduce(0, +)
            #expect(10 * log10(power / max(error, 1e-12)) > 30, "the cut decodes as the whole take did there")
            #expect(try directory.contents() == ["voice-cut.ogg", "voice-whole.ogg"], "no partial file is left")
        }

        @Test func whatWasCutAwayIsGoneFromTheFile() throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-cut.ogg"))
            try OpusFixtures.feed(writer, frames: 10 * 24_000)
            let whole = try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int ?? 0
            _ = try writer.finish(keeping: 4 * 24_000 ..< 6 * 24_000)
            let cut = try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int ?? 0
            // 2 s kept of 10, with at most 0.1 s of pre-roll: about a fifth of the bytes.
            #expect(Double(cut) < Double(whole) * 0.25, "\(cut) of \(whole) bytes")
        }

        @Test func aRangeWithNothingRecordedIsRefusedAndNeverSentWhole() throws {
            let directory = try ScratchDirectory()
            let writer = try OggOpusTakeWriter(url: directory.file("voice-cut.ogg"))
            try OpusFixtures.feed(writer, frames: 24_000)
            #expect(throws: OpusError.self) { try writer.finish(keeping: 48_000 ..< 50_000) }
            #expect(throws: OpusError.self, "not finished whole afterwards") { try writer.finish() }
            writer.discard()
            #expect(try directory.contents().isEmpty)
        }
    }

    @Suite struct SeekTests {
        @Test(arguments: [0.0, 0.3, 1.0, 2.37, 2.99])
        func aSeekLandsOnTheSampleAsDecodingFromTheStartDoes(_ seconds: Double) throws {
            let directory = try ScratchDirectory()
            let url = try OpusFixtures.take(frames: 72_000, in: directory)
            let whole = try CutTests.decoded(url)
            let decoder = try OggOpusDecoder(url: url)
            try decoder.seek(to: seconds)
            let chunk = try #require(try decoder.read(maxFrames: 2_000))
            let start = Int((seconds * 24_000).rounded())
            #expect(chunk.count == min(2_000, 72_000 - start))
            let error = chunk.indices.map { Double(chunk[$0] - whole[start + $0]) }.map { $0 * $0 }.reduce(0, +)
            let power = chunk.indices.map { Double(whole[start + $0]) }.map { $0 * $0 }.reduce(0, +)
            #expect(10 * log10(power / max(error, 1e-12)) > 30)
        }

        @Test func aSeekToTheEndReadsNothing() throws {
            let directory = try ScratchDirectory()
            let decoder = try OggOpusDecoder(url: try OpusFixtures.take(frames: 24_000, in: directory))
            try decoder.seek(to: 5)
            #expect(try decoder.read(maxFrames: 100) == nil)
            try decoder.seek(to: 0)
            #expect(try decoder.read(maxFrames: 100)?.count == 100)
        }
    }
}
