import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderFFmpeg
import VoiceRecorderTestSupport

/// `voicerec memos` end to end, with the built tool on a scratch library: record, list, delete, restore, purge,
/// export and search, each checked against the files and the printed JSON.
@Suite("voicerec memos: a memo's life")
struct MemosLifecycleTests {
    @Test func aRecordedMemoIsListedWithEveryField() throws {
        let memos = try MemosFixture()
        let before = Date()
        let recorded = try memos.run(["record", "--simulated", "--duration", "1.5"])
        let after = Date()
        #expect(recorded.status == 0, "\(recorded.stderr)")

        let listed = try memos.run(["list"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(
            keyOrder(of: line)
                == [
                    "id", "number", "title", "date", "duration", "file", "samples", "recovered", "missing", "deleted",
                    "transcript", "firstWords", "edited", "enhanced",
                ])
        #expect(recorded.stdout == listed.stdout, "record prints the line list then lists")
        let memo = try #require(jsonLines(listed.stdout).first)

        let id = try #require(UUID(uuidString: memo["id"] as? String ?? ""))
        #expect(memo["id"] as? String == id.uuidString, "the canonical spelling")
        #expect(memo["title"] as? String == "")
        let date = try #require(isoDate(memo["date"]))
        #expect(date >= before.addingTimeInterval(-0.001) && date <= after, "dated when its recording started")
        #expect(memo["duration"] as? Double == 1.5)
        let file = URL(fileURLWithPath: try #require(memo["file"] as? String))
        #expect(file.path == memos.memosDirectory.appendingPathComponent("\(id.uuidString).m4a").path)
        let (info, frames) = try AudioFileReader.decode(file) { _ in }
        #expect(info.codecName == "aac")
        #expect(frames == 36_000, "exactly 1.5 s × 24,000 frames")
        let samples = try #require(memo["samples"] as? [Double])
        #expect(samples.count == 30, "one per 50 ms")
        #expect(samples.allSatisfy { $0 >= 0 && $0 <= 1 } && samples.contains { $0 > 0.2 })
        #expect(memo["recovered"] as? Bool == false)
        #expect(memo["missing"] as? Bool == false)
        #expect(memo["deleted"] is NSNull)
        #expect(names(in: memos.takesDirectory).isEmpty, "the take left the takes directory")
        #expect(names(in: memos.scratch.url) == ["data"], "nothing left in the temporary directory")
    }

    @Test func theListIsNewestFirst() throws {
        let memos = try MemosFixture()
        let first = try memos.recordMemo(seconds: 0.7)
        let second = try memos.recordMemo(seconds: 0.7)
        #expect(try memos.listedIDs() == [second["id"] as? String, first["id"] as? String].compactMap { $0 })
    }

    @Test func deleteMovesToRecentlyDeletedAndRestoreBringsItBack() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo()["id"] as? String)
        let file = memos.memosDirectory.appendingPathComponent("\(id).m4a")
        let before = Date()
        let deleted = try memos.object(["delete", id])
        let after = Date()
        let deletedAt = try #require(isoDate(deleted["deleted"]))
        #expect(deletedAt >= before.addingTimeInterval(-0.001) && deletedAt <= after)
        #expect(try memos.listedIDs().isEmpty, "the list no longer has it")
        let inRecentlyDeleted = try memos.lines(["list", "--deleted"])
        #expect(inRecentlyDeleted.map { $0["id"] as? String } == [id])
        #expect(inRecentlyDeleted.first?["deleted"] as? String == deleted["deleted"] as? String)
        #expect(FileManager.default.fileExists(atPath: file.path), "deleting keeps the file")

        let again = try memos.object(["delete", id])
        #expect(again["deleted"] as? String == deleted["deleted"] as? String, "deleting again keeps its date")

        let restored = try memos.object(["restore", id])
        #expect(restored["deleted"] is NSNull)
        #expect(try memos.listedIDs() == [id])
        #expect(try memos.listedIDs(["--deleted"]).isEmpty)
    }

    @Test func purgeDeletesForeverWhatWasDeletedMoreThan30DaysAgo() throws {
        let memos = try MemosFixture()
        let old = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let recent = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let kept = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        // No command can date a deletion in the past: the library's own API does, in this process.
        try memos.withLibrary { library in
            try library.delete(try #require(UUID(uuidString: old)), at: Date().addingTimeInterval(-31 * 24 * 3600))
            try library.delete(try #require(UUID(uuidString: recent)), at: Date().addingTimeInterval(-29 * 24 * 3600))
        }
        let purged = try memos.object(["purge"])
        #expect(purged["purged"] as? [String] == [old])
        #expect(try memos.listedIDs(["--deleted"]) == [recent])
        #expect(try memos.listedIDs() == [kept])
        #expect(
            !FileManager.default.fileExists(atPath: memos.memosDirectory.appendingPathComponent("\(old).m4a").path),
            "deleting forever removes the file")
        #expect(names(in: memos.memosDirectory) == ["\(kept).m4a", "\(recent).m4a"].sorted())

        #expect(try memos.object(["purge"])["purged"] as? [String] == [], "nothing more is due")
        #expect(try memos.object(["purge", recent])["purged"] as? [String] == [recent], "one, by its id")
        #expect(names(in: memos.memosDirectory) == ["\(kept).m4a"])

        let refused = try memos.run(["purge", kept])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("voicerec memos purge: memo \(kept) is not in Recently Deleted"))
        #expect(refused.stdout.isEmpty)
        #expect(try memos.listedIDs() == [kept], "a memo in the list is never deleted forever")
    }

    @Test func exportCopiesTheFileAndNeverOverwrites() throws {
        let memos = try MemosFixture()
        let memo = try memos.recordMemo()
        let id = try #require(memo["id"] as? String)
        let original = URL(fileURLWithPath: try #require(memo["file"] as? String))
        let copy = memos.scratch.file("exported.m4a")
        let exported = try memos.object(["export", id, copy.path])
        #expect(exported["id"] as? String == id)
        #expect(exported["exported"] as? String == copy.path)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: original))

        let taken = memos.scratch.file("taken.m4a")
        try Data("someone else's file".utf8).write(to: taken)
        let before = try FileFingerprint(taken)
        let refused = try memos.run(["export", id, taken.path])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr == "voicerec memos export: \(taken.path) already exists; it was left as it is "
                + "(choose a new path)\n")
        #expect(try FileFingerprint(taken) == before)
    }

    @Test func searchIgnoresCaseAndAccents() throws {
        let memos = try MemosFixture()
        let cafe = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let groceries = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        _ = try memos.object(["rename", cafe, "Café crème with Zoë"])
        _ = try memos.object(["rename", groceries, "Groceries"])
        #expect(try memos.listedIDs(["--search", "CAFE CREME"]) == [cafe])
        #expect(try memos.listedIDs(["--search", "zoe"]) == [cafe])
        #expect(try memos.listedIDs(["--search", "ries"]) == [groceries])
        #expect(try memos.listedIDs(["--search", "tea"]).isEmpty)
        _ = try memos.object(["delete", cafe])
        #expect(try memos.listedIDs(["--search", "cafe"]).isEmpty, "the list's search leaves Recently Deleted out")
        #expect(try memos.listedIDs(["--deleted", "--search", "Cafe"]) == [cafe])
    }
}
