import Glibc
import Testing
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@Suite struct PathTests {
    @Test func unlinkRemovesAndSaysWhenThereWasNothing() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("gone")
        try POSIX.File(path: path, access: .writeOnly, options: [.create]).close()
        #expect(try POSIX.removeFile(ifPresent: path))
        #expect(try !POSIX.removeFile(ifPresent: path))
        let error = #expect(throws: POSIX.Error.self) { try POSIX.unlink(path) }
        #expect(error?.description == "unlink \(path): No such file or directory")
    }

    @Test func renameReplacesTheDestinationInOneStep() throws {
        let directory = try ScratchDirectory()
        let source = directory.path("new")
        let destination = directory.path("old")
        try POSIX.File(path: source, access: .writeOnly, options: [.create]).write([1], at: 0)
        try POSIX.File(path: destination, access: .writeOnly, options: [.create]).write([2, 2], at: 0)
        try POSIX.rename(source, to: destination)
        #expect(try contents(of: destination) == [1])
        #expect(throws: POSIX.Error.self) { try POSIX.status(ofPath: source) }
    }

    @Test func directoriesPermissionsAndTruncation() throws {
        let directory = try ScratchDirectory()
        let folder = directory.path("folder")
        try POSIX.makeDirectory(folder, permissions: 0o755)
        #expect(try POSIX.status(ofPath: folder).kind == .directory)
        let exists = #expect(throws: POSIX.Error.self) { try POSIX.makeDirectory(folder) }
        #expect(exists?.code == EEXIST)
        try POSIX.removeDirectory(folder)
        #expect(throws: POSIX.Error.self) { try POSIX.status(ofPath: folder) }

        let path = directory.path("file")
        try POSIX.File(path: path, access: .writeOnly, options: [.create]).write(pattern(count: 300), at: 0)
        try POSIX.setPermissions(0o640, ofPath: path)
        try POSIX.truncate(path, to: 100)
        let status = try POSIX.status(ofPath: path)
        #expect(status.kind == .regularFile)
        #expect(status.size == 100)
        #expect(status.permissions == 0o640)
        #expect(try POSIX.status(ofPath: "/dev/null").kind == .other)
    }
}
