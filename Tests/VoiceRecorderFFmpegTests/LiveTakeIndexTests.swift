import Foundation
import Testing
import VoiceRecorderMP4
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    /// The index a writer reads while it writes (`LiveTakeIndex`): the same as reading the whole file at the end,
    /// however the file grew, and finishing then reads only the file's tail.
    @Suite struct LiveTakeIndexTests {
        /// A take of `frames` of tone encoded into `url` (trailer included), and the encoder's own live index.
        private func encodedTake(frames: Int, at url: URL) throws -> FragmentedAACEncoder {
            try createPrivateFile(atPath: url.path)
            let encoder = try FragmentedAACEncoder(path: url.path, bitRate: M4ATakeWriter.defaultBitRate)
            var written = 0
            while written < frames {
                let count = min(480, frames - written)
                try encoder.append(Tone.samples(frames: count, offset: written))
                written += count
            }
            try encoder.finish()
            return encoder
        }

        private func wholeFileIndex(_ url: URL) throws -> FragmentedTakeIndex {
            try FragmentedTakeIndex.read(from: POSIX.File(path: url.path, access: .readOnly))
        }

        @Test func anIndexReadAsTheFileGrewInPiecesCutAnywhereIsTheWholeFilesIndex() throws {
            let directory = try ScratchDirectory()
            let source = directory.file("voice-source.m4a")
            _ = try encodedTake(frames: 4 * 24_000 + 77, at: source)
            let bytes = try Array(Data(contentsOf: source))

            // The same bytes appended in pieces that end inside box headers, moofs and mdats alike.
            let growing = directory.file("voice-growing.m4a")
            try createPrivateFile(atPath: growing.path)
            let index = try LiveTakeIndex(path: growing.path)
            let handle = try FileHandle(forWritingTo: growing)
            let pieces = [1, 3, 5, 8, 13, 100, 777, 1_500]
            var written = 0
            var turn = 0
            while written < bytes.count {
                let count = min(pieces[turn % pieces.count], bytes.count - written)
                try handle.write(contentsOf: Data(bytes[written ..< written + count]))
                written += count
                turn += 1
                index.advance()
            }
            try handle.close()
            #expect(turn > 60)
            #expect(try index.completed() == wholeFileIndex(source))
        }

        @Test func finishingALongTakeReadsOnlyItsTailAndGivesTheExactFile() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-long.m4a")
            let frames = 60 * 24_000 + 5
            let encoder = try encodedTake(frames: frames, at: url)
            let liveIndex = try #require(encoder.liveIndex)
            let size = try fileSize(url)
            #expect(try liveIndex.completed() == wholeFileIndex(url))
            // The closing fragment, the mfra and the leading moov read again: a few KB of a 400 KB file.
            #expect(liveIndex.bytesReadToComplete < 8_192)
            #expect(size > 300_000)

            #expect(
                try FragmentedTakeFinisher.finish(
                    fragmentedFileAt: url, primingFrames: encoder.primingFrames, exactFrames: frames,
                    liveIndex: liveIndex) == frames)
            #expect(try decodedSamples(url).count == frames)
            #expect(try topLevelBoxTypes(url) == ["ftyp", "mdat", "moov"])
        }

        @Test func aLeadingMovieChangedAfterItWasReadIsRefusedAndTheWholeFileIsReadInstead() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-changed.m4a")
            let frames = 3 * 24_000
            let encoder = try encodedTake(frames: frames, at: url)
            let liveIndex = try #require(encoder.liveIndex)
            // The mvhd's creation time (ftyp, then moov's header, then mvhd's header, version and flags): a change
            // that keeps the file valid, but is not what was read.
            let movie = try #require(try topLevelBoxes(url).first { $0.type == "moov" })
            let handle = try FileHandle(forUpdating: url)
            try handle.seek(toOffset: UInt64(movie.offset + 8 + 8 + 4))
            try handle.write(contentsOf: Data([0x5A]))
            try handle.close()

            let refusal = #expect(throws: InPlaceConversionRefusal.self) { try liveIndex.completed() }
            #expect(refusal?.reason.contains("leading moov changed") == true)
            #expect(
                try FragmentedTakeFinisher.finish(
                    fragmentedFileAt: url, primingFrames: encoder.primingFrames, exactFrames: frames,
                    liveIndex: liveIndex) == frames)
            #expect(try decodedSamples(url).count == frames)
        }
    }
}
