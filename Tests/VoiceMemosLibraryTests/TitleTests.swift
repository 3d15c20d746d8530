import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary

/// SPEC B.5: any text is stored and read back exactly (the model cleans titles; the store keeps what it is given).
@Suite struct TitleTests {
    static let titles = [
        "it's \"quoted\" `twice`",
        "Robert'); DROP TABLE memos; --",
        "' OR 1=1 --",
        "🎙️ voice 👩🏽‍💻 memo 🇫🇷",
        "ישיבת צוות",  // Hebrew: right to left
        "اجتماع الفريق 2",  // Arabic with a number
        "mixed עברית and English",
        "back\\slash and %percent_ and ?1 :name",
        "line one\nline two\ttab",
        "nul \u{0} inside",
        String(repeating: "Ten kilobytes of text. ", count: 446),  // 10,258 bytes
        "",
    ]

    @Test func everyTitleIsStoredAndReadBackExactly() throws {
        #expect(Self.titles[10].utf8.count > 10_000)
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        var ids: [UUID] = []
        for (index, title) in Self.titles.enumerated() {
            let take = try Takes.recording(seconds: 0.2, in: library.takesDirectory)
            let memo = try library.keep(
                take, id: UUID(), date: Date(timeIntervalSinceReferenceDate: Double(index)), title: title,
                isRecovered: false)
            ids.append(memo.id)
        }
        try library.close()

        let reopened = try makeLibrary(in: scratch)
        let memos = try reopened.open()
        #expect(memos.count == Self.titles.count, "no title broke out of its statement")
        #expect(
            Dictionary(uniqueKeysWithValues: memos.map { ($0.id, $0.title) })
                == Dictionary(uniqueKeysWithValues: zip(ids, Self.titles).map { ($0, $1) }))
    }

    @Test func renamingStoresEveryTitleExactlyToo() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let memo = Memo(id: UUID(), date: Date(), duration: 1, samples: [])
        try library.insertRows([memo])
        for title in Self.titles {
            try library.rename(memo.id, to: title)
            #expect(try makeLibrary(in: scratch).memosAfterOpening().first?.title == title)
        }
    }

    @Test func aHostileTitleIsFoundBySearchLikeAnyOther() throws {
        let scratch = try ScratchDirectory()
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        try library.insertRows(Self.titles.map { Memo(id: UUID(), title: $0, date: Date(), duration: 1, samples: []) })
        #expect(try library.memos(matching: "drop table").map(\.title) == ["Robert'); DROP TABLE memos; --"])
        #expect(try library.memos(matching: "צוות").map(\.title) == ["ישיבת צוות"])
        #expect(try library.memos(matching: "👩🏽‍💻").count == 1)
    }
}

extension SQLiteMemoLibrary {
    /// Opens a second library on the same directory and reads it: what another process would see.
    func memosAfterOpening() throws -> [Memo] {
        defer { try? close() }
        return try open()
    }
}
