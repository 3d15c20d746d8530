import Foundation
import Testing
import VoiceRecorderTestSupport

@testable import VoiceRecorderFFmpeg

extension FFmpegAdapterTests {
    @Suite struct TakeRecoveryTests {
        /// Writes `frames` and leaves in `directory` the bytes a process killed at that moment would leave.
        private func killedTake(in directory: ScratchDirectory, frames: Int, cutBytes: Int = 0) throws -> URL {
            let writer = try M4ATakeWriter(url: directory.file("writing.m4a"))
            try Signal.feed(writer, frames: frames)
            var bytes = try Data(contentsOf: writer.url)
            writer.discard()
            bytes.removeLast(min(cutBytes, bytes.count))
            let left = directory.file("voice-\(UUID().uuidString).m4a")
            try bytes.write(to: left)
            return left
        }

        @Test(arguments: [0, 100, 333])
        func killedTakeIsFoundAndFinishedWithAllItsCompleteFragments(cutBytes: Int) throws {
            let directory = try ScratchDirectory()
            let written = 4 * 24_000 + 123
            let left = try killedTake(in: directory, frames: written, cutBytes: cutBytes)
            let finished = try M4ATakeWriter(url: directory.file("voice-finished.m4a"))
            try Signal.feed(finished, frames: 5_000)
            _ = try finished.finish()

            #expect(TakeRecovery.findUnfinished(in: directory.url) == [left])
            let recovered = try TakeRecovery.recover(left)
            #expect(recovered.url == left)
            // Everything but the fragment being filled (≤ 0.5 s), a cut-off fragment, and the frame in the encoder.
            #expect(recovered.frames >= written - 2 * 12_000 - 2_048)
            #expect(recovered.frames <= written)
            #expect(abs(recovered.duration - Double(recovered.frames) / 24_000) < 1e-9)

            let (info, decoded) = try AudioFileReader.decode(left) { _ in }
            #expect(info.codecName == "aac")
            #expect(decoded == recovered.frames)
            #expect(abs((info.duration ?? 0) - recovered.duration) < 0.001)
            #expect(TakeRecovery.findUnfinished(in: directory.url).isEmpty, "finished files are never recovered again")
            #expect(throws: FFmpegError.self) { try TakeRecovery.recover(left) }
            #expect(try directory.contents().sorted() == [left.lastPathComponent, "voice-finished.m4a"].sorted())
        }

        @Test func aTakeStillBeingRecordedIsNeverRecovered() throws {
            let directory = try ScratchDirectory()
            let writer = try M4ATakeWriter(url: directory.file("voice-\(UUID().uuidString).m4a"))
            try Signal.feed(writer, frames: 2 * 24_000)
            #expect(TakeRecovery.isUnfinished(writer.url))
            #expect(TakeRecovery.findUnfinished(in: directory.url).isEmpty, "its writer is alive")
            #expect(throws: FFmpegError.self) { try TakeRecovery.recover(writer.url) }
            let frames = try writer.finish()
            #expect(frames == 2 * 24_000, "recovery did not touch it")
        }

        @Test func takeKilledBeforeItsFirstFragmentBecomesAnEmptyValidFile() throws {
            let directory = try ScratchDirectory()
            let left = try killedTake(in: directory, frames: 2_000)
            #expect(TakeRecovery.findUnfinished(in: directory.url) == [left])
            let recovered = try TakeRecovery.recover(left)
            #expect(recovered.frames == 0)
            #expect(TakeRecovery.findUnfinished(in: directory.url).isEmpty)
        }

        @Test func filesThatAreNotUnfinishedTakesAreLeftAlone() throws {
            let directory = try ScratchDirectory()
            try Data("hello".utf8).write(to: directory.file("voice-text.m4a"))
            try Data().write(to: directory.file("voice-empty.m4a"))
            try FileManager.default.createDirectory(
                at: directory.file("voice-folder.m4a"), withIntermediateDirectories: false)
            #expect(TakeRecovery.findUnfinished(in: directory.url).isEmpty)
            #expect(throws: FFmpegError.self) { try TakeRecovery.recover(directory.file("voice-text.m4a")) }
            #expect(try String(contentsOf: directory.file("voice-text.m4a"), encoding: .utf8) == "hello")
        }
    }
}
