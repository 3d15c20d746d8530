import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderAudioFiles

/// SPEC I.1 in the library, on real files and a real database: a saved trim or cut changes the memo's audio, row,
/// waveform and transcript together; the original is kept until the memo is deleted forever; Revert and undo put
/// back exactly what was there; a refused range changes nothing. (Kills in the middle of a save: `EditCrashTests`.)
@Suite("Memos library: editing a memo (SPEC I.1)")
struct EditingLibraryTests {
    let scratch: ScratchDirectory
    let library: SQLiteMemoLibrary

    init() throws {
        scratch = try ScratchDirectory()
        library = try makeLibrary(in: scratch)
        _ = try library.open()
    }

    /// Words one second apart: "w0" at 0.2–0.6 s, "w1" at 1.2–1.6 s, …
    static func transcript(seconds: Int) -> Transcript {
        Transcript(
            language: "en",
            words: (0 ..< seconds).map {
                Transcript.Word(text: "w\($0)", start: Double($0) + 0.2, end: Double($0) + 0.6)
            })
    }

    /// A kept memo of `seconds` seconds, with words when `transcribed`.
    func memo(seconds: Int = 6, title: String = "Standup", transcribed: Bool = true) throws -> Memo {
        let take = try Takes.recording(seconds: Double(seconds), in: library.takesDirectory)
        let memo = try library.keep(take, id: UUID(), date: Date(), title: title, isRecovered: false)
        if transcribed { _ = try library.saveTranscript(Self.transcript(seconds: seconds), of: memo.id) }
        return memo
    }

    var originals: URL { library.layout.originalsDirectory }
    var edits: URL { library.layout.editsDirectory }

    @Test func aTrimChangesTheAudioRowWaveformAndTranscriptTogether() throws {
        let memo = try memo()
        let before = try Fingerprint(library.fileURL(of: memo.id))
        let saved = try library.edit(memo.id, .trim(from: 1, to: 4))
        #expect(saved.memo.duration == 3)
        #expect(saved.memo.isEdited)
        #expect(saved.memo.title == "Standup", "everything else about it stays")
        #expect(saved.memo.waveform != memo.waveform)
        #expect(try Takes.decodedFrames(library.fileURL(of: memo.id)) == 72_000, "the file is the row's length")
        #expect(try library.transcript(of: memo.id)?.words.map(\.text) == ["w1", "w2", "w3"])
        #expect(try library.transcript(of: memo.id)?.words.first?.start == 0.2, "moved with the audio")
        #expect(saved.before == nil)
        #expect(saved.after?.kept == [24_000 ..< 96_000])
        #expect(try Fingerprint(originals.appendingPathComponent("\(memo.id.uuidString).m4a")) == before)
        #expect(names(in: edits).isEmpty)
        #expect(try library.memo(memo.id) == saved.memo, "what it returns is what is stored")
    }

    @Test func aSecondEditIsMadeFromTheOriginalAndRevertPutsTheOriginalBack() throws {
        let memo = try memo()
        let original = try Fingerprint(library.fileURL(of: memo.id))
        _ = try library.edit(memo.id, .trim(from: 1, to: 5))
        let saved = try library.edit(memo.id, .cut(from: 1, to: 2))
        // In the original's frames: 1–2 s and 3–5 s kept.
        #expect(saved.after?.kept == [24_000 ..< 48_000, 72_000 ..< 120_000])
        #expect(saved.memo.duration == 3)
        #expect(try library.transcript(of: memo.id)?.words.map(\.text) == ["w1", "w3", "w4"])
        #expect(try library.transcript(of: memo.id)?.words.map(\.start) == [0.2, 1.2, 2.2])
        #expect(try library.search("w2").isEmpty, "a cut word is no longer found")

        let reverted = try library.revert(memo.id)
        #expect(reverted.after == nil)
        #expect(reverted.memo.duration == 6)
        #expect(!reverted.memo.isEdited)
        #expect(reverted.memo.waveform == memo.waveform)
        #expect(try library.transcript(of: memo.id) == StoredTranscriptOf(Self.transcript(seconds: 6)).value)
        #expect(try Fingerprint(library.fileURL(of: memo.id)).bytes == original.bytes, "the original's own file")
        #expect(names(in: originals).isEmpty)
        #expect(names(in: edits).isEmpty)
        #expect(throws: MemoLibraryError.notEdited(memo.id)) { try library.revert(memo.id) }
    }

    @Test func undoPutsBackWhatTheMemoKeptJustBefore() throws {
        let memo = try memo()
        let first = try library.edit(memo.id, .trim(from: 0, to: 5))
        let second = try library.edit(memo.id, .trim(from: 1, to: 5))
        let undone = try library.undo(second)
        #expect(undone.after == first.after)
        #expect(undone.memo.duration == 5)
        #expect(try Takes.decodedFrames(library.fileURL(of: memo.id)) == 120_000)
        #expect(throws: MemoLibraryError.undoOutOfDate(memo.id)) { try library.undo(second) }
        let back = try library.undo(first)
        #expect(back.after == nil && !back.memo.isEdited && back.memo.duration == 6)
        #expect(names(in: originals).isEmpty)
    }

    @Test func anOpusMemoStaysOpusAndExactToTheGranule() throws {
        let take = takeFileURL(in: library.takesDirectory, format: .opus)
        let writer = try TakeWriters.writer(to: take, format: .opus)
        try writer.append(Takes.signal(frames: 96_000))
        let frames = try writer.finish()
        let memo = try library.keep(
            Recording(url: take, duration: Double(frames) / 24_000, samples: [0.5]), id: UUID(), date: Date(),
            title: "", isRecovered: false)
        let saved = try library.edit(memo.id, .cut(from: 0.5, to: 1.25))
        #expect(library.fileURL(of: memo.id).pathExtension == "ogg")
        #expect(try Takes.decodedFrames(library.fileURL(of: memo.id)) == 96_000 - 18_000)
        #expect(saved.memo.duration == 3.25)
        #expect(names(in: originals) == ["\(memo.id.uuidString).ogg"])
        _ = try library.revert(memo.id)
        #expect(try Takes.decodedFrames(library.fileURL(of: memo.id)) == 96_000)
    }

    @Test(arguments: [MemoEdit.trim(from: 2, to: 1), .trim(from: 0, to: 7), .cut(from: 0, to: 6)])
    func aRefusedRangeChangesNothing(_ edit: MemoEdit) throws {
        let memo = try memo()
        let file = try Fingerprint(library.fileURL(of: memo.id))
        #expect(throws: MemoEditError.self) { try library.edit(memo.id, edit) }
        #expect(try library.memo(memo.id) == memo.withTranscript(try library.memo(memo.id)?.transcript))
        #expect(try Fingerprint(library.fileURL(of: memo.id)) == file)
        #expect(names(in: originals).isEmpty && names(in: edits).isEmpty)
    }

    @Test func aMemoWithoutATranscriptIsTranscribedAnewAfterAnEdit() throws {
        let memo = try memo(transcribed: false)
        _ = try library.saveTranscriptFailure("the engine stopped", of: memo.id)
        let saved = try library.edit(memo.id, .trim(from: 1, to: 3))
        #expect(saved.memo.transcript == .pending, "its words would be the new audio's")
        _ = try library.saveTranscript(Self.transcript(seconds: 2), of: memo.id)
        _ = try library.revert(memo.id)
        #expect(try library.memo(memo.id)?.transcript == .pending, "the original had none either")
    }

    @Test func deletingForeverTakesTheOriginalWithIt() throws {
        let memo = try memo()
        _ = try library.edit(memo.id, .trim(from: 1, to: 2))
        try library.delete(memo.id, at: Date())
        #expect(try library.memo(memo.id)?.isEdited == true, "Recently Deleted keeps it")
        try library.deleteForever(memo.id)
        #expect(names(in: originals).isEmpty)
        #expect(names(in: library.layout.memosDirectory).isEmpty)
    }

    @Test func aMemoWhoseFileIsGoneCannotBeEdited() throws {
        let memo = try memo()
        try FileManager.default.removeItem(at: library.fileURL(of: memo.id))
        #expect(throws: MemoLibraryError.self) { try library.edit(memo.id, .trim(from: 1, to: 2)) }
        #expect(names(in: originals).isEmpty && names(in: edits).isEmpty)
    }

    @Test func aFileInOriginalsThatIsNotTheMemosOwnIsLeftAloneAndReported() throws {
        let memo = try memo()
        try FileManager.default.createDirectory(at: originals, withIntermediateDirectories: true)
        let stray = originals.appendingPathComponent("\(memo.id.uuidString).m4a")
        try FileManager.default.copyItem(at: library.fileURL(of: memo.id), to: stray)
        try library.close()
        let check = try makeLibrary(in: scratch).check(repair: true)
        #expect(check.leftAlone == [stray], "a copy, not a second name of the memo's file: never deleted")
        #expect(FileManager.default.fileExists(atPath: stray.path))
    }

    @Test func editsSurviveClosingAndOpeningAgain() throws {
        let memo = try memo()
        let saved = try library.edit(memo.id, .cut(from: 2, to: 3))
        try library.close()
        let again = try makeLibrary(in: scratch)
        let memos = try again.open()
        #expect(memos == [saved.memo])
        #expect(try again.revert(memo.id).memo.duration == 6)
    }
}

/// A transcript as the library gives it back (times to 0.01 s, as stored).
struct StoredTranscriptOf {
    let value: Transcript
    init(_ transcript: Transcript) {
        value = Transcript(
            language: transcript.language,
            words: transcript.words.map {
                Transcript.Word(
                    text: $0.text, start: (Double(Float($0.start)) * 100).rounded() / 100,
                    end: (Double(Float($0.end)) * 100).rounded() / 100)
            })
    }
}

extension Memo {
    /// The memo with `transcript` as its summary (a summary saved after it was kept).
    func withTranscript(_ transcript: TranscriptSummary?) -> Memo {
        var memo = self
        memo.transcript = transcript ?? .pending
        return memo
    }
}
