import Foundation
import Testing
import VoiceMemos
import VoiceRecorderTestSupport

@testable import voice_memos

/// What rows say: titles, times, and what screen readers read (SPEC B.3, B.10); the list's splices; exporting.
@Suite("Rows in words, the list's splices, exporting")
struct RowTextTests {
    let texts = MemoRowText(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    let date = Date(timeIntervalSince1970: 1_764_583_200)  // 2025-12-01 10:00 UTC

    @Test("an untitled memo shows 'New Recording N'; its row reads 'New Recording N, <date>, <duration>'")
    func untitled() {
        let memo = Memo(id: UUID(), title: "", date: date, duration: 1.98, samples: [], number: 7)
        #expect(texts.title(of: memo) == "New Recording 7")
        #expect(texts.placeholder(for: memo) == "New Recording 7")
        #expect(texts.date(of: memo) == "Dec 1, 2025 at 10:00\u{202F}AM", "the date once, on its own line")
        #expect(texts.duration(of: memo) == "0:02")
        #expect(
            texts.accessibleLabel(of: memo) == "New Recording 7, Dec 1, 2025 at 10:00\u{202F}AM, 2 seconds",
            "spoken as shown, the date once")
        #expect(texts.playButtonLabel(of: memo, isPlaying: false) == "Play New Recording 7")
        #expect(texts.playButtonLabel(of: memo, isPlaying: true) == "Stop")
    }

    @Test("the time is the duration, or while playing the position heard (never ahead)")
    func time() {
        let memo = Memo(id: UUID(), title: "Walk", date: date, duration: 3_725.4, samples: [])
        #expect(texts.time(of: memo, playingAt: nil) == "1:02:05")
        #expect(texts.time(of: memo, playingAt: 61.99) == "0:01:01")
        #expect(texts.accessibleLabel(of: memo).hasSuffix(", 1 hour, 2 minutes, 5 seconds"))
    }

    @Test("Recently Deleted says when and how many days are left, rounded up")
    func deleted() {
        var memo = Memo(id: UUID(), title: "Walk", date: date, duration: 3, samples: [])
        memo.deletedAt = date
        #expect(texts.deletedLine(of: memo, now: date.addingTimeInterval(60)) == "Deleted Dec 1, 2025 · 30 days left")
        #expect(texts.deletedLine(of: memo, now: date.addingTimeInterval(29.5 * 86_400)).hasSuffix("· 1 day left"))
        #expect(texts.deletedAccessibleLabel(of: memo) == "Walk, deleted Dec 1, 2025 at 10:00\u{202F}AM")
    }

    @Test("marks: recovered and missing")
    func marks() {
        let memo = Memo(id: UUID(), title: "", date: date, duration: 3, samples: [], isRecovered: true, isMissing: true)
        #expect(texts.marks(of: memo).map(\.text) == ["Recovered", "Missing"])
    }

    @Test(
        "a splice is the changed middle: an add at the top, a delete, a new search",
        arguments: [
            ([1, 2, 3], [0, 1, 2, 3], ListSplice(position: 0, removals: 0, additions: [0])),
            ([1, 2, 3], [1, 3], ListSplice(position: 1, removals: 1, additions: [])),
            ([1, 2, 3, 4], [9], ListSplice(position: 0, removals: 4, additions: [9])),
            ([1, 1, 1], [1, 1], ListSplice(position: 2, removals: 1, additions: [])),
        ])
    func splice(old: [Int], new: [Int], expected: ListSplice<Int>) throws {
        let splice = try #require(ListSplice(from: old, to: new))
        #expect(splice == expected)
        #expect(splice.applied(to: old) == new)
    }

    @Test("equal lists need no splice; random pairs always splice into each other")
    func spliceProperty() {
        #expect(ListSplice(from: [1, 2], to: [1, 2]) == nil)
        var generator = SeededGenerator(seed: 0x5B11CE)
        for _ in 0 ..< 2_000 {
            let old = (0 ..< Int.random(in: 0 ... 8, using: &generator)).map { _ in
                Int.random(in: 0 ... 3, using: &generator)
            }
            let new = (0 ..< Int.random(in: 0 ... 8, using: &generator)).map { _ in
                Int.random(in: 0 ... 3, using: &generator)
            }
            if let splice = ListSplice(from: old, to: new) {
                #expect(splice.applied(to: old) == new, "\(old) → \(new) (seed \(generator.seed))")
            } else {
                #expect(old == new, "\(old) → \(new) (seed \(generator.seed))")
            }
        }
    }

    @Test("export names the file after the title, whatever it holds")
    func exportNames() {
        #expect(MemoExport.fileName(for: "Groceries") == "Groceries.m4a")
        #expect(MemoExport.fileName(for: "a/b") == "a-b.m4a")
        #expect(MemoExport.fileName(for: "..") == "Memo.m4a")
        #expect(MemoExport.fileName(for: "  ") == "Memo.m4a")
        #expect(MemoExport.fileName(for: String(repeating: "x", count: 300)).count == 104)
        #expect(MemoExport.fileName(for: "Call the dentist.") == "Call the dentist.m4a", "no '..m4a'")
        #expect(MemoExport.fileName(for: ".hidden") == "hidden.m4a", "never a hidden file")
        #expect(MemoExport.fileName(for: "...", extension: "ogg") == "Memo.ogg")
    }

    @Test("a dragged-out memo is a fresh copy named after its title, in the app's own directory (SPEC J.3)")
    func dragCopies() throws {
        let scratch = try ScratchDirectory()
        let source = scratch.file("memo.ogg")
        try Data("audio".utf8).write(to: source)
        let copies = MemoDragCopies(root: scratch.file("drag-out"), process: getpid())
        let first = try copies.copy(of: source, title: "Groceries")
        let second = try copies.copy(of: source, title: "Groceries")
        #expect(first.lastPathComponent == "Groceries.ogg")
        #expect(first != second, "the same title twice never meets")
        #expect(first.path.hasPrefix(copies.directory.path + "/"))
        #expect(try Data(contentsOf: second) == Data("audio".utf8))
        #expect(throws: MemoExport.ExportError.self) { try copies.copy(of: scratch.file("gone.m4a"), title: "x") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: copies.directory.path).count == 2, "none of it")

        // Another app's copies stay while it runs; a killed app's go at the next start.
        let running = scratch.file("drag-out/1")  // init: always running
        let gone = scratch.file("drag-out/2147483646")
        for folder in [running, gone] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let next = MemoDragCopies(root: copies.root, process: getpid() + 1)
        next.removeLeftovers()
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(!FileManager.default.fileExists(atPath: gone.path))
        #expect(FileManager.default.fileExists(atPath: copies.directory.path), "this test's process runs")
        copies.removeAll()
        #expect(!FileManager.default.fileExists(atPath: copies.directory.path))
    }

    @Test("export copies the audio, replacing what is there; a missing file is an error in words")
    func exportCopies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("memo.m4a")
        let destination = folder.appendingPathComponent("out.m4a")
        try Data("audio".utf8).write(to: source)
        try Data("old".utf8).write(to: destination)
        try MemoExport.copy(source, to: destination)
        #expect(try Data(contentsOf: destination) == Data("audio".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["memo.m4a", "out.m4a"])
        #expect(throws: MemoExport.ExportError.self) {
            try MemoExport.copy(folder.appendingPathComponent("gone.m4a"), to: destination)
        }
    }
}
