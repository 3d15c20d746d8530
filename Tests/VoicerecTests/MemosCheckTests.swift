import Foundation
import Testing
import VoiceMemosLibrary
import VoiceRecorderTestSupport

/// `voicerec memos check [--repair]`: the start-up check reported (changing nothing), or run (adopting).
@Suite("voicerec memos check")
struct MemosCheckTests {
    /// A library with one memo whose file was removed and one audio file without a row (named for an id that has
    /// none), plus a text file dressed as audio. Returns (missing id, orphan's id, orphan's path, unreadable path).
    private func damagedLibrary(_ memos: MemosFixture) throws -> (missing: String, orphan: String, URL, URL) {
        let gone = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let source = memos.scratch.file("elsewhere.m4a")
        let recorded = try Voicerec.run(
            ["record", "--simulated", "--duration", "1", "--output", source.path], temporaryDirectory: memos.scratch.url
        )
        #expect(recorded.status == 0, "\(recorded.stderr)")
        try FileManager.default.removeItem(at: memos.memosDirectory.appendingPathComponent("\(gone).m4a"))
        let orphanID = UUID().uuidString
        let orphan = memos.memosDirectory.appendingPathComponent("\(orphanID).m4a")
        try FileManager.default.moveItem(at: source, to: orphan)
        let unreadable = memos.memosDirectory.appendingPathComponent("\(UUID().uuidString).m4a")
        try Data("not audio at all".utf8).write(to: unreadable)
        return (gone, orphanID, orphan, unreadable)
    }

    @Test func checkReportsMissingFilesAndOrphansAndChangesNothing() throws {
        let memos = try MemosFixture()
        let (missing, _, orphan, unreadable) = try damagedLibrary(memos)
        let filesBefore = names(in: memos.memosDirectory)
        let orphanBefore = try FileFingerprint(orphan)

        let result = try memos.run(["check"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first)
        #expect(
            keyOrder(of: line) == ["repaired", "deferred", "missing", "pending", "leftAlone", "recovered", "adopted"])
        let report = try #require(jsonLines(result.stdout).first)
        #expect(report["repaired"] as? Bool == false)
        #expect(report["deferred"] as? Bool == false)
        #expect(report["missing"] as? [String] == [missing])
        #expect(report["pending"] as? [String] == [orphan.path])
        #expect(report["leftAlone"] as? [String] == [unreadable.path])
        #expect(report["recovered"] as? [String] == [] && report["adopted"] as? [String] == [])

        #expect(names(in: memos.memosDirectory) == filesBefore, "nothing moved")
        #expect(try FileFingerprint(orphan) == orphanBefore)
        // The check alone wrote no row: the database still has only the missing memo.
        #expect(try memos.withLibraryRowCount() == 1)
    }

    @Test func repairAdoptsTheOrphanAsARecoveredMemo() throws {
        let memos = try MemosFixture()
        let (missing, orphanID, orphan, unreadable) = try damagedLibrary(memos)
        let report = try memos.object(["check", "--repair"])
        #expect(report["repaired"] as? Bool == true)
        #expect(report["adopted"] as? [String] == [orphanID], "under the id its name carries")
        #expect(report["missing"] as? [String] == [missing])
        #expect(report["leftAlone"] as? [String] == [unreadable.path])
        #expect(report["pending"] as? [String] == [])
        #expect(
            FileManager.default.fileExists(atPath: orphan.path)
                && FileManager.default.fileExists(atPath: unreadable.path),
            "nothing is deleted")

        let listed = try memos.lines(["list"])
        let adopted = try #require(listed.first { $0["id"] as? String == orphanID })
        #expect(adopted["recovered"] as? Bool == true)
        #expect(adopted["duration"] as? Double == 1)
        let gone = try #require(listed.first { $0["id"] as? String == missing })
        #expect(gone["missing"] as? Bool == true, "a memo whose file is gone is shown as missing")
        #expect(listed.count == 2)

        let again = try memos.object(["check"])
        #expect(again["pending"] as? [String] == [], "adopted once")
    }

    @Test func repairsArePutOffWhileAnotherProgramHasTheLibraryOpen() throws {
        let memos = try MemosFixture()
        let (_, orphanID, orphan, _) = try damagedLibrary(memos)
        // The test process holds the library open, as the app would (opening adopts what is there now).
        try FileManager.default.moveItem(at: orphan, to: memos.scratch.file("aside.m4a"))
        try memos.withLibrary { _ in
            try FileManager.default.moveItem(at: memos.scratch.file("aside.m4a"), to: orphan)
            let report = try memos.object(["check", "--repair"])
            #expect(report["deferred"] as? Bool == true)
            #expect(report["repaired"] as? Bool == false)
            #expect(report["pending"] as? [String] == [orphan.path])
            #expect(report["adopted"] as? [String] == [])
            #expect(FileManager.default.fileExists(atPath: orphan.path), "nothing moved under the app's feet")
        }
        #expect(try memos.object(["check", "--repair"])["adopted"] as? [String] == [orphanID], "adopted once alone")
    }

    @Test func everyOtherCommandRepairsFirstAsTheAppDoes() throws {
        let memos = try MemosFixture()
        let (_, orphanID, _, _) = try damagedLibrary(memos)
        let listed = try memos.listedIDs()
        #expect(listed.contains(orphanID), "list opened the library, and opening adopts")
    }
}

extension MemosFixture {
    /// How many memos the database holds, read through the library's API in this process without its start-up
    /// check (`connect`, not `open`), so reading changes nothing.
    func withLibraryRowCount() throws -> Int {
        let library = SQLiteMemoLibrary(root: dataDirectory, temporaryDirectory: scratch.url)
        try library.connect()
        defer { try? library.close() }
        return try library.memos().count
    }
}
