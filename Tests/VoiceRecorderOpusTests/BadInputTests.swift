import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderOpus

extension OpusAdapterTests {
    /// Files that are not what a take is: each is refused in one line of words, never a crash.
    @Suite struct BadInputTests {
        /// The bytes of a finished 1 s take.
        static func takeBytes(in directory: ScratchDirectory) throws -> [UInt8] {
            Array(try Data(contentsOf: try OpusFixtures.take(frames: 24_000, in: directory, name: "voice-good.ogg")))
        }

        /// The page offsets of `bytes`, as the reader finds them.
        static func pageOffsets(_ bytes: [UInt8], in directory: ScratchDirectory) throws -> [Int] {
            let url = directory.file("pages.ogg")
            try Data(bytes).write(to: url)
            var reader = try OggPageReader(file: try .init(path: url.path, access: .readOnly))
            var offsets: [Int] = []
            while case .page(let page) = try reader.next() { offsets.append(Int(page.offset)) }
            return offsets
        }

        /// What reading `bytes` as Ogg Opus says, both for its info and for decoding it.
        static func refusal(_ bytes: [UInt8], in directory: ScratchDirectory, name: String = "bad.ogg") throws -> String
        {
            let url = directory.file(name)
            try Data(bytes).write(to: url)
            let info = #expect(throws: OpusError.self) { try OggOpusReader.info(of: url) }
            let decoding = #expect(throws: OpusError.self) { try OggOpusReader.decode(url) { _ in } }
            #expect(info?.description == decoding?.description)
            let words = info?.description ?? ""
            #expect(words.hasPrefix("\(name): "), "names the file: \(words)")
            #expect(!words.contains("\n"))
            return words
        }

        @Test func aTruncatedFile() throws {
            let directory = try ScratchDirectory()
            let bytes = try Self.takeBytes(in: directory)
            #expect(
                try Self.refusal(Array(bytes.prefix(bytes.count - 10)), in: directory)
                    == "bad.ogg: the file is truncated (its last page is cut short)")
            #expect(
                try Self.refusal(Array(bytes.prefix(30)), in: directory)
                    == "bad.ogg: the file is truncated (its last page is cut short)")
        }

        @Test func aDamagedByte() throws {
            let directory = try ScratchDirectory()
            var bytes = try Self.takeBytes(in: directory)
            let third = try Self.pageOffsets(bytes, in: directory)[3]
            bytes[third + 40] ^= 0x5A
            #expect(
                try Self.refusal(bytes, in: directory)
                    == "bad.ogg: the file is damaged (the Ogg page at byte \(third) is not intact)")
        }

        @Test func anOggFileOfAnotherCodec() throws {
            let directory = try ScratchDirectory()
            let vorbis = directory.file("vorbis.ogg")
            _ = try ChildProcess.output(
                of: "/usr/bin/ffmpeg",
                ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=d=1", "-c:a", "libvorbis", vorbis.path])
            #expect(!OggOpusReader.claims(vorbis), "left to FFmpeg, which reads Vorbis")
            let words = try Self.refusal(Array(try Data(contentsOf: vorbis)), in: directory)
            #expect(words == "bad.ogg: not an Opus file (its Ogg stream holds Vorbis)")
        }

        @Test func twoStreams() throws {
            let directory = try ScratchDirectory()
            let bytes = try Self.takeBytes(in: directory)
            let second = Array(
                try Data(contentsOf: try OpusFixtures.take(frames: 9_000, in: directory, name: "voice-2.ogg")))
            #expect(
                try Self.refusal(bytes + second, in: directory)
                    == "bad.ogg: holds more than one Ogg stream (only a single Opus stream is read)")
            let multiplexed = directory.file("two.ogg")
            _ = try ChildProcess.output(
                of: "/usr/bin/ffmpeg",
                [
                    "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=d=1", "-map", "0", "-map", "0", "-c:a",
                    "libopus", multiplexed.path,
                ])
            #expect(
                try Self.refusal(Array(try Data(contentsOf: multiplexed)), in: directory)
                    == "bad.ogg: holds more than one Ogg stream (only a single Opus stream is read)")
        }

        @Test func granulePositionsGoingBackwards() throws {
            let directory = try ScratchDirectory()
            var bytes = try Self.takeBytes(in: directory)
            let offsets = try Self.pageOffsets(bytes, in: directory)
            // The fourth page claims to end before the third: its granule position set to 100, its checksum made
            // right again, so only the positions are wrong.
            var page = Array(bytes[offsets[3] ..< offsets[4]])
            page.replaceSubrange(6 ..< 14, with: LittleEndian.bytes(of: UInt64(100)))
            OggPage.setChecksum(of: &page)
            bytes.replaceSubrange(offsets[3] ..< offsets[4], with: page)
            #expect(
                try Self.refusal(bytes, in: directory)
                    == "bad.ogg: the file is damaged (its positions go backwards at byte \(offsets[3]))")
        }

        @Test func filesThatAreNoOggAtAll() throws {
            let directory = try ScratchDirectory()
            #expect(try Self.refusal([], in: directory) == "bad.ogg: not an audio file (it is empty)")
            #expect(try Self.refusal(Array("just some text\n".utf8), in: directory) == "bad.ogg: not an Ogg file")
            let missing = directory.file("missing.ogg")
            let error = #expect(throws: OpusError.self) { try OggOpusReader.info(of: missing) }
            #expect(error?.description == "missing.ogg: no such file")
            #expect(!OggOpusReader.claims(directory.file("bad.ogg")))
        }

        @Test func randomDamageAnywhereIsAnErrorOrAudioNeverACrash() throws {
            let directory = try ScratchDirectory()
            let bytes = try Self.takeBytes(in: directory)
            var generator = SystemRandomNumberGenerator()
            for _ in 0 ..< 200 {
                var damaged = bytes
                for _ in 0 ..< Int.random(in: 1 ... 4, using: &generator) {
                    damaged[Int.random(in: 0 ..< damaged.count, using: &generator)] = .random(
                        in: 0 ... 255, using: &generator)
                }
                let cut = Int.random(in: 0 ... damaged.count, using: &generator)
                let url = directory.file("damaged.ogg")
                try Data(damaged.prefix(cut)).write(to: url)
                do {
                    _ = try OggOpusReader.decode(url) { _ in }
                } catch let error as OpusError {
                    #expect(error.description.hasPrefix("damaged.ogg: "), "\(error)")
                }
            }
        }
    }
}
