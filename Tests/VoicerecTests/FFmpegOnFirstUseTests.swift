import Foundation
import Testing
import VoiceRecorderTestSupport

/// FFmpeg's libraries are opened when audio is first read or written, never linked (see CFFmpeg): no program of the
/// package loads them, and the dozens of libraries libavcodec depends on, before `main`; and a program whose FFmpeg
/// cannot be loaded still starts, and says so in one line in words when it needs it.
@Suite("FFmpeg's libraries are opened on first use")
struct FFmpegOnFirstUseTests {
    /// A directory that hides the system's libavcodec behind a file that is no library at all (empty): with it as
    /// `LD_LIBRARY_PATH`, loading libavcodec fails as it would with a broken or missing installation.
    static func brokenFFmpeg(in scratch: ScratchDirectory) throws -> ChildProcess.Environment {
        let directory = scratch.file("broken-ffmpeg")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("libavcodec.so.59"))
        return ChildProcess.Environment.inherited.adding(["LD_LIBRARY_PATH": directory.path])
    }

    @Test(arguments: ["voicerec", "voice-memos", "voicerecorder-demo"])
    func noProgramLinksFFmpeg(_ program: String) throws {
        let result = try ChildProcess.run("/usr/bin/ldd", [BuiltExecutables.path(of: program)], timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("libc.so"), "ldd lists what \(program) loads at start: \(result.stdout)")
        for library in ["libavutil", "libavcodec", "libavformat", "libswresample", "libavfilter"] {
            #expect(!result.stdout.contains(library), "\(program) loads \(library) at start")
        }
    }

    @Test func helpNeedsNoFFmpeg() throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(["--help"], environment: try Self.brokenFFmpeg(in: scratch), timeout: 20)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("record a voice message"), "\(result.stdout)")
    }

    @Test func aRecordingWithoutFFmpegFailsInOneLineInWords() throws {
        let scratch = try ScratchDirectory()
        let result = try Voicerec.run(
            ["record", "--simulated", "--duration", "1"], temporaryDirectory: scratch.url,
            environment: try Self.brokenFFmpeg(in: scratch), timeout: 20)
        #expect(!result.signalled, "\(result.stderr)")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        // The failure in one line (then the take's outcome, as for any take whose file cannot be made).
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let failure = lines.first ?? ""
        #expect(failure.hasPrefix("voicerec record: "), "\(result.stderr)")
        #expect(failure.contains("cannot load FFmpeg's libavcodec: "), "\(result.stderr)")
        #expect(failure.contains("libavcodec.so.59"), "the loader's reason: \(result.stderr)")
        #expect(lines.dropFirst() == ["The recording was interrupted and deleted."], "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasSuffix(".m4a") }
        #expect(left.isEmpty, "no take's file is left behind: \(left)")
    }

    @Test func readingAFileWithoutFFmpegFailsInOneLineInWords() throws {
        let scratch = try ScratchDirectory()
        let take = scratch.file("take.m4a")
        let recorded = try Voicerec.run(
            ["record", "--simulated", "--duration", "1", "--output", take.path], temporaryDirectory: scratch.url)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let result = try Voicerec.run(
            ["info", take.path], temporaryDirectory: scratch.url, environment: try Self.brokenFFmpeg(in: scratch),
            timeout: 20)
        #expect(!result.signalled, "\(result.stderr)")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("voicerec info: take.m4a: "), "names the file: \(result.stderr)")
        #expect(result.stderr.contains("cannot load FFmpeg's libavcodec: "), "\(result.stderr)")
    }
}
