import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderAudioFiles
import VoiceRecorderTestSupport

/// SPEC I.3 in the library: a memo's Enhance switch is stored with it (schema 7) and read back at every opening; the
/// audio file is never touched by it.
@Suite struct EnhanceLibraryTests {
    @Test func theSwitchIsStoredReadBackAndLeavesTheAudioAsItWas() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 0.5, in: library.takesDirectory)
        let memo = try library.keep(take, id: UUID(), date: Date(), title: "Noisy", isRecovered: false)
        let other = try library.keep(
            try Takes.recording(seconds: 0.5, in: library.takesDirectory), id: UUID(), date: Date(), title: "",
            isRecovered: false)
        #expect(!memo.isEnhanced, "off until switched")
        let audio = try Data(contentsOf: library.fileURL(of: memo.id))

        try library.setEnhanced(true, of: memo.id)
        try library.close()
        let reopened = try makeLibrary(in: scratch)
        let memos = try reopened.open()
        #expect(memos.first { $0.id == memo.id }?.isEnhanced == true)
        #expect(memos.first { $0.id == other.id }?.isEnhanced == false)
        #expect(try Data(contentsOf: reopened.fileURL(of: memo.id)) == audio, "the audio as recorded")

        try reopened.setEnhanced(false, of: memo.id)
        #expect(try reopened.memo(memo.id)?.isEnhanced == false)
        #expect(throws: MemoLibraryError.noMemo(UUID(uuidString: "AAAAAAAA-0000-0000-0000-000000000001")!)) {
            try reopened.setEnhanced(true, of: UUID(uuidString: "AAAAAAAA-0000-0000-0000-000000000001")!)
        }
    }

    /// Halves every sample: enough to tell the copy is the enhancer's, not the file's bytes.
    final class HalvingEnhancer: SoundEnhancer {
        let blockFrames = 240
        func process(_ block: inout [Float]) throws { block = block.map { $0 / 2 } }
    }

    @Test func anEnhancedCopyReplacesOnlyWhenAskedAndLeavesNoPartialFile() throws {
        let scratch = try ScratchDirectory()
        let take = try Takes.recording(seconds: 1, in: try scratch.directory("takes"))
        let out = try scratch.directory("out")
        let destination = out.appendingPathComponent("note.m4a")
        try Data("chosen in the save dialog".utf8).write(to: destination)

        #expect(throws: NewFileCopy.Exists.self) {
            try EnhancedCopy.write(take.url, to: destination) { HalvingEnhancer() }
        }
        #expect(try Data(contentsOf: destination) == Data("chosen in the save dialog".utf8), "left as it was")

        let frames = try EnhancedCopy.write(take.url, to: destination, replacing: true) { HalvingEnhancer() }
        #expect(frames == 24_000, "the memo's length, to the frame")
        #expect(try AudioFiles.decode(destination) { _ in }.frames == 24_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["note.m4a"], "no partial file")
    }
}
