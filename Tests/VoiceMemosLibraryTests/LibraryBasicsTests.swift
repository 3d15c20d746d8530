import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderFFmpeg

@Suite struct LibraryBasicsTests {
    @Test func aNewLibraryIsLaidOutPrivately() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        #expect(try library.open().isEmpty)
        let layout = library.layout
        #expect(library.takesDirectory == layout.takesDirectory)
        #expect(
            layout.takesDirectory.deletingLastPathComponent().path == layout.root.path,
            "takes are inside the library")
        for directory in [layout.root, layout.memosDirectory, layout.takesDirectory] {
            #expect(try mode(of: directory) == 0o700, "\(directory.lastPathComponent)")
        }
        #expect(try mode(of: layout.database) == 0o600)
        #expect(
            names(in: layout.root) == [
                "library.lock", "memos", "memos.sqlite", "memos.sqlite-shm",
                "memos.sqlite-wal", "takes",
            ])
        try library.close()
        #expect(
            names(in: layout.root) == ["library.lock", "memos", "memos.sqlite", "takes"],
            "closing checkpoints the log away")
    }

    @Test func aLooseDirectoryIsTightened() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        try FileManager.default.createDirectory(
            at: library.layout.memosDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        _ = try library.open()
        #expect(try mode(of: library.layout.memosDirectory) == 0o700)
    }

    @Test func keepingMovesTheTakeAndAReopenedLibraryFindsTheMemoExactly() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 1.5, in: library.takesDirectory)
        let id = UUID()
        let date = Date(timeIntervalSinceReferenceDate: 817_000_000.123456)
        let kept = try library.keep(take, id: id, date: date, title: "Standup", isRecovered: false)

        #expect(
            kept
                == Memo(
                    id: id, title: "Standup", date: date, duration: take.duration,
                    samples: StoredWaveform.stored(take.samples), number: 1))
        #expect(zip(kept.samples, take.samples).allSatisfy { abs($0 - $1) <= 0.5 / 255 + 0.5 / 65_535 })
        #expect(!FileManager.default.fileExists(atPath: take.url.path), "the take left the takes directory")
        let file = library.fileURL(of: id)
        #expect(file == library.layout.memosDirectory.appendingPathComponent("\(id.uuidString).m4a"))
        #expect(try mode(of: file) == 0o600)
        #expect(try Takes.decodedFrames(file) == 36_000)
        #expect(names(in: library.takesDirectory).isEmpty)
        try library.close()

        let reopened = try makeLibrary(in: scratch).open()
        #expect(reopened == [kept], "every field back exactly as keep returned it: date, duration, samples")
    }

    @Test func aTakeFromTheTemporaryDirectoryIsMovedIn() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 0.5, in: library.temporaryDirectory)
        let memo = try library.keep(take, id: UUID(), date: Date(), title: "", isRecovered: false)
        #expect(!FileManager.default.fileExists(atPath: take.url.path))
        #expect(try Takes.decodedFrames(library.fileURL(of: memo.id)) == 12_000)
    }

    @Test func renameDeleteRestoreAndDeleteForever() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 0.5, in: library.takesDirectory)
        let memo = try library.keep(take, id: UUID(), date: Date(), title: "", isRecovered: false)

        try library.rename(memo.id, to: "Groceries")
        let deletedAt = Date(timeIntervalSinceReferenceDate: 817_100_000.5)
        try library.delete(memo.id, at: deletedAt)
        var stored = try #require(try makeLibrary(in: scratch).open().first)
        #expect(stored.title == "Groceries")
        #expect(stored.deletedAt == deletedAt)
        #expect(try library.newestMemos(limit: 50).isEmpty, "the first screen shows only the list")

        try library.restore(memo.id)
        stored = try #require(try library.memo(memo.id))
        #expect(stored.deletedAt == nil)

        try library.delete(memo.id, at: deletedAt)
        try library.deleteForever(memo.id)
        #expect(try library.memos().isEmpty)
        #expect(names(in: library.layout.memosDirectory).isEmpty, "deleting forever removes the file too")
        #expect(try makeLibrary(in: scratch).open().isEmpty, "and it never comes back")
    }

    @Test func anUnknownIDIsNamedInTheError() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let id = UUID()
        for change in [
            { try library.rename(id, to: "x") }, { try library.delete(id, at: Date()) },
            { try library.restore(id) }, { try library.deleteForever(id) },
        ] {
            let error = #expect(throws: MemoLibraryError.self) { try change() }
            #expect(error?.description == "no memo \(id.uuidString)")
        }
    }

    @Test func aTakeIsKeptOnceAndOnlyInAnOpenLibrary() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        let early = try Takes.recording(seconds: 0.3, in: try scratch.directory("elsewhere"))
        let notOpen = #expect(throws: MemoLibraryError.self) {
            _ = try library.keep(early, id: UUID(), date: Date(), title: "", isRecovered: false)
        }
        #expect(notOpen == .notOpen)
        #expect(FileManager.default.fileExists(atPath: early.url.path))

        _ = try library.open()
        let first = try library.keep(early, id: UUID(), date: Date(), title: "", isRecovered: false)
        let second = try Takes.recording(seconds: 0.3, in: library.takesDirectory)
        let duplicate = #expect(throws: MemoLibraryError.self) {
            _ = try library.keep(second, id: first.id, date: Date(), title: "", isRecovered: false)
        }
        #expect(duplicate == .alreadyKept(first.id))
        #expect(FileManager.default.fileExists(atPath: second.url.path), "a refused take is not touched")
        #expect(try library.memos().count == 1)
    }

    @Test func theListIsNewestFirstAndEqualDatesKeepOneOrder() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let ids = (0 ..< 6).map { _ in UUID() }
        try library.insertRows(
            ids.enumerated().map { index, id in
                Memo(id: id, date: base.addingTimeInterval(Double(index / 2)), duration: 1, samples: [])
            })
        let order = try library.memos().map(\.id)
        #expect(try library.memos().map(\.id) == order)
        let expected = ids.enumerated().sorted {
            ($0.offset / 2, $0.element.uuidString) > ($1.offset / 2, $1.element.uuidString)
        }.map(\.element)
        #expect(order == expected)
        #expect(try library.newestMemos(limit: 4).map(\.id) == Array(expected.prefix(4)))
    }

    @Test func searchIgnoresCaseAndAccentsAndLeavesDeletedMemosOut() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let titles = [
            "Café with Zoë", "ÉTÉ plans", "cafeteria menu", "Notes", "100% sure_ish", "Ｆｕｌｌ width",
        ]
        let memos = titles.enumerated().map { index, title in
            Memo(
                id: UUID(), title: title, date: Date(timeIntervalSinceReferenceDate: Double(index)), duration: 1,
                samples: [])
        }
        try library.insertRows(memos)
        #expect(try library.memos(matching: "CAFE").map(\.title) == ["cafeteria menu", "Café with Zoë"])
        #expect(try library.memos(matching: "zoe").map(\.title) == ["Café with Zoë"])
        #expect(
            try library.memos(matching: "  ZOË\n").map(\.title) == ["Café with Zoë"],
            "spaces around a search are ignored")
        #expect(try library.memos(matching: "été p").map(\.title) == ["ÉTÉ plans"])
        #expect(try library.memos(matching: "%").map(\.title) == ["100% sure_ish"], "no pattern characters")
        #expect(try library.memos(matching: "_").map(\.title) == ["100% sure_ish"])
        #expect(try library.memos(matching: "full").map(\.title) == ["Ｆｕｌｌ width"])
        #expect(try library.memos(matching: "").count == titles.count)
        try library.delete(memos[0].id, at: Date())
        #expect(try library.memos(matching: "cafe").map(\.title) == ["cafeteria menu"])
    }

    @Test func aMemoWhoseFileIsGoneIsMissingAndStays() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let take = try Takes.recording(seconds: 0.3, in: library.takesDirectory)
        let memo = try library.keep(take, id: UUID(), date: Date(), title: "Gone", isRecovered: false)
        try library.close()
        try FileManager.default.removeItem(at: library.fileURL(of: memo.id))

        let reopened = try makeLibrary(in: scratch)
        let memos = try reopened.open()
        #expect(memos.map(\.id) == [memo.id])
        #expect(memos.first?.isMissing == true)
        #expect(memos.first?.title == "Gone")
        #expect(try reopened.check(repair: false).missing == [memo.id])
        #expect(try reopened.memo(memo.id)?.isMissing == true)
        try reopened.deleteForever(memo.id)
        #expect(try reopened.memos().isEmpty, "a missing memo can be deleted")
    }

    @Test func theDataDirectoryFollowsXDG() {
        #expect(
            LibraryLayout.defaultRoot(environment: ["XDG_DATA_HOME": "/data/me", "HOME": "/home/me"]).path
                == "/data/me/voicerecorder")
        #expect(
            LibraryLayout.defaultRoot(environment: ["HOME": "/home/me"]).path
                == "/home/me/.local/share/voicerecorder")
        #expect(
            LibraryLayout.defaultRoot(environment: ["XDG_DATA_HOME": "relative/dir", "HOME": "/home/me"]).path
                == "/home/me/.local/share/voicerecorder", "a relative XDG_DATA_HOME is ignored, as the spec says")
        #expect(
            LibraryLayout.defaultRoot(environment: ["XDG_DATA_HOME": "", "HOME": "/home/me"]).path
                == "/home/me/.local/share/voicerecorder")
    }
}

extension LibraryBasicsTests {
    @Test func theFirstScreenCanBeReadBeforeTheStartUpCheck() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        try library.insertRows(
            (0 ..< 80).map {
                Memo(
                    id: UUID(), title: "\($0)", date: Date(timeIntervalSinceReferenceDate: Double($0)), duration: 1,
                    samples: [])
            })
        try library.close()

        let reopened = try makeLibrary(in: scratch)
        try reopened.connect()
        let first = try reopened.newestMemos(limit: 50)
        #expect(first.map(\.title) == (30 ..< 80).reversed().map { "\($0)" })
        #expect(first.allSatisfy { $0.isMissing }, "these rows have no files: the first screen says so too")
        #expect(try reopened.check(repair: true).missing.count == 80)
    }
}
