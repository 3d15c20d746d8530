import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg

/// SPEC B.7's start-up check, on real files: adopt what has no row, recover what a crash cut short, mark what is
/// gone, delete nothing.
@Suite struct RepairTests {
    @Test func anAudioFileWithNoRowIsAdoptedOnceUnderTheIDItsNameCarries() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let source = try Takes.recording(seconds: 1, in: try scratch.directory("elsewhere"))
        let id = UUID()
        let file = library.fileURL(of: id)
        try FileManager.default.copyItem(at: source.url, to: file)
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes(
            [.modificationDate: modified, .posixPermissions: 0o644], ofItemAtPath: file.path)
        try library.close()

        let reopened = try makeLibrary(in: scratch)
        let memos = try reopened.open()
        let memo = try #require(memos.first)
        #expect(memos.count == 1)
        #expect(memo.id == id)
        #expect(memo.isRecovered)
        #expect(memo.title.isEmpty)
        #expect(memo.duration == 1)
        #expect(
            memo.waveform == Waveform(StoredWaveform.stored(source.samples)), "the waveform is decoded from the file")
        #expect(
            abs(memo.date.timeIntervalSince(modified.addingTimeInterval(-1))) < 0.001,
            "dated when it was recorded: modified time minus duration")
        #expect(try mode(of: file) == 0o600)
        try reopened.close()
        #expect(try makeLibrary(in: scratch).memosAfterOpening().map(\.id) == [id], "never adopted twice")
    }

    @Test func aFileWithAnotherNameGetsAFreshIDsName() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let source = try Takes.recording(seconds: 0.5, in: try scratch.directory("elsewhere"))
        try FileManager.default.copyItem(
            at: source.url, to: library.layout.memosDirectory.appendingPathComponent("birthday.m4a"))
        let lowerCase = library.layout.memosDirectory.appendingPathComponent("\(UUID().uuidString.lowercased()).m4a")
        try FileManager.default.copyItem(at: source.url, to: lowerCase)

        let check = try library.check(repair: true)
        #expect(check.adoptedFiles.count == 2)
        let memos = try library.memos()
        #expect(Set(memos.map(\.id)) == Set(check.adoptedFiles))
        #expect(names(in: library.layout.memosDirectory) == memos.map { "\($0.id.uuidString).m4a" }.sorted())
        #expect(memos.allSatisfy { !$0.isMissing && $0.duration == 0.5 })
    }

    @Test func filesThatAreNotAudioAreLeftAloneAndReported() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let broken = library.layout.memosDirectory.appendingPathComponent("\(UUID().uuidString).m4a")
        try Data("not audio".utf8).write(to: broken)
        let notes = library.layout.memosDirectory.appendingPathComponent("notes.txt")
        try Data("my notes".utf8).write(to: notes)
        let brokenTake = library.takesDirectory.appendingPathComponent("voice-\(UUID().uuidString).m4a")
        try Data().write(to: brokenTake)

        let check = try library.check(repair: true)
        #expect(
            check.leftAlone.map(\.lastPathComponent).sorted()
                == [broken.lastPathComponent, brokenTake.lastPathComponent].sorted())
        #expect(try library.memos().isEmpty)
        #expect(try Data(contentsOf: broken) == Data("not audio".utf8), "nothing is deleted or rewritten")
        #expect(try Data(contentsOf: notes) == Data("my notes".utf8))
        #expect(FileManager.default.fileExists(atPath: brokenTake.path))
    }

    @Test func aFinishedTakeNeverKeptBecomesARecoveredMemo() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 0.8, in: library.takesDirectory)
        let takeName = take.url.deletingPathExtension().lastPathComponent
        let takeID = try #require(UUID(uuidString: String(takeName.dropFirst("voice-".count))))
        try library.close()

        let memos = try makeLibrary(in: scratch).memosAfterOpening()
        #expect(memos.map(\.id) == [takeID])
        #expect(memos.first?.isRecovered == true)
        #expect(memos.first?.waveform == Waveform(StoredWaveform.stored(take.samples)))
        #expect(names(in: library.takesDirectory).isEmpty)
        #expect(try Takes.decodedFrames(library.fileURL(of: takeID)) == 19_200)
    }

    @Test func anUnfinishedTakeInTheTakesDirectoryIsFinishedAndKept() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        let take = try Takes.unfinished(seconds: 2, in: try scratch.directory("library/takes"))
        #expect(TakeRecovery.isUnfinished(take))

        let check = try library.check(repair: true)
        #expect(check.recoveredTakes.count == 1)
        let memo = try #require(try library.memos().first)
        #expect(memo.isRecovered)
        // SPEC B.7: at most 0.5 s lost (the fragment being filled, 0.256 s, and the frame inside the encoder).
        #expect(memo.duration >= 2 - 0.5 && memo.duration <= 2, "its audio up to its last fragment")
        let frames = try Takes.decodedFrames(library.fileURL(of: memo.id))
        #expect(abs(Double(frames) / 24_000 - memo.duration) < 0.001)
        #expect(names(in: library.takesDirectory).isEmpty)
    }

    @Test func anUnfinishedTakeInTheTemporaryDirectoryIsBroughtIn() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        let cutShort = try Takes.unfinished(seconds: 1.5, in: library.temporaryDirectory)
        // A finished take there belongs to whoever recorded it (`voicerec record`): it is not the library's.
        let someoneElses = try Takes.recording(seconds: 0.5, in: library.temporaryDirectory)

        let memos = try library.open()
        #expect(memos.count == 1)
        #expect(memos.first?.isRecovered == true)
        #expect(names(in: library.temporaryDirectory) == [someoneElses.url.lastPathComponent])
        #expect(!FileManager.default.fileExists(atPath: cutShort.path))
        #expect(names(in: library.takesDirectory).isEmpty)
    }

    @Test func aTakeBeingRecordedIsNeverTouched() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let writer = try M4ATakeWriter(url: takeFileURL(in: library.takesDirectory))
        try writer.append(Takes.signal(frames: 36_000))
        let check = try library.check(repair: true)
        #expect(check == LibraryCheck(), "neither recovered nor adopted nor pending")
        #expect(try library.memos().isEmpty)
        #expect(try writer.finish() == 36_000, "the recorder finishes its own take")
    }

    @Test func withAnotherProcessInTheLibraryFilesAreNotMovedUntilItIsAlone() throws {
        let scratch = try ScratchDirectory()
        let app = try makeLibrary(in: scratch)
        _ = try app.open()
        let orphan = try Takes.recording(seconds: 0.3, in: app.takesDirectory)

        let commandLine = try makeLibrary(in: scratch)
        #expect(try commandLine.open().isEmpty)
        let check = try commandLine.check(repair: true)
        #expect(check.deferred)
        #expect(check.pending.map(\.path) == [orphan.url.path])
        #expect(FileManager.default.fileExists(atPath: orphan.url.path), "a take someone may be keeping stays put")

        try app.close()
        let alone = try commandLine.check(repair: true)
        #expect(!alone.deferred)
        #expect(alone.adoptedFiles.count == 1)
        #expect(try commandLine.memos().count == 1)
    }

    @Test func aCopyACrashInterruptedIsCleanedUpAndItsOriginalKept() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        let takes = try scratch.directory("library/takes")
        let partial = takes.appendingPathComponent("\(UUID().uuidString).m4a.copying")
        try Data(repeating: 7, count: 1_000).write(to: partial)
        #expect(try library.open().isEmpty)
        #expect(names(in: takes).isEmpty)
    }

    @Test func checkingWithoutRepairOnlyReports() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        let take = try Takes.recording(seconds: 0.3, in: try scratch.directory("library/takes"))
        let check = try library.check(repair: false)
        #expect(check.pending.map(\.path) == [take.url.path])
        #expect(!check.deferred)
        #expect(try library.memos().isEmpty)
        #expect(FileManager.default.fileExists(atPath: take.url.path))
    }
}
