import Glibc
import Testing
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@Suite struct FileTests {
    @Test func readsAndWritesAtOffsetsExactly() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("data")
        let file = try POSIX.File(path: path, access: .readWrite, options: [.create, .exclusive])
        let first = pattern(count: 100_000)
        try file.write(first, at: 0)
        try file.write([1, 2, 3], at: 200_000)  // past the end: the gap reads as zeros
        #expect(try file.size() == 200_003)
        let readsBack = try file.read(count: 100_000, at: 0) == first  // a Bool: no 100,000-element diff on failure
        #expect(readsBack, "the bytes written, in place")
        #expect(try file.read(count: 4, at: 199_999) == [0, 1, 2, 3])
        #expect(try file.read(count: 10, at: 200_001) == [2, 3], "fewer bytes only where the file ends")
        #expect(try file.read(count: 10, at: 300_000).isEmpty)
        try file.close()
        let isOnDisk = try contents(of: path).prefix(100_000) == first[...]
        #expect(isOnDisk)
    }

    @Test func openingAMissingFileSaysWhichCallAndPath() {
        let path = "/nonexistent-\(getpid())/take.m4a"
        let error = #expect(throws: POSIX.Error.self) { try POSIX.File(path: path, access: .readOnly) }
        #expect(error?.code == ENOENT)
        #expect(error?.description == "open \(path): No such file or directory")
    }

    @Test func anExclusiveCreateNeverOverwrites() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("kept")
        try POSIX.File(path: path, access: .writeOnly, options: [.create, .exclusive]).write([7], at: 0)
        let error = #expect(throws: POSIX.Error.self) {
            try POSIX.File(path: path, access: .writeOnly, options: [.create, .exclusive, .truncate])
        }
        #expect(error?.code == EEXIST)
        #expect(try contents(of: path) == [7])
    }

    @Test func permissionsAreSetExactlyWhateverTheUmask() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("private")
        let previous = umask(0o000)
        defer { umask(previous) }
        let file = try POSIX.File(path: path, access: .writeOnly, options: [.create], permissions: 0o666)
        #expect(try file.status().permissions == 0o666)
        try file.setPermissions(0o600)
        #expect(try file.status().permissions == 0o600)
        #expect(try file.status().kind == .regularFile)
    }

    @Test func aWriteAcrossTheLargestFileSizeWritesUpToItThenThrowsEFBIG() throws {
        let directory = try ScratchDirectory()
        let file = try POSIX.File(path: directory.path("huge"), access: .readWrite, options: [.create])
        // The file system's largest size, found by extending a sparse file (no block is written).
        var fits: Int64 = 0
        var tooLarge: Int64 = .max
        while tooLarge - fits > 1 {
            let middle = fits + (tooLarge - fits) / 2
            do {
                try file.truncate(to: middle)
                fits = middle
            } catch { tooLarge = middle }
        }
        try file.truncate(to: 0)
        try #require(fits > 8_192 && fits < Int64.max - 8_192, "a file system with a size limit (ext4 here)")

        // The kernel writes the 4 KiB that fit (a short count), then refuses the rest: that refusal is thrown.
        let bytes = pattern(count: 8_192)
        let error = #expect(throws: POSIX.Error.self) { try file.write(bytes, at: fits - 4_096) }
        #expect(error?.code == EFBIG)
        #expect(error?.description == "pwrite \(directory.path("huge")): File too large")
        #expect(error?.isOutOfSpace == true)
        #expect(try file.size() == fits)
        #expect(try file.read(count: 4_096, at: fits - 4_096) == Array(bytes.prefix(4_096)))
    }

    @Test func aFullDiskIsThrownAsENOSPC() throws {
        let file = try POSIX.File(path: "/dev/full", access: .writeOnly)
        let error = #expect(throws: POSIX.Error.self) { try file.write(pattern(count: 10), at: 0) }
        #expect(error?.description == "pwrite /dev/full: No space left on device")
        #expect(error?.isOutOfSpace == true)
    }

    @Test func durabilityCallsAndTruncationWork() throws {
        let directory = try ScratchDirectory()
        let file = try POSIX.File(path: directory.path("durable"), access: .readWrite, options: [.create])
        try file.write(pattern(count: 5_000), at: 0)
        try file.synchronizeData()
        try file.synchronize()
        try file.truncate(to: 1_000)
        #expect(try file.size() == 1_000)
        #expect(try file.read(count: 2_000, at: 0) == Array(pattern(count: 1_000)))
    }

    @Test func closingIsOnceAndAfterwardsCallsFailWithEBADF() throws {
        let (reader, writer) = try POSIX.pipe()
        try writer.write([1, 2, 3])
        try writer.close()
        try writer.close()
        #expect(writer.isClosed)
        #expect(writer.descriptor == -1)
        // The pipe's far end sees the close: the descriptor was really released.
        #expect(try reader.readAvailable(upTo: 10) == [1, 2, 3])
        #expect(try reader.readAvailable(upTo: 10).isEmpty)
        let error = #expect(throws: POSIX.Error.self) { try writer.write([4]) }
        #expect(error?.code == EBADF)
    }

    @Test func aFileThatGoesAwayClosesItsDescriptor() throws {
        let (reader, writer) = try POSIX.pipe()
        var end: POSIX.File? = try writer.duplicate()
        try writer.close()
        try end?.write([9])
        end = nil  // the last descriptor on the write end closes here
        #expect(try reader.readAvailable(upTo: 10) == [9])
        #expect(try reader.readAvailable(upTo: 10).isEmpty, "end of input: no write end is open any more")
    }

    @Test func aBorrowedDescriptorIsNeverClosed() throws {
        let (reader, writer) = try POSIX.pipe()
        let borrowed = POSIX.File(borrowing: writer.descriptor)
        try borrowed.close()
        try writer.write([5])
        #expect(try reader.readAvailable(upTo: 1) == [5], "the owner's descriptor is still open")
    }

    @Test func duplicatingOntoADescriptorRedirectsIt() throws {
        let directory = try ScratchDirectory()
        let target = try POSIX.File(path: directory.path("target"), access: .writeOnly, options: [.create])
        let other = try POSIX.File(path: directory.path("other"), access: .writeOnly, options: [.create])
        try target.duplicate(onto: other.descriptor)
        try other.write([1, 2], at: 0)  // through `other`'s number, into `target`'s file
        #expect(try contents(of: directory.path("target")) == [1, 2])
        #expect(try contents(of: directory.path("other")).isEmpty)
    }
}
