import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary

/// Memo numbers (SPEC B.3's "New Recording N"): one more for every memo ever made in the library, however it came
/// (kept, adopted, recovered), never handed out twice — not even the highest one, deleted forever — and kept across
/// reopening.
@Suite struct MemoNumberTests {
    @Test func everyKeptMemoGetsTheNextNumberAndADeletedOnesNumberIsNeverReused() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        var kept: [Memo] = []
        for index in 0 ..< 3 {
            let take = try Takes.recording(seconds: 0.3, in: library.takesDirectory)
            kept.append(
                try library.keep(
                    take, id: UUID(), date: Date(timeIntervalSinceReferenceDate: Double(index)), title: "",
                    isRecovered: false))
        }
        #expect(kept.map(\.number) == [1, 2, 3])
        try library.deleteForever(kept[2].id)
        try library.close()

        let reopened = try makeLibrary(in: scratch)
        #expect(try reopened.open().map(\.number) == [2, 1], "numbers are stored with the memos")
        let take = try Takes.recording(seconds: 0.3, in: reopened.takesDirectory)
        let next = try reopened.keep(take, id: UUID(), date: Date(), title: "", isRecovered: false)
        #expect(next.number == 4, "3 went with its memo and is not handed out again")
        #expect(MemoTitle.displayTitle(of: next) == "New Recording 4")
    }

    @Test func anAdoptedFileIsNumberedOnceHoweverOftenTheLibraryOpens() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 0.3, in: library.takesDirectory)
        _ = try library.keep(take, id: UUID(), date: Date(), title: "", isRecovered: false)
        // A memo's file with no row (a copy brought in by hand): adopted at the next start.
        let stray = try Takes.recording(seconds: 0.4, in: try scratch.directory("elsewhere"))
        let id = UUID()
        try FileManager.default.moveItem(at: stray.url, to: library.fileURL(of: id))
        try library.close()

        let reopened = try makeLibrary(in: scratch)
        let memos = try reopened.open()
        #expect(memos.first { $0.id == id }?.number == 2)
        try reopened.close()
        let again = try makeLibrary(in: scratch)
        _ = try again.open()
        let take2 = try Takes.recording(seconds: 0.3, in: again.takesDirectory)
        #expect(try again.keep(take2, id: UUID(), date: Date(), title: "", isRecovered: false).number == 3)
    }
}
