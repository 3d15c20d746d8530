import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    @Suite struct M4ATakeWriterTests {
        @Test(arguments: [1, 1_023, 1_024, 1_025, 12_345, 24_000, 24_001, 72_511])
        func finishedFileIsAacMonoAt24kHzWithTheExactDuration(frames: Int) throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-take.m4a"))
            try Signal.feed(writer, frames: frames)

            #expect(try writer.finish() == frames)
            #expect(try writer.finish() == frames, "finish is idempotent")

            let (info, decoded) = try AudioFileReader.decode(writer.url) { _ in }
            #expect(info.codecName == "aac")
            #expect(info.sampleRate == 24_000)
            #expect(info.channels == 1)
            let duration = try #require(info.duration)
            #expect(abs(duration - Double(frames) / 24_000) <= 0.025)
            #expect(abs(duration - Double(frames) / 24_000) < 0.001, "the edit list is exact, not just close")
            #expect(decoded == frames)
            #expect(!TakeRecovery.isUnfinished(writer.url), "a finished take is a plain MP4")
            #expect(try directory.contents() == ["voice-take.m4a"])
            // Finished in place: the fragments (now inside one mdat) and then the plain header; the remux would
            // have put a `free` box between the file type and its mdat.
            #expect(try topLevelBoxTypes(writer.url) == ["ftyp", "mdat", "moov"])
        }

        @Test func decodedAudioIsTheToneThatWasWritten() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-tone.m4a"))
            try Signal.feed(writer, frames: 24_000, amplitude: 0.5)
            _ = try writer.finish()

            var samples: [Float] = []
            try AudioFileReader.decode(writer.url) { samples += $0 }
            let middle = samples[6_000 ..< 18_000]
            let peak = middle.map(abs).max() ?? 0
            let rms = (middle.map { Double($0 * $0) }.reduce(0, +) / Double(middle.count)).squareRoot()
            #expect(abs(peak - 0.5) < 0.05)
            #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.03)
        }

        @Test func fileIsPrivateFromCreationToFinish() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-private.m4a"))
            #expect(try fileMode(writer.url) == 0o600)
            try Signal.feed(writer, frames: 30_000)
            #expect(try fileMode(writer.url) == 0o600)
            _ = try writer.finish()
            #expect(try fileMode(writer.url) == 0o600)
        }

        @Test func factoryNamesTakesVoiceUUIDInItsDirectory() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriterFactory(directory: directory.url).makeWriter()
            let name = writer.url.lastPathComponent
            #expect(name.hasPrefix("voice-") && name.hasSuffix(".m4a"))
            #expect(UUID(uuidString: String(name.dropFirst(6).dropLast(4))) != nil)
            #expect(writer.url.deletingLastPathComponent().lastPathComponent == directory.url.lastPathComponent)
            writer.discard()
        }

        @Test(arguments: [0, 5_000, 48_000])
        func discardLeavesNothingBehind(frames: Int) throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-discarded.m4a"))
            try Signal.feed(writer, frames: frames)
            writer.discard()
            writer.discard()
            #expect(try directory.contents().isEmpty)
            #expect(throws: FFmpegError.self) { try writer.append([0]) }
            #expect(throws: FFmpegError.self) { try writer.finish() }
        }

        @Test func discardAfterFinishDeletesTheFile() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-finished.m4a"))
            try Signal.feed(writer, frames: 10_000)
            _ = try writer.finish()
            writer.discard()
            #expect(try directory.contents().isEmpty)
        }

        @Test func copyTakenMidWriteDecodesUpToItsLastFragment() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-live.m4a"))
            let written = 3 * 24_000 + 700
            try Signal.feed(writer, frames: written)
            let killed = directory.file("killed.m4a")
            try snapshot(writer.url, to: killed)
            writer.discard()

            let (info, decoded) = try AudioFileReader.decode(killed) { _ in }
            #expect(info.codecName == "aac")
            // At most one unfinished 0.5 s fragment (plus the frame the encoder holds back) may be missing.
            #expect(decoded >= written - 12_000 - 2_048)
            #expect(decoded <= written + 1_024)
        }

        @Test func appendAfterFinishIsRefused() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-done.m4a"))
            try Signal.feed(writer, frames: 2_000)
            _ = try writer.finish()
            #expect(throws: FFmpegError.self) { try writer.append([0, 0]) }
        }

        @Test func anExistingFileIsNeverOverwritten() throws {
            let directory = try ScratchDirectory()
            let url = directory.file("voice-taken.m4a")
            try Data("keep me".utf8).write(to: url)
            #expect(throws: FFmpegError.self) { try M4ATakeWriter(url: url) }
            #expect(try String(contentsOf: url, encoding: .utf8) == "keep me")
        }
    }
}
