import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorder
import VoiceRecorderFFmpeg

/// Takes from another file system (a temporary directory in memory, `/dev/shm`, as `/tmp` often is): a rename
/// can't take them into the library, so they are copied in, under a name no start-up check adopts, and renamed to
/// their final name in one step.
@Suite struct AcrossFileSystemsTests {
    /// A fresh directory in `/dev/shm` (Linux's shared memory, always a file system of its own).
    private static func otherFileSystem(than scratch: ScratchDirectory) throws -> URL {
        var memory = stat()
        var disk = stat()
        try #require(stat("/dev/shm", &memory) == 0 && stat(scratch.url.path, &disk) == 0)
        try #require(memory.st_dev != disk.st_dev, "/dev/shm is another file system than the scratch directory's")
        let directory = URL(fileURLWithPath: "/dev/shm/voicerecorder-library-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        return directory
    }

    @Test func aTakeFromAnotherFileSystemIsCopiedInAndTheOriginalRemoved() throws {
        let scratch = try ScratchDirectory()
        let elsewhere = try Self.otherFileSystem(than: scratch)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 1, in: elsewhere)
        let original = try Data(contentsOf: take.url)

        let memo = try library.keep(take, id: UUID(), date: Date(), title: "Copied", isRecovered: false)
        let file = library.fileURL(of: memo.id)
        #expect(try Data(contentsOf: file) == original, "every byte")
        #expect(try mode(of: file) == 0o600)
        #expect(names(in: elsewhere).isEmpty, "the original is removed once the copy has its name")
        #expect(names(in: library.takesDirectory).isEmpty, "no copy is left half way")
        try library.close()
        #expect(try makeLibrary(in: scratch).memosAfterOpening() == [memo])
    }

    @Test func anUnfinishedTakeInATemporaryDirectoryOnAnotherFileSystemIsBroughtIn() throws {
        let scratch = try ScratchDirectory()
        let temporary = try Self.otherFileSystem(than: scratch)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let library = SQLiteMemoLibrary(root: scratch.file("library"), temporaryDirectory: temporary)
        let cutShort = try Takes.unfinished(seconds: 1.5, in: temporary)

        let memos = try library.open()
        #expect(memos.count == 1)
        #expect(memos.first?.isRecovered == true)
        #expect(names(in: temporary).isEmpty, "\(cutShort.lastPathComponent) was moved in")
        #expect(names(in: library.takesDirectory).isEmpty)
        let frames = try Takes.decodedFrames(library.fileURL(of: try #require(memos.first).id))
        // SPEC B.7: at most 0.5 s lost (the fragment being filled, 0.256 s, and the frame inside the encoder).
        #expect(Double(frames) / 24_000 >= 1.5 - 0.5)
    }
}
