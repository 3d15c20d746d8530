import Foundation
import Testing
import VoiceMemos
import VoiceRecorderTestSupport

/// `voicerec memos transcribe`, `transcript` and `search` with the real speech engine on espeak-ng speech, and
/// `list` with each memo's transcript state (SPEC E.5).
@Suite("voicerec memos transcripts", .serialized)
struct MemosTranscriptsTests {
    /// A memo of `sentence` spoken by espeak-ng; its id.
    static func spokenMemo(_ sentence: String, in memos: MemosFixture, name: String = "speech") throws -> String {
        let wav = memos.scratch.file("\(name).wav")
        _ = try ChildProcess.output(of: "/usr/bin/espeak-ng", ["-s", "150", "-w", wav.path, sentence])
        let memo = try #require(try memos.lines(["add", wav.path]).first)
        return try #require(memo["id"] as? String)
    }

    /// A JSON value as text ("" when it is not a string).
    static func text(_ value: Any?) -> String { value as? String ?? "" }

    @Test func aMemoTranscribedWithWaitIsListedSearchedAndPrintedWithItsWordTimes() throws {
        let memos = try MemosFixture()
        let id = try Self.spokenMemo("Remember to call the dentist on Monday morning.", in: memos)
        let silence = memos.scratch.file("silence.wav")
        _ = try ChildProcess.output(
            of: "/usr/bin/sox", ["-n", "-r", "24000", "-c", "1", silence.path, "trim", "0", "1.5"])
        let silent = try #require(try memos.lines(["add", silence.path]).first)
        let silentID = try #require(silent["id"] as? String)
        #expect(try memos.lines(["list"]).allSatisfy { $0["transcript"] as? String == "pending" })

        let done = try memos.lines(["transcribe", "--wait", "--all"])
        #expect(done.count == 2)
        let spoken = try #require(done.first { $0["id"] as? String == id })
        #expect(spoken["state"] as? String == "done")
        #expect(Self.text(spoken["text"]).lowercased().contains("dentist"))
        #expect(done.first { $0["id"] as? String == silentID }?["state"] as? String == "none", "no speech")

        let transcript = try memos.object(["transcript", id])
        #expect(transcript["language"] as? String == "en")
        let words = try #require(transcript["words"] as? [[String: Any]])
        let dentist = try #require(words.first { Self.text($0["text"]).lowercased().hasPrefix("dentist") })
        let start = try #require(dentist["start"] as? Double)
        #expect(start > 0.5 && start < 2.5, "the fifth word of a 3 s sentence")

        let listed = try memos.lines(["list"]).first { $0["id"] as? String == id }
        #expect(listed?["transcript"] as? String == "done")
        let firstWords = Self.text(listed?["firstWords"]).lowercased()
        #expect(firstWords.hasPrefix("remember"))

        let found = try memos.lines(["search", "DENT"])
        #expect(found.map { $0["id"] as? String } == [id])
        #expect(abs((found.first?["time"] as? Double ?? -1) - start) < 0.011, "the time is the word's start")
        let snippet = Self.text(found.first?["snippet"]).lowercased()
        let title = Self.text(found.first?["title"]).lowercased()
        #expect(snippet.contains("dentist"))
        #expect(title.hasPrefix("remember to call"), "the untitled memo's title is its first words")
        #expect(try memos.lines(["search", "zebra"]).isEmpty)
    }

    @Test(arguments: ["\"", "NEAR(dentist", "dentist*", "') DROP TABLE memos; --", "   ", "*", "AND OR NOT"])
    func aSearchWithSyntaxInItIsTextAndExitsZero(_ query: String) throws {
        let memos = try MemosFixture()
        _ = try memos.recordMemo()
        let result = try memos.run(["search", "--", query])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(try memos.listedIDs().count == 1, "nothing changed")
    }

    @Test func queueingMakesAMemoPendingAgainAndADeletedOneIsRefused() throws {
        let memos = try MemosFixture()
        let id = try Self.spokenMemo("Hello there.", in: memos)
        _ = try memos.lines(["transcribe", "--wait", id])
        #expect(try memos.object(["transcript", id])["state"] as? String == "done")
        let queued = try memos.lines(["transcribe", id])
        #expect(queued.map { $0["state"] as? String } == ["pending"])
        #expect(try memos.object(["transcript", id])["state"] as? String == "pending")

        _ = try memos.run(["delete", id])
        let refused = try memos.run(["transcribe", id])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Recently Deleted"))
        #expect(try memos.run(["transcribe"]).status == 2, "IDs or --all")
    }

    @Test func withoutTheEngineTranscribeWaitSaysWhichScriptInstallsItAndChangesNothing() throws {
        let memos = try MemosFixture()
        let id = try Self.spokenMemo("Hello there.", in: memos)
        let result = try memos.run(
            ["transcribe", "--wait", id],
            environment: .inherited.adding(["VOICERECORDER_SPEECH_HOME": memos.scratch.file("no-engine").path]))
        #expect(result.status == 1)
        #expect(result.stderr.contains("scripts/install-speech-engine.sh"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line")
        #expect(try memos.object(["transcript", id])["state"] as? String == "pending")
    }

    @Test func aMemoWhoseFileIsNotAudioFailsWithItsReasonAndCountsTheAttempt() throws {
        let memos = try MemosFixture()
        let id = try Self.spokenMemo("Hello there.", in: memos)
        let file = memos.memosDirectory.appendingPathComponent("\(id).m4a")
        try Data("not audio any more".utf8).write(to: file)
        let result = try memos.run(["transcribe", "--wait", id])
        #expect(result.status == 1)
        #expect(result.stderr.contains("could not be transcribed"))
        let transcript = try memos.object(["transcript", id])
        #expect(transcript["state"] as? String == "failed")
        #expect(!Self.text(transcript["reason"]).isEmpty)
    }
}
