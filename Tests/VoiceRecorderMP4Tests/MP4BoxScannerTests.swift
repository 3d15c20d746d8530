import Foundation
import Glibc
import Testing
import VoiceRecorderMP4
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@Suite struct MP4BoxScannerTests {
    private func layout(of path: String) throws -> MP4Layout { try MP4BoxScanner(path: path).layout }
    private func boxTypes(of path: String) throws -> [FourCharacterCode] {
        try MP4BoxScanner(path: path).boxes().map(\.type)
    }

    private func box(_ type: FourCharacterCode, body: [UInt8]) -> [UInt8] {
        var builder = BoxBuilder()
        builder.box(type) { $0.append(raw: body) }
        return builder.bytes
    }

    private var fileType: [UInt8] { box("ftyp", body: Array("M4A ".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)) }
    private var fragmentedHeader: [UInt8] {
        box("moov", body: box("mvhd", body: [0, 0, 0, 0]) + box("mvex", body: []))
    }
    private func fragment(_ payload: Int) -> [UInt8] {
        box("moof", body: box("mfhd", body: [0, 0, 0, 0, 0, 0, 0, 1]))
            + box("mdat", body: [UInt8](repeating: 7, count: payload))
    }

    @Test func aFragmentedTakeIsRecognisedAndCutAfterItsLastCompleteFragment() throws {
        let scratch = try ScratchDirectory()
        let complete = fileType + fragmentedHeader + fragment(100) + fragment(200)
        // The writer died in the middle of the third fragment's audio.
        let path = try scratch.file("voice-killed.m4a", complete + Array(fragment(300).dropLast(50)))
        do {
            let scanner = try MP4BoxScanner(path: path)
            let isFragmented = scanner.isFragmented  // (the macro cannot borrow a non-copyable value)
            #expect(isFragmented)
            #expect(scanner.boxes().map(\.type) == ["ftyp", "moov", "moof", "mdat", "moof", "mdat", "moof", "mdat"])
            #expect(scanner.completeFragmentsLength == Int64(complete.count))
            #expect(scanner.layout == .truncated)
        }
        try MP4BoxScanner.truncateToCompleteFragments(path: path)
        let cut = try MP4BoxScanner(path: path)
        #expect(cut.fileSize == Int64(complete.count))
        #expect(cut.completeFragmentsLength == cut.fileSize)
        #expect(cut.layout == .complete)
    }

    @Test func aTakeKilledBeforeItsFirstFragmentKeepsItsHeader() throws {
        let scratch = try ScratchDirectory()
        let header = fileType + fragmentedHeader
        let path = try scratch.file("voice-early.m4a", header + Array(fragment(500).prefix(30)))
        let scanner = try MP4BoxScanner(path: path)
        let isFragmented = scanner.isFragmented
        #expect(isFragmented)
        #expect(scanner.completeFragmentsLength == Int64(header.count))
    }

    @Test func aPlainFileIsNotFragmented() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file(
            "plain.m4a", fileType + box("mdat", body: [1, 2, 3]) + box("moov", body: box("mvhd", body: [0, 0, 0, 0])))
        let scanner = try MP4BoxScanner(path: path)
        let isFragmented = scanner.isFragmented
        #expect(!isFragmented)
        #expect(scanner.layout == .complete)
        #expect(scanner.read(at: 0, count: 8) == Array(fileType.prefix(8)))
        #expect(scanner.read(at: scanner.fileSize - 2, count: 8) == nil, "not all in the file")
    }

    @Test func aLargeBoxWithA64BitSizeIsWalkedOver() throws {
        let scratch = try ScratchDirectory()
        let payload = [UInt8](repeating: 1, count: 40)
        var large = [0, 0, 0, 1] + Array("mdat".utf8)
        large += withUnsafeBytes(of: UInt64(16 + payload.count).bigEndian, Array.init) + payload
        let path = try scratch.file("large.m4a", fileType + large + box("moov", body: []))
        #expect(try boxTypes(of: path) == ["ftyp", "mdat", "moov"])
    }

    @Test func whatIsWrongWithAFileThatIsNotAWholeMP4() throws {
        let scratch = try ScratchDirectory()
        let headerOnly = try scratch.file("header.m4a", fileType)
        #expect(try layout(of: headerOnly) == .noIndex)
        let fake = try scratch.file(
            "fake.m4a", fileType + [0x00, 0xFF, 0x13, 0x37, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06])
        #expect(try layout(of: fake) == .noIndex, "only its header is MP4")
        let cutInIndex = try scratch.file(
            "cut.m4a",
            fileType + box("mdat", body: [1, 2, 3])
                + Array(box("moov", body: [UInt8](repeating: 0, count: 64)).prefix(20)))
        #expect(try layout(of: cutInIndex) == .truncated)
        let text = try scratch.file("notes.m4a", Array("Not audio at all.\n".utf8))
        #expect(try layout(of: text) == .notMP4)
        #expect(try layout(of: scratch.file("empty.m4a", [])) == .notMP4)
    }

    @Test func onlyRegularFilesAreOpenedAndAFIFONeverBlocks() throws {
        let scratch = try ScratchDirectory()
        let directory = #expect(throws: POSIX.Error.self) { _ = try MP4BoxScanner(path: scratch.path) }
        #expect(directory?.code == EISDIR)
        let fifo = scratch.path + "/voice-fifo.m4a"
        try #require(mkfifo(fifo, 0o600) == 0)
        let notRegular = #expect(throws: POSIX.Error.self) { _ = try MP4BoxScanner(path: fifo) }
        #expect(notRegular?.code == EINVAL)
        let missing = #expect(throws: POSIX.Error.self) { _ = try MP4BoxScanner(path: scratch.path + "/none.m4a") }
        #expect(missing?.code == ENOENT)
    }
}

extension ScratchDirectory {
    /// Writes `bytes` to a new file named `name` in the directory and returns its path.
    fileprivate func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path(name)
        try POSIX.File(path: file, access: .writeOnly, options: [.create, .exclusive]).write(bytes, at: 0)
        return file
    }
}
