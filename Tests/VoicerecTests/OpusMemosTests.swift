import Foundation
import Testing
import VoiceRecorderOpus
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The memos library keeping Ogg Opus memos (SPEC G): `<id>.ogg` beside the `.m4a` ones, added, recorded,
/// exported and recovered through `voicerec memos`.
@Suite("voicerec memos with Ogg Opus")
struct OpusMemosTests {
    /// Two seconds of espeak-ng speech as a WAV file.
    static func speech(in memos: MemosFixture) throws -> URL {
        let wav = memos.scratch.file("speech.wav")
        _ = try ChildProcess.output(of: "/usr/bin/espeak-ng", ["-w", wav.path, "Hold to record, release to send."])
        return wav
    }

    @Test func addWithFormatOpusKeepsAnOggMemoAndAnOggFileIsCopiedAsItIs() throws {
        let memos = try MemosFixture()
        let added = try memos.lines(["add", try Self.speech(in: memos).path, "--format", "opus"])
        let memo = try #require(added.first)
        let id = try #require(memo["id"] as? String)
        let file = memos.memosDirectory.appendingPathComponent("\(id).ogg")
        #expect(memo["file"] as? String == file.path)
        let info = try OggOpusReader.info(of: file)
        #expect(abs(info.duration - (memo["duration"] as? Double ?? 0)) < 1e-6, "the memo's duration is the file's")
        let opusinfo = try OpusRecordTests.opusinfo(file)
        #expect(!opusinfo.warns, "\(opusinfo.output)")

        // An Ogg Opus file comes in as it is, byte for byte.
        let again = try #require(try memos.lines(["add", file.path, "--format", "opus"]).first)
        let copy = memos.memosDirectory.appendingPathComponent("\(again["id"] as? String ?? "").ogg")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: file))
        // And it exports as what it is.
        let exported = memos.scratch.file("note.ogg")
        let result = try memos.run(["export", id, exported.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: exported) == Data(contentsOf: file))
        #expect(try memos.listedIDs().count == 2)
    }

    @Test func anOggFileAddedWithoutFormatOpusBecomesAnAACMemo() throws {
        let memos = try MemosFixture()
        let ogg = memos.scratch.file("voice-note.ogg")
        let recorded = try Voicerec.run(
            ["record", "--simulated", "--duration", "1.5", "--format", "opus", "--output", ogg.path],
            temporaryDirectory: memos.scratch.url)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let memo = try #require(try memos.lines(["add", ogg.path]).first)
        #expect((memo["file"] as? String)?.hasSuffix(".m4a") == true)
        #expect(abs((memo["duration"] as? Double ?? 0) - 1.5) < 0.001, "read exactly from the .ogg")
    }

    @Test func recordWithFormatOpusKeepsAnOggMemo() throws {
        let memos = try MemosFixture()
        let memo = try #require(
            try memos.lines(["record", "--simulated", "--duration", "2", "--format", "opus"]).first)
        let id = try #require(memo["id"] as? String)
        #expect(memo["duration"] as? Double == 2)
        #expect(try OggOpusReader.info(of: memos.memosDirectory.appendingPathComponent("\(id).ogg")).frames == 48_000)
        #expect(names(in: memos.takesDirectory).isEmpty)
    }

    @Test func anOpusTakeKilledMidWayIsARecoveredMemoAtTheNextList() throws {
        let memos = try MemosFixture()
        let process = try memos.start(["record", "--simulated", "--format", "opus"])
        // Mid-way: once the take has pages on disk (a few KB is a second or more of 24 kb/s Opus).
        #expect(wait(timeout: 10, interval: 0.05) { OpusRecordTests.takeBytes(in: memos.takesDirectory) > 8_000 })
        process.send(SIGKILL)
        #expect(try process.wait().signalled)
        let take = try #require(names(in: memos.takesDirectory).first)
        #expect(take.hasPrefix("voice-") && take.hasSuffix(".ogg"))

        let memo = try #require(try memos.lines(["list"]).first)
        let id = try #require(memo["id"] as? String)
        #expect(memo["recovered"] as? Bool == true)
        #expect(take == "voice-\(id).ogg", "the id its take's name carried")
        let file = memos.memosDirectory.appendingPathComponent("\(id).ogg")
        let info = try OggOpusReader.info(of: file)
        #expect(info.isEnded)
        #expect(abs(info.duration - (memo["duration"] as? Double ?? 0)) < 1e-6)
        #expect(info.duration > 1.2 && info.duration < 2.6, "\(info.duration) s")
        #expect(names(in: memos.takesDirectory).isEmpty)
        #expect(try memos.listedIDs() == [id], "recovered once, never twice")
    }
}
