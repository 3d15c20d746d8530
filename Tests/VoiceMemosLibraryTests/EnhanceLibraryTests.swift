import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
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
}
