import Foundation
import Testing
import VoiceRecorderFFmpeg

/// `voicerec memos trim`, `cut` and `revert` (SPEC I.1) on a real library: each saves and prints the memo; a range
/// outside the memo or backwards is a usage error in one line and changes nothing; revert brings the original back.
@Suite struct MemosEditCommandTests {
    let memos: MemosFixture

    init() throws { memos = try MemosFixture() }

    /// Frames the memo's file decodes to.
    func frames(_ memo: [String: Any]) throws -> Int {
        try AudioFileReader.decode(URL(fileURLWithPath: try #require(memo["file"] as? String))) { _ in }.frames
    }

    @Test func trimCutAndRevertSaveAndPrintTheMemo() throws {
        let recorded = try memos.recordMemo(seconds: 3)
        let id = try #require(recorded["id"] as? String)
        #expect(recorded["edited"] as? Bool == false)

        let trimmed = try memos.object(["trim", id, "--from", "0.5", "--to", "2.5"])
        #expect(trimmed["duration"] as? Double == 2)
        #expect(trimmed["edited"] as? Bool == true)
        #expect(try frames(trimmed) == 48_000, "exact to the frame")

        let cut = try memos.object(["cut", id, "--to", "0.25"])
        #expect(cut["duration"] as? Double == 1.75, "without --from, from the start")
        #expect(try frames(cut) == 42_000)
        #expect(try memos.object(["list"])["duration"] as? Double == 1.75, "what list shows")

        let reverted = try memos.object(["revert", id])
        #expect(reverted["duration"] as? Double == 3)
        #expect(reverted["edited"] as? Bool == false)
        #expect(try frames(reverted) == 72_000)
        #expect(reverted["samples"] as? [Double] == recorded["samples"] as? [Double], "its own waveform again")
    }

    @Test(arguments: [
        (["--from", "1", "--to", "9"], "the range must lie inside the memo (0 to 2 s)"),
        (["--from", "1.5", "--to", "1"], "the range ends before it starts"),
        (["--from", "0", "--to", "2"], "cutting the whole memo would leave nothing; delete it instead"),
    ])
    func aRangeItCannotMakeIsAUsageErrorInOneLineAndChangesNothing(range: [String], words: String) throws {
        let recorded = try memos.recordMemo(seconds: 2)
        let id = try #require(recorded["id"] as? String)
        let file = URL(fileURLWithPath: try #require(recorded["file"] as? String))
        let before = try FileFingerprint(file)
        let listed = try memos.run(["list"]).stdout
        let result = try memos.run(["cut", id] + range)
        #expect(result.status == 2)
        #expect(result.stderr == "voicerec memos cut: \(words)\n")
        #expect(result.stdout.isEmpty)
        #expect(try FileFingerprint(file) == before)
        #expect(try memos.run(["list"]).stdout == listed)
        let originals = memos.dataDirectory.appendingPathComponent("originals").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: originals)) ?? []).isEmpty, "no original kept")
    }

    @Test func revertingAMemoNeverEditedOrUnknownSaysSoInOneLine() throws {
        let id = try #require(try memos.recordMemo()["id"] as? String)
        let never = try memos.run(["revert", id])
        #expect(never.status == 1)
        #expect(never.stderr == "voicerec memos revert: memo \(id) has never been edited: it is its original\n")
        let unknown = try memos.run(["trim", "not-an-id", "--from", "1"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "voicerec memos trim: no memo not-an-id\n")
        let nothing = try memos.run(["trim", id])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("voicerec memos trim: give --from S, --to S or both\n"))
    }
}
