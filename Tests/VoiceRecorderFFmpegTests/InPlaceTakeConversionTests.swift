import Foundation
import Testing
import VoiceRecorderMP4
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    @Suite struct InPlaceTakeConversionTests {
        static let frameCounts = [1, 1_023, 1_024, 1_025, 12_345, 24_000, 24_001, 72_511]

        /// A fragmented take of `frames` of tone, complete with its trailer: the file `finish()` starts from.
        private func fragmentedTake(frames: Int, at url: URL) throws {
            try createPrivateFile(atPath: url.path)
            let encoder = try FragmentedAACEncoder(path: url.path, bitRate: M4ATakeWriter.defaultBitRate)
            // Uneven buffers, the way a capture delivers them.
            let sizes = [480, 1_000, 333, 2_048, 17, 1_200]
            var written = 0
            var turn = 0
            while written < frames {
                let count = min(sizes[turn % sizes.count], frames - written)
                try encoder.append(Tone.samples(frames: count, offset: written))
                written += count
                turn += 1
            }
            try encoder.finish()
        }

        /// The same take finished by the remux: the reference every in-place file must match.
        private func remuxedReference(frames: Int, in directory: ScratchDirectory) throws -> (
            samples: [Float], frames: Int
        ) {
            let url = directory.file("voice-reference.m4a")
            try fragmentedTake(frames: frames, at: url)
            let finished = try TakeRemuxer.remux(fragmentedFileAt: url, primingFrames: 1_024, exactFrames: frames)
            return (try decodedSamples(url), finished)
        }

        @Test(arguments: frameCounts)
        func inPlaceFileDecodesToExactlyTheRemuxedSamples(frames: Int) throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-in-place.m4a")
            try fragmentedTake(frames: frames, at: url)
            let sizeBefore = try fileSize(url)
            let conversion = try InPlaceTakeConversion(path: url.path, primingFrames: 1_024, exactFrames: frames)
            #expect(try conversion.run() == frames)

            let reference = try remuxedReference(frames: frames, in: directory)
            #expect(reference.frames == frames)
            let samples = try decodedSamples(url)
            #expect(samples.count == frames)
            #expect(samples == reference.samples, "sample for sample the same as the remux")
            // Converted, not copied: the audio stayed where it was and only a header was added.
            #expect(try fileSize(url) == sizeBefore + Int64(conversion.movie.bytes.count))
            #expect(!TakeRecovery.isUnfinished(url))
            #expect(try topLevelBoxTypes(url) == ["ftyp", "mdat", "moov"], "a plain MP4")
        }

        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe")), arguments: frameCounts)
        func ffprobeReadsAacMonoAt24kHzAndTheExactDuration(frames: Int) throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-probed.m4a"))
            try Signal.feed(writer, frames: frames)
            #expect(try writer.finish() == frames)

            let stream = try ffprobeStream(writer.url)
            #expect(stream["codec_name"] == "aac")
            #expect(stream["sample_rate"] == "24000")
            #expect(stream["channels"] == "1")
            #expect(stream["time_base"] == "1/24000")
            #expect(stream["duration_ts"] == String(frames), "duration == frames / 24000 exactly")
        }

        /// How far a finish got before its process was killed.
        enum KillPoint: String, CaseIterable {
            /// In the middle of writing the plain `moov`: only part of it reached the file.
            case midMovieWrite
            /// The plain `moov` is written and durable; the fragments are not wrapped yet.
            case afterMovie
        }

        @Test(arguments: KillPoint.allCases)
        func takeKilledMidFinishIsStillFoundAndRecovered(killed: KillPoint) throws {
            let directory = try ScratchDirectory()
            let frames = 3 * 24_000 + 321
            let url = directory.file("voice-\(UUID().uuidString).m4a")
            try fragmentedTake(frames: frames, at: url)
            let conversion = try InPlaceTakeConversion(path: url.path, primingFrames: 1_024, exactFrames: frames)
            switch killed {
            case .midMovieWrite:
                let handle = try FileHandle(forWritingTo: url)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(conversion.movie.bytes.prefix(conversion.movie.bytes.count / 2)))
                try handle.close()
            case .afterMovie:
                try conversion.appendMovie()
            }

            #expect(TakeRecovery.findUnfinished(in: directory.url) == [url], "a half-finished take is still unfinished")
            let recovered = try TakeRecovery.recover(url)
            // The fragments themselves record the exact end too: nothing is lost, whichever step was interrupted.
            #expect(recovered.frames == frames)
            let reference = try remuxedReference(frames: frames, in: directory)
            #expect(try decodedSamples(url) == reference.samples)
            #expect(TakeRecovery.findUnfinished(in: directory.url).isEmpty)
            #expect(try fileMode(url) == 0o600)
            #expect(try topLevelBoxTypes(url) == ["ftyp", "mdat", "moov"])
        }

        @Test func anUnexpectedLayoutIsRemuxedInstead() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-unusual.m4a")
            let frames = 30_000
            try fragmentedTake(frames: frames, at: url)
            // A box FFmpeg's fragmenting muxer never writes, before the trailing mfra (which FFmpeg finds from the
            // end of the file): the in-place path must not guess what it means.
            let bytes = try Data(contentsOf: url)
            let trailer = try #require(try topLevelBoxes(url).last { $0.type == "mfra" })
            let unknown = Data([0, 0, 0, 24] + Array("uuid".utf8) + (1 ... 16).map { UInt8($0) })
            try (bytes.prefix(Int(trailer.offset)) + unknown + bytes.suffix(from: Int(trailer.offset))).write(to: url)
            let refusal = #expect(throws: InPlaceConversionRefusal.self, "an unknown top-level box is refused") {
                try InPlaceTakeConversion(path: url.path, primingFrames: 1_024, exactFrames: frames)
            }
            #expect(refusal?.reason.contains("uuid") == true)

            #expect(
                try FragmentedTakeFinisher.finish(fragmentedFileAt: url, primingFrames: 1_024, exactFrames: frames)
                    == frames)
            #expect(try decodedSamples(url).count == frames)
            #expect(try topLevelBoxTypes(url).filter { $0 == "mdat" }.count == 1, "the remux wrote one mdat")
            #expect(try fileMode(url) == 0o600)
        }

        @Test func indexListsEveryPacketOncePerFragment() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-indexed.m4a")
            let frames = 5 * 24_000
            try fragmentedTake(frames: frames, at: url)
            let index = try FragmentedTakeIndex.read(from: POSIX.File(path: url.path, access: .readOnly))
            // Priming + frames, in 1024-frame packets; fragments of at most 0.5 s.
            #expect(index.sampleSizes.count == (1_024 + frames + 1_023) / 1_024)
            #expect(index.sampleDurations.reduce(0) { $0 + Int($1) } == 1_024 + frames)
            #expect(index.chunks.map(\.sampleCount).reduce(0, +) == index.sampleSizes.count)
            #expect(index.chunks.allSatisfy { $0.sampleCount <= 12 })
            #expect(
                try topLevelBoxTypes(url).filter { $0 == "moof" }.count == index.chunks.count, "a chunk per fragment")
        }
    }
}

/// Every sample `url` decodes to, through the project's reader.
func decodedSamples(_ url: URL) throws -> [Float] {
    var samples: [Float] = []
    try AudioFileReader.decode(url) { samples += $0 }
    return samples
}

/// The file's length in bytes.
func fileSize(_ url: URL) throws -> Int64 {
    Int64(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? -1)
}

/// The file's top-level boxes, in order.
func topLevelBoxes(_ url: URL) throws -> [MP4BoxScanner.Box] {
    try MP4BoxScanner(path: url.path).boxes()
}

/// The types of the file's top-level boxes, in order.
func topLevelBoxTypes(_ url: URL) throws -> [String] { try topLevelBoxes(url).map(\.type.description) }

/// What `ffprobe` says of the first audio stream of `url`, as key = value.
func ffprobeStream(_ url: URL) throws -> [String: String] {
    let output = try ChildProcess.output(
        of: "/usr/bin/ffprobe",
        [
            "-v", "error", "-select_streams", "a:0", "-show_entries",
            "stream=codec_name,sample_rate,channels,time_base,duration_ts", "-of", "default=noprint_wrappers=1",
            url.path,
        ])
    var fields: [String: String] = [:]
    for line in output.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
}
