import Foundation
import Testing
import VoiceRecorderTestSupport

/// SPEC B.5 through `voicerec memos rename`: any text is stored and printed as typed, but for line breaks (each
/// becomes a space) and the length (at most 200 characters, as a person counts them).
@Suite("voicerec memos: titles")
struct MemosTitleTests {
    /// The title SPEC B.5 keeps of `typed`, worked out here from the rule's words.
    static func expected(_ typed: String) -> String {
        String(typed.map { $0.isNewline ? " " : $0 }.prefix(200))
    }

    static let titles: [String] = [
        #"She said "hi" and 'bye' \ back"#,
        "'); DROP TABLE memos; --",
        "Robert'); DELETE FROM memos WHERE ('1'='1",
        "Birthday 🎂🎉 with 👩🏽‍💻 and 🇫🇷",
        "שלום עולם — مرحبا بالعالم",
        "first line\nsecond line\r\nthird\rfourth\u{2028}fifth",
        "  spaces kept at both ends  ",
        String(repeating: "Ten bytes.", count: 1_024),
        String(repeating: "é", count: 250),
        String(repeating: "👍🏿", count: 201),
    ]

    @Test(arguments: titles)
    func aTitleIsStoredAndPrintedAsSPECB5Says(_ typed: String) throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        let wanted = Self.expected(typed)
        #expect(wanted.count <= 200 && !wanted.contains(where: \.isNewline))

        let renamed = try memos.object(["rename", id, "--", typed])
        #expect(renamed["title"] as? String == wanted)
        // Read back by another process, from the database: stored, not only printed.
        let listed = try memos.lines(["list"])
        #expect(listed.count == 1, "one memo, and the table is still there")
        #expect(listed.first?["title"] as? String == wanted)
        #expect(listed.first?["id"] as? String == id)
    }

    @Test func anEmptyTitleMakesTheMemoUntitledAgain() throws {
        let memos = try MemosFixture()
        let id = try #require(try memos.recordMemo(seconds: 0.7)["id"] as? String)
        _ = try memos.object(["rename", id, "Standup"])
        #expect(try memos.object(["rename", id, ""])["title"] as? String == "")
    }
}
