import Foundation
import Glibc
import Testing
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

/// What the memos library asks of directories: their names, making a rename in them durable, a copy that crosses
/// file systems, and when a file last changed.
@Suite struct DirectoryAndCopyTests {
    @Test func listsEveryNameAndNothingElse() throws {
        let directory = try ScratchDirectory()
        #expect(try POSIX.names(inDirectory: directory.path).isEmpty, "no \".\" or \"..\"")
        let names = (0 ..< 300).map { "memo-\($0).m4a" } + ["Café ÉTÉ.m4a", ".hidden", "ישיבת.m4a"]
        for name in names { try POSIX.File(path: directory.path(name), access: .writeOnly, options: .create).close() }
        try POSIX.makeDirectory(directory.path("folder"))
        #expect(try POSIX.names(inDirectory: directory.path).sorted() == (names + ["folder"]).sorted())
    }

    @Test func listingWhatIsNotADirectorySaysWhy() throws {
        let directory = try ScratchDirectory()
        let missing = #expect(throws: POSIX.Error.self) { try POSIX.names(inDirectory: directory.path("none")) }
        #expect(missing?.description == "opendir \(directory.path("none")): No such file or directory")
        try POSIX.File(path: directory.path("plain"), access: .writeOnly, options: .create).close()
        let file = #expect(throws: POSIX.Error.self) { try POSIX.names(inDirectory: directory.path("plain")) }
        #expect(file?.code == ENOTDIR)
    }

    @Test func synchronizingADirectoryOrAFileByItsPath() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("take.m4a")
        try POSIX.File(path: path, access: .writeOnly, options: .create).write(pattern(count: 1_000), at: 0)
        try POSIX.synchronizeFile(path)
        try POSIX.synchronizeDirectory(directory.path)
        let notADirectory = #expect(throws: POSIX.Error.self) { try POSIX.synchronizeDirectory(path) }
        #expect(notADirectory?.description == "open \(path): Not a directory")
        let missing = #expect(throws: POSIX.Error.self) { try POSIX.synchronizeFile(directory.path("gone")) }
        #expect(missing?.code == ENOENT)
    }

    @Test func aCopyHoldsEveryByteWithExactlyItsPermissionsAndNeverOverwrites() throws {
        let directory = try ScratchDirectory()
        let source = directory.path("source")
        // Not a multiple of the copy's buffer, so the last read is a short one; and one exactly a multiple of it.
        for count in [200_003, 65_536 * 2, 0] {
            let bytes = pattern(count: count, seed: count)
            try? POSIX.unlink(source)
            try POSIX.File(path: source, access: .writeOnly, options: .create, permissions: 0o644).write(bytes, at: 0)
            let copy = directory.path("copy-\(count)")
            let previous = umask(0o077)
            defer { umask(previous) }
            try POSIX.copyFile(source, to: copy, permissions: 0o640)
            let isIdentical = try contents(of: copy) == bytes
            #expect(isIdentical, "\(count) bytes copied")
            #expect(try POSIX.status(ofPath: copy).permissions == 0o640, "exactly, whatever the umask")
        }
        let existing = directory.path("copy-0")
        try POSIX.File(path: existing, access: .writeOnly).write([9], at: 0)
        let error = #expect(throws: POSIX.Error.self) { try POSIX.copyFile(source, to: existing) }
        #expect(error?.description == "open \(existing): File exists")
        #expect(try contents(of: existing) == [9])
    }

    @Test func copyingAMissingFileNamesItAndMakesNothing() throws {
        let directory = try ScratchDirectory()
        let missing = #expect(throws: POSIX.Error.self) {
            try POSIX.copyFile(directory.path("none"), to: directory.path("copy"))
        }
        #expect(missing?.description == "open \(directory.path("none")): No such file or directory")
        #expect(try POSIX.names(inDirectory: directory.path).isEmpty)
    }

    @Test func theModificationTimeIsTheFilesToTheNanosecond() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("dated")
        try POSIX.File(path: path, access: .writeOnly, options: .create).close()
        // 2024-03-01 12:00:00.123456789 UTC, set without the layer under test.
        let time = timespec(tv_sec: 1_709_294_400, tv_nsec: 123_456_789)
        var times = [time, time]  // accessed, modified
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let modified = try POSIX.status(ofPath: path).modificationTime
        #expect(abs(modified - 1_709_294_400.123_456_789) < 1e-6)
        #expect(try POSIX.File(path: path, access: .readOnly).status().modificationTime == modified)
    }
}
