import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC B.7 with real processes killed by SIGKILL: a crash at any instant of saving loses nothing and duplicates
/// nothing; a take cut short is recovered; a writer killed mid-transaction leaves an intact database; two
/// processes can write one library at once.
@Suite(.serialized) struct CrashTests {
    /// Every point the probe can die at while keeping a take: before keep is called, then after each step.
    static let killPoints = ["takeFinished"] + SaveStep.allCases.map(\.rawValue)

    @Test(arguments: killPoints)
    func aKillAtAnyStepOfSavingLeavesExactlyOneMemoThatPlays(after point: String) throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let temporary = try scratch.directory("tmp")
        let run = try ProbeProcess.run(
            ["keep", root.path, "Title typed before the crash"], temporaryDirectory: temporary,
            environment: ["MEMOS_PROBE_KILL_AFTER": point])
        #expect(run.signalled && run.status == SIGKILL, "it died where it was told: \(run.stderr)")
        #expect(run.event("dying")?["after"] as? String == point)
        let keeping = try #require(run.event("keeping"), "\(run.stdout)")
        let memoID = try #require(UUID(uuidString: keeping["id"] as? String ?? ""))
        let takeName = URL(fileURLWithPath: keeping["take"] as? String ?? "").lastPathComponent
        let takeID = try #require(UUID(uuidString: String(takeName.dropFirst(6).dropLast(4))))

        let library = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
        let memos = try library.open()
        #expect(memos.count == 1, "never zero, never two")
        let memo = try #require(memos.first)
        let renamed = point != "takeFinished" && point != SaveStep.takeSynced.rawValue
        #expect(memo.id == (renamed ? memoID : takeID), "the id its file's name carried")
        let committed = point == SaveStep.committed.rawValue
        #expect(memo.isRecovered == !committed, "a memo whose row was not committed comes back as recovered")
        #expect(memo.title == (committed ? "Title typed before the crash" : ""))
        #expect(!memo.isMissing)
        #expect(memo.duration == 1)
        #expect(memo.samples.count == 20)
        #expect(try Takes.decodedFrames(library.fileURL(of: memo.id)) == 24_000, "its file plays, all of it")

        #expect(names(in: library.layout.memosDirectory) == ["\(memo.id.uuidString).m4a"], "no stray files")
        #expect(names(in: library.takesDirectory).isEmpty)
        #expect(names(in: temporary).isEmpty)
        try library.close()
        #expect(try integrityCheck(library.layout.database) == ["ok"])
        #expect(
            try SQLiteMemoLibrary(root: root, temporaryDirectory: temporary).memosAfterOpening() == memos,
            "a second start finds the same, repaired once")
    }

    @Test(arguments: [false, true])
    func aTakeCutShortMidRecordingIsRecoveredAtTheNextStart(inTemporaryDirectory: Bool) throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let temporary = try scratch.directory("tmp")
        let run = try ProbeProcess.run(
            ["record-and-die", root.path] + (inTemporaryDirectory ? ["--in-temporary"] : []),
            temporaryDirectory: temporary)
        #expect(run.signalled && run.status == SIGKILL, "\(run.stderr)")
        let take = URL(fileURLWithPath: try #require(run.event("recorded")?["take"] as? String))
        #expect(
            take.deletingLastPathComponent().path
                == (inTemporaryDirectory ? temporary : root.appendingPathComponent("takes")).path)
        #expect(TakeRecovery.isUnfinished(take), "the kill left a fragmented take")

        let library = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
        let memos = try library.open()
        let memo = try #require(memos.first)
        #expect(memos.count == 1)
        #expect(memo.isRecovered)
        // SPEC B.7: at most 0.5 s lost (the fragment being filled, 0.256 s, and the frame inside the encoder).
        #expect(memo.duration >= 2 - 0.5 && memo.duration <= 2, "up to its last fragment")
        #expect(try Takes.decodedFrames(library.fileURL(of: memo.id)) == Int((memo.duration * 24_000).rounded()))
        #expect(names(in: library.takesDirectory).isEmpty)
        #expect(names(in: temporary).isEmpty)
    }

    @Test func aWriterKilledMidTransactionLeavesAnIntactDatabase() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let temporary = try scratch.directory("tmp")
        #expect(try ProbeProcess.run(["keep", root.path, "before"], temporaryDirectory: temporary).status == 0)

        // 5,000 rows of about 2.5 KB in one transaction: megabytes spilled into the log, then SIGKILL before COMMIT.
        let run = try ProbeProcess.run(["fill-and-die", root.path, "5000"], temporaryDirectory: temporary)
        #expect(run.signalled && run.status == SIGKILL, "\(run.stderr)")
        let log = FileManager.default.fileExists(atPath: root.path + "/memos.sqlite-wal")
        #expect(log, "the dead writer's log is still there")

        #expect(try integrityCheck(root.appendingPathComponent("memos.sqlite")) == ["ok"])
        let memos = try SQLiteMemoLibrary(root: root, temporaryDirectory: temporary).memosAfterOpening()
        #expect(memos.map(\.title) == ["before"], "none of the uncommitted rows, all of the committed one")
    }

    @Test func aWriterKilledAtAnUnknownMomentLeavesAnIntactDatabase() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let temporary = try scratch.directory("tmp")
        #expect(try ProbeProcess.run(["keep-many", root.path, "3"], temporaryDirectory: temporary).status == 0)
        for delay in [0, 7_000, 23_000] {
            let writer = try ProbeProcess(["write-loop", root.path], temporaryDirectory: temporary)
            #expect(writer.waitForOutput("\"writing\""), "it committed once at least")
            // The kill comes at a chosen moment into the writing, not at one the writer marks: no event to wait for.
            letTimePass(Double(delay) / 1_000_000)
            writer.send(SIGKILL)
            let result = writer.wait()
            #expect(result.signalled && result.status == SIGKILL, "\(result.stderr)")
            #expect(try integrityCheck(root.appendingPathComponent("memos.sqlite")) == ["ok"])
            let memos = try SQLiteMemoLibrary(root: root, temporaryDirectory: temporary).memosAfterOpening()
            #expect(memos.count == 3)
            #expect(memos.allSatisfy { $0.title.hasPrefix("turn ") && !$0.isMissing })
        }
    }

    @Test func twoProcessesWriteOneLibraryAtOnce() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let temporary = try scratch.directory("tmp")
        _ = try SQLiteMemoLibrary(root: root, temporaryDirectory: temporary).memosAfterOpening()
        let count = 15
        let writers = try (0 ..< 2).map { _ in
            try ProbeProcess(["keep-many", root.path, "\(count)"], temporaryDirectory: temporary)
        }
        let results = writers.map { $0.wait() }
        for result in results {
            #expect(result.status == 0 && !result.signalled, "no writer failed: \(result.stderr)")
            #expect(result.events.filter { $0["event"] as? String == "kept" }.count == count)
        }
        let library = SQLiteMemoLibrary(root: root, temporaryDirectory: temporary)
        let memos = try library.open()
        #expect(memos.count == 2 * count)
        #expect(memos.allSatisfy { $0.title.hasPrefix("renamed ") && !$0.isRecovered && !$0.isMissing })
        #expect(Set(memos.map { $0.title.split(separator: " ")[1] }).count == 2, "both processes' renames are there")
        #expect(names(in: library.layout.memosDirectory).count == 2 * count)
        #expect(names(in: library.takesDirectory).isEmpty)
    }

    @Test func aLibraryDirectoryThatCannotBeWrittenIsAClearErrorFromOpen() throws {
        let scratch = try ScratchDirectory()
        // Readable by all, writable by its owner only. Root may write anywhere, so as root the probe runs as
        // "nobody"; as anyone else, the directory is made read-only for its owner too.
        let asRoot = getuid() == 0
        let parent = try scratch.directory("shared")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        try FileManager.default.setAttributes([.posixPermissions: asRoot ? 0o755 : 0o555], ofItemAtPath: parent.path)
        let temporary = try scratch.directory("tmp")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: temporary.path)
        let nobody: UInt32? = asRoot ? 65_534 : nil
        let run = try ProbeProcess.run(
            ["open", parent.appendingPathComponent("voicerecorder").path], temporaryDirectory: temporary,
            runAs: nobody)
        #expect(run.status == 1)
        #expect(
            run.stderr == "memos-crash-probe: \(parent.path)/voicerecorder: the memos library's directory can't "
                + "be written (Permission denied)\n")
        #expect(names(in: parent).isEmpty, "nothing was made")

        // An existing library owned by someone else: refused the same way, before any take could start.
        guard asRoot else { return }
        let library = SQLiteMemoLibrary(
            root: parent.appendingPathComponent("voicerecorder"), temporaryDirectory: temporary)
        _ = try library.memosAfterOpening()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library.layout.root.path)
        let refused = try ProbeProcess.run(
            ["open", library.layout.root.path], temporaryDirectory: temporary, runAs: nobody)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix(
                "memos-crash-probe: \(library.layout.root.path): the memos library's "
                    + "directory can't be written ("))
    }
}
