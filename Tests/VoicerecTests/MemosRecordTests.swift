import Foundation
import Testing
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `voicerec memos record`: a take recorded into the library, kept or discarded as `voicerec record` does, and
/// never lost to a kill.
@Suite("voicerec memos record")
struct MemosRecordTests {
    @Test(arguments: [("enter", SIGCONT), ("ctrl-c", SIGINT)])
    func enterAndCtrlCKeepTheTakeAsAMemo(_ input: (how: String, signal: Int32)) throws {
        let memos = try MemosFixture()
        let process = try memos.start(["record", "--simulated"])
        waitUntilRecorded(1, in: memos.takesDirectory, by: process)
        if input.how == "enter" { process.type("\n") } else { process.send(input.signal) }
        let result = try process.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let memo = try #require(jsonLines(result.stdout).first)
        let duration = try #require(memo["duration"] as? Double)
        #expect(duration > 0.8 && duration < 2.5, "\(duration) s")
        #expect(try memos.listedIDs() == [memo["id"] as? String].compactMap { $0 })
    }

    @Test(arguments: [("escape", SIGCONT), ("ctrl-backslash", SIGQUIT)])
    func escapeAndCtrlBackslashDiscardAndLeaveNothing(_ input: (how: String, signal: Int32)) throws {
        let memos = try MemosFixture()
        let process = try memos.start(["record", "--simulated"])
        waitUntilRecorded(0.7, in: memos.takesDirectory, by: process)
        if input.how == "escape" { process.type("\u{1B}") } else { process.send(input.signal) }
        let result = try process.wait()
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Discarded"))
        #expect(names(in: memos.takesDirectory).isEmpty && names(in: memos.memosDirectory).isEmpty)
        #expect(try memos.listedIDs().isEmpty)
    }

    @Test func aTakeKilledMidWayIsARecoveredMemoAtTheNextList() throws {
        let memos = try MemosFixture()
        let process = try memos.start(["record", "--simulated"])
        waitUntilRecorded(2, in: memos.takesDirectory, by: process)
        process.send(SIGKILL)
        let killed = try process.wait()
        #expect(killed.signalled)
        let take = try #require(names(in: memos.takesDirectory).first, "the take was being written in the library")
        #expect(take.hasPrefix("voice-") && take.hasSuffix(".m4a"))

        let listed = try memos.lines(["list"])
        #expect(listed.count == 1)
        let memo = try #require(listed.first)
        #expect(memo["recovered"] as? Bool == true)
        #expect(memo["missing"] as? Bool == false)
        #expect(take == "voice-\(memo["id"] as? String ?? "").m4a", "the id its take's name carried")
        let duration = try #require(memo["duration"] as? Double)
        // Killed once its file held 2 s: the recovered memo is what the file held, give or take a fragment written as
        // the kill came (what was recorded after the last whole fragment is lost).
        #expect(duration > 1.95 && duration < 2.7, "recovered \(duration) s")
        #expect(names(in: memos.takesDirectory).isEmpty)
        #expect(try memos.listedIDs() == [memo["id"] as? String].compactMap { $0 }, "recovered once, never twice")
    }

    @Test func aTakeThatFailsMidwayIsKeptAsARecoveredMemo() throws {
        let memos = try MemosFixture()
        // 120 blocks of 1 KiB: the take's file reaches the limit after about 17 s of audio, while the database and
        // its write-ahead log stay under (the first opening fills the log with the schema's pages — 58 KiB since
        // schema 4's full-text index — and keeping the memo adds about 24 KiB of the row and its index entries).
        let result = try Voicerec.run(
            ["memos", "--data-dir", memos.dataDirectory.path, "record", "--simulated", "--duration", "30"],
            temporaryDirectory: memos.scratch.url, shellPrefix: "ulimit -f 120;")
        #expect(!result.signalled, "SIGXFSZ must not kill it")
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(result.status == 0, "what was recorded is kept: \(result.stderr)")
        let memo = try #require(jsonLines(result.stdout).first)
        #expect(memo["recovered"] as? Bool == true, "SPEC B.2: a failed recording's audio is a recovered memo")
        let duration = try #require(memo["duration"] as? Double)
        #expect(duration > 2 && duration < 24)
        #expect(try memos.lines(["list"]).map { $0["id"] as? String } == [memo["id"] as? String])
    }

    @Test func aLibraryThatCannotBeWrittenIsAnErrorBeforeAnyTakeStarts() throws {
        let memos = try MemosFixture()
        // A directory can't be made under a file (the tests may run as root, for whom permissions don't stop it).
        let blocker = memos.scratch.file("a-file")
        try Data("not a directory".utf8).write(to: blocker)
        let root = blocker.appendingPathComponent("voicerecorder")
        let result = try Voicerec.run(
            ["memos", "record", "--simulated", "--data-dir", root.path],
            temporaryDirectory: memos.scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == "voicerec memos record: \(root.path): the memos library's directory can't be "
                + "written (Not a directory)\n", "one line, and no live line: nothing was recorded")
        #expect(names(in: memos.scratch.url) == ["a-file"], "no take was started anywhere")
    }

    @Test func aDeviceAndTheSimulatedSourceDontGoTogether() throws {
        let memos = try MemosFixture()
        let result = try memos.run(["record", "--simulated", "--device", "mic"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("voicerec memos record: --device and --simulated don't go together\n"))
        #expect(!FileManager.default.fileExists(atPath: memos.dataDirectory.path), "nothing was opened")
    }
}
