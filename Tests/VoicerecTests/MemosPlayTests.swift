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

    @Test func ctrlCStopsPlaybackPromptly() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 5)["id"] as? String)
        let server = try SoundServer()
        defer { server.shutdown() }
        let process = try Voicerec.start(
            ["memos", "play", id, "--data-dir", memos.dataDirectory.path],
            temporaryDirectory: memos.scratch.url, environment: server.clientEnvironment)
        usleep(800_000)
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
