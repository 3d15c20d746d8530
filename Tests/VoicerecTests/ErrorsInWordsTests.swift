import Foundation
import Testing
import VoiceRecorderTestSupport

/// `voicerec info`, `play` and `recover` on files that are not audio, or not whole: one line on stderr, in words,
/// naming the file — never FFmpeg's own log line (`[mov,mp4,… @ 0x55d0…] moov atom not found`) or a raw code
/// (`(-1094995529)`).
///
/// These need the FFmpeg adapter's errors in words and its log routed into them (silent unless `--verbose`); the
/// command line's part — one line, prefixed with the command, exit status 1 — is in place.
@Suite("voicerec errors in words (needs the FFmpeg adapter's error texts)")
struct ErrorsInWordsTests {
    /// The bad files, made in `scratch`: their names and paths.
    static func badFiles(in scratch: ScratchDirectory) throws -> [URL] {
        var files: [URL] = []
        func write(_ name: String, _ bytes: [UInt8]) throws {
            try Data(bytes).write(to: scratch.file(name))
            files.append(scratch.file(name))
        }
        try write("empty.m4a", [])
        try write("random.m4a", (0 ..< 4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) })
        try write("text.m4a", Array("Dear diary, today I recorded nothing.\n".utf8))
        try write("fake-header.m4a", fakeHeader)
        // A real take, cut in half: its index (at the end) is gone.
        let whole = scratch.file("whole.m4a")
        let recorded = try Voicerec.run(
            ["record", "--simulated", "--duration", "1", "--output", whole.path],
            temporaryDirectory: scratch.url)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let bytes = try Data(contentsOf: whole)
        try write("truncated.m4a", Array(bytes.prefix(bytes.count / 2)))
        try FileManager.default.removeItem(at: whole)
        return files
    }

    /// An MP4 header that promises a fragmented movie (`ftyp`, then a `moov` announcing fragments with `mvex`) over
    /// bytes that are no audio at all.
    static let fakeHeader: [UInt8] = {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
                + Array(type.utf8) + body
        }
        let ftyp = box("ftyp", Array("M4A ".utf8) + [0, 0, 0, 0] + Array("M4A isom".utf8))
        let moov = box("moov", box("mvex", [UInt8](repeating: 0, count: 8)))
        return ftyp + moov + box("mdat", (0 ..< 256).map { UInt8($0) })
    }()

    @Test(arguments: ["info", "play", "recover"])
    func aBadFileIsOneLineInWordsNamingIt(_ command: String) throws {
        let scratch = try ScratchDirectory()
        for file in try Self.badFiles(in: scratch) {
            let name = file.lastPathComponent
            let result = try Voicerec.run([command, file.path], temporaryDirectory: scratch.url, timeout: 20)
            let said = "\(command) \(name): \(result.stderr)"
            #expect(!result.signalled, "\(said)")
            #expect(result.status == 1, "\(said)")
            #expect(result.stdout.isEmpty, "\(said)")
            #expect(result.stderr.hasPrefix("voicerec \(command): "), "\(said)")
            #expect(
                result.stderr.hasSuffix("\n") && result.stderr.filter { $0 == "\n" }.count == 1,
                "exactly one line: \(said)")
            #expect(result.stderr.contains(name), "the error names the file: \(said)")
            #expect(!result.stderr.contains("@ 0x"), "no FFmpeg log line: \(said)")
            #expect(!result.stderr.contains("(-"), "no raw error code: \(said)")
        }
    }
}
