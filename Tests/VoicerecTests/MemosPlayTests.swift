import Foundation
import Testing
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `voicerec memos play ID`: a memo played through a real (private) sound server.
@Suite("voicerec memos play")
struct MemosPlayTests {
    @Test func aMemoPlaysToItsEnd() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 1.5)["id"] as? String)
        let server = try SoundServer()
        defer { server.shutdown() }
        let started = Date()
        let result = try memos.run(["play", id], environment: server.clientEnvironment, timeout: 20)
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(took > 1.3 && took < 4, "played 1.5 s in \(took) s")
    }

    @Test func twiceTheRatePlaysInHalfTheTime() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 3)["id"] as? String)
        let server = try SoundServer()
        defer { server.shutdown() }
        try server.keepAwake()
        let process = try memos.start(["play", id, "--rate", "2"], environment: server.clientEnvironment)
        // Timed from when its stream is in the sound server, so a slow launch on a busy machine is not counted.
        #expect(wait(timeout: 10) { (try? server.playingStreams().isEmpty) == false }, "it plays")
        let started = Date()
        let result = try process.wait(timeout: 20)
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        // 3 s of memo at 2×: 1.5 s of sound, plus the drain of the server's buffer, which a loaded machine stretches
        // (2.5 s once, beside the other suites); at 1× the sound alone would take 3 s.
        #expect(took > 1.3 && took < 2.8, "played 3 s at 2× in \(took) s")
    }

    /// libavfilter is opened apart, only for another speed (see CFFmpeg): a broken one fails that play in one line
    /// in words, and normal speed never needs it.
    @Test func withoutFFmpegsFilterLibraryAnotherRateSaysSoInOneLine() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let broken = memos.scratch.file("broken-avfilter")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data().write(to: broken.appendingPathComponent("libavfilter.so.8"))
        let server = try SoundServer()
        defer { server.shutdown() }
        let environment = server.clientEnvironment.adding(["LD_LIBRARY_PATH": broken.path])

        let faster = try memos.run(["play", id, "--rate", "2"], environment: environment, timeout: 20)
        #expect(!faster.signalled, "\(faster.stderr)")
        #expect(faster.status == 1, "\(faster.stderr)")
        let lines = faster.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(faster.stderr)")
        #expect(faster.stderr.hasPrefix("voicerec memos play: "), "\(faster.stderr)")
        #expect(faster.stderr.contains("FFmpeg's filter library could not be loaded"), "\(faster.stderr)")
        #expect(faster.stderr.contains("libavfilter.so.8"), "the loader's reason: \(faster.stderr)")

        let normal = try memos.run(["play", id], environment: environment, timeout: 20)
        #expect(normal.status == 0, "\(normal.stderr)")
    }

    @Test(arguments: ["3", "0.25", "fast"])
    func aRateOutsideHalfToTwiceIsBadUsage(_ rate: String) throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let result = try memos.run(["play", id, "--rate", rate])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("voicerec memos play: --rate "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 2)
    }

    @Test func ctrlCStopsPlaybackPromptly() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 5)["id"] as? String)
        let server = try SoundServer()
        defer { server.shutdown() }
        let process = try memos.start(["play", id], environment: server.clientEnvironment)
        // Stopped while it plays: once its stream is in the sound server.
        #expect(wait(timeout: 10) { (try? server.playingStreams().isEmpty) == false }, "it plays")
        let stoppedAt = Date()
        process.send(SIGINT)
        let result = try process.wait(timeout: 10)
        #expect(Date().timeIntervalSince(stoppedAt) < 1)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aMemoWhoseFileIsGoneSaysSo() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let file = memos.memosDirectory.appendingPathComponent("\(id).m4a")
        try FileManager.default.removeItem(at: file)
        let result = try memos.run(["play", id])
        #expect(result.status == 1)
        #expect(result.stderr == "voicerec memos play: memo \(id)'s file is missing (\(file.path))\n")
    }

    @Test func withoutASoundServerItSaysSo() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let result = try memos.run(
            ["play", id], environment: .inherited.adding(["PULSE_SERVER": "unix:\(memos.scratch.url.path)/no-server"]))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("voicerec memos play: no sound server is reachable ("), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
