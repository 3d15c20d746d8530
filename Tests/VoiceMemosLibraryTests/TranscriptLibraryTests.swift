import Foundation
import Testing
import VoiceMemos
import VoiceMemosLibrary
import VoiceRecorderSQLite

/// Transcripts in the real library on disk (SPEC E): stored once with their word times, carried by the memo into
/// Recently Deleted and back, gone with it when it is deleted forever, and searched with the titles.
@Suite struct TranscriptLibraryTests {
    static func words(_ text: String, from start: Double = 0, step: Double = 0.5) -> [Transcript.Word] {
        text.split(separator: " ").enumerated().map { index, word in
            let begin = start + Double(index) * step
            return Transcript.Word(text: String(word), start: begin, end: begin + step - 0.1)
        }
    }

    /// A library with one kept memo per title, oldest first; returns the memos.
    func library(_ scratch: ScratchDirectory, titles: [String]) throws -> (SQLiteMemoLibrary, [Memo]) {
        let library = try makeLibrary(in: scratch)
        _ = try library.open()
        let takes = try scratch.directory("takes")
        var memos: [Memo] = []
        for (index, title) in titles.enumerated() {
            let recording = try Takes.recording(seconds: 0.2, in: takes)
            memos.append(
                try library.keep(
                    recording, id: UUID(), date: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(index) * 60),
                    title: title, isRecovered: false))
        }
        return (library, memos)
    }

    @Test func aTranscriptIsStoredWithItsWordTimesAndSummarisedInTheList() throws {
        let scratch = try ScratchDirectory()
        let (library, memos) = try library(scratch, titles: [""])
        let id = memos[0].id
        #expect(try library.open().first?.transcript == .pending, "a new memo waits for its transcript")
        #expect(try library.transcript(of: id) == nil)

        let transcript = Transcript(language: "en", words: Self.words("Remember to call the dentist, about Tuesday."))
        let summary = try library.saveTranscript(transcript, of: id)
        #expect(summary == TranscriptSummary(state: .done, firstWords: "Remember to call the dentist, about Tuesday."))
        #expect(try library.transcript(of: id) == transcript, "words and times come back as stored, to 0.01 s")
        let reopened = SQLiteMemoLibrary(root: library.layout.root, temporaryDirectory: try scratch.directory("tmp2"))
        try library.close()
        let memo = try #require(try reopened.open().first)
        #expect(memo.transcript == summary)
        #expect(MemoTitle.displayTitle(of: memo) == "Remember to call the dentist, about…")

        // Done again (a job redone after a kill): stored once, the new one replacing the old.
        let again = Transcript(language: "en", words: Self.words("Call the dentist"))
        _ = try reopened.saveTranscript(again, of: id)
        #expect(try reopened.transcript(of: id) == again)
        #expect(try reopened.search("remember").isEmpty)
        #expect(try reopened.search("dentist").map(\.id) == [id])
    }

    @Test func nothingSaidIsStateNoneAndAFailureCountsItsAttempts() throws {
        let scratch = try ScratchDirectory()
        let (library, memos) = try library(scratch, titles: ["silence", "broken"])
        let none = try library.saveTranscript(Transcript(language: "", words: []), of: memos[0].id)
        #expect(none == TranscriptSummary(state: .none))
        #expect(!none.wantsTranscribing)
        #expect(try library.transcript(of: memos[0].id) == Transcript(language: "", words: []))

        var failure = try library.saveTranscriptFailure("the file can't be decoded", of: memos[1].id)
        #expect(failure == TranscriptSummary(state: .failed("the file can't be decoded"), failedAttempts: 1))
        #expect(failure.wantsTranscribing, "retried at the next start")
        failure = try library.saveTranscriptFailure("still not audio", of: memos[1].id)
        failure = try library.saveTranscriptFailure("still not audio", of: memos[1].id)
        #expect(failure.failedAttempts == 3)
        #expect(!failure.wantsTranscribing, "tried three times in all: the first and twice again")
        #expect(try library.memo(memos[1].id)?.transcript == failure)

        // A memo with a transcript keeps it when a later job on it fails.
        let done = try library.saveTranscript(
            Transcript(language: "en", words: Self.words("kept words")), of: memos[0].id)
        #expect(try library.saveTranscriptFailure("engine crashed", of: memos[0].id) == done)
    }

    @Test func recentlyDeletedKeepsTheTranscriptAndDeletingForeverTakesItAway() throws {
        let scratch = try ScratchDirectory()
        let (library, memos) = try library(scratch, titles: ["groceries"])
        let id = memos[0].id
        let transcript = Transcript(language: "en", words: Self.words("milk eggs and bread"))
        _ = try library.saveTranscript(transcript, of: id)

        try library.delete(id, at: Date(timeIntervalSinceReferenceDate: 800_100_000))
        #expect(try library.search("eggs").isEmpty, "Recently Deleted is not searched")
        #expect(try library.transcript(of: id) == transcript)
        try library.restore(id)
        #expect(try library.search("eggs").map(\.id) == [id], "back with its transcript")

        try library.deleteForever(id)
        #expect(try library.transcript(of: id) == nil)
        #expect(throws: MemoLibraryError.self) { try library.saveTranscript(transcript, of: id) }
        try library.close()
        let connection = try Connection(path: library.layout.database.path, mode: .readOnly)
        #expect(try connection.integer("SELECT count(*) FROM transcripts") == 0)
        #expect(try connection.integer("SELECT count(*) FROM memo_text") == 0, "the index forgets it too")
    }

    @Test func searchFindsWordPrefixesIgnoringCaseAndAccentsWithTitlesFirst() throws {
        let scratch = try ScratchDirectory()
        let (library, memos) = try library(
            scratch, titles: ["Dentist appointment", "", "Café with Zoë", "Shopping"])
        _ = try library.saveTranscript(
            Transcript(language: "en", words: Self.words("so I need to call the DENTIST before noon")), of: memos[1].id)
        _ = try library.saveTranscript(
            Transcript(language: "fr", words: Self.words("un café crème à l'école", from: 2)), of: memos[3].id)

        let dentist = try library.search("dent")
        #expect(dentist.map(\.id) == [memos[0].id, memos[1].id], "the title match first")
        #expect(dentist[0].matchesTitle && dentist[0].snippet == nil)
        #expect(
            dentist.map(\.title) == [
                "Dentist appointment", MemoTitle.spokenPlaceholder("so I need to call the DENTIST before noon"),
            ])
        let spoken = try #require(dentist[1].snippet)
        #expect(spoken.text.contains("DENTIST"))
        #expect(spoken.runs.filter(\.isMatch).map(\.text) == ["DENTIST"])
        #expect(dentist[1].time == 3.0, "the seventh word starts at 3 s")
        #expect(dentist[1].playFrom == 2.0)

        let ecole = try library.search("ECOLE")
        #expect(ecole.map(\.id) == [memos[3].id], "accents and case ignored")
        #expect(ecole[0].time == 4.0, "l'école is the fifth word, from 2 s")
        #expect(try library.search("creme cafe").map(\.id) == [memos[3].id], "every word, each a prefix")
        #expect(
            try library.search("shopping café").map(\.id) == [memos[3].id], "words across title and transcript")
    }

    /// bm25 ranks a word said in few memos; a word said in most of them tells nothing apart, so the newest come first.
    @Test func aRareWordIsRankedAndTheCommonestAreNewestFirst() throws {
        let scratch = try ScratchDirectory()
        let (library, memos) = try library(scratch, titles: ["", "", "", "", ""])
        let said = [
            "the dentist said the dentist", "the cat", "the dentist called", "the dog", "the bird sang",
        ]
        for (memo, text) in zip(memos, said) {
            _ = try library.saveTranscript(Transcript(language: "en", words: Self.words(text)), of: memo.id)
        }
        #expect(try library.search("dentist").map(\.id) == [memos[0].id, memos[2].id], "said twice ranks first")
        #expect(try library.search("the").map(\.id) == memos.reversed().map(\.id), "in every memo: newest first")
        #expect(
            try library.search("the dent").map(\.id) == [memos[0].id, memos[2].id], "ranked by the rarer word")
        #expect(try library.search("dentist").first?.title == MemoTitle.spokenPlaceholder(said[0]))
    }

    @Test(arguments: [
        "\"", "\"dentist", "NEAR(dentist", "dentist*", "*", "AND", "dentist OR", "') DROP TABLE memos; --", "   ",
        "title:dentist", "^dentist", "-dentist", "{dentist}", "dentist\u{0}", "(",
    ])
    func aQueryIsTextNeverSyntax(_ query: String) throws {
        let scratch = try ScratchDirectory()
        let (library, memos) = try library(scratch, titles: ["", "Shopping"])
        _ = try library.saveTranscript(
            Transcript(language: "en", words: Self.words("call the dentist")), of: memos[0].id)
        let hits = try library.search(query)
        let words = MemoSearch.words(query)
        if words == ["dentist"] {
            #expect(hits.map(\.id) == [memos[0].id], "the word is searched for")
        } else if words.isEmpty {
            #expect(hits.isEmpty)
        }
        #expect(try library.memos().count == 2, "nothing was changed")
    }

    /// The version-3 schema as that version left a library, rows and all: what upgrading users have on disk.
    static let thirdSchema = """
        PRAGMA application_id = 1448234317;
        CREATE TABLE memos (
            id TEXT NOT NULL PRIMARY KEY, title TEXT NOT NULL DEFAULT '', date REAL NOT NULL, duration REAL NOT NULL,
            samples BLOB NOT NULL, recovered INTEGER NOT NULL DEFAULT 0, deleted_at REAL,
            search_title TEXT NOT NULL DEFAULT '', number INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX memos_newest_first ON memos (date DESC, id DESC);
        CREATE TABLE counters (name TEXT NOT NULL PRIMARY KEY, value INTEGER NOT NULL);
        PRAGMA user_version = 3;
        """

    @Test func aVersionThreeLibraryUpgradesWithItsTitlesSearchableAndEveryMemoPending() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.file("library")
        let memosDirectory = root.appendingPathComponent("memos")
        try FileManager.default.createDirectory(at: memosDirectory, withIntermediateDirectories: true)
        let audio = try Takes.recording(seconds: 0.2, in: try scratch.directory("audio"))
        let ids = [UUID(), UUID(), UUID()]
        do {
            let connection = try Connection(path: root.appendingPathComponent("memos.sqlite").path)
            try connection.setJournalMode(.wal)
            try connection.execute(Self.thirdSchema)
            // Two rows with the same number, as another tool might have left them: the upgrade renumbers one.
            for (index, (id, title, number)) in [(ids[0], "Zoë's café", 1), (ids[1], "", 2), (ids[2], "Notes", 2)]
                .enumerated()
            {
                try connection.execute(
                    """
                    INSERT INTO memos (id, title, date, duration, samples, search_title, number)
                    VALUES (?1, ?2, ?3, 0.2, x'', ?4, ?5)
                    """,
                    binding: [id.uuidString, title, 800_000_000 + Double(index), MemoSearch.searchKey(title), number])
                try FileManager.default.linkItem(
                    at: audio.url, to: memosDirectory.appendingPathComponent("\(id.uuidString).m4a"))
            }
            try connection.execute("INSERT INTO counters (name, value) VALUES ('memo_number', 2)")
            try connection.close()
        }
        let library = SQLiteMemoLibrary(root: root, temporaryDirectory: try scratch.directory("tmp"))
        let memos = try library.open()
        #expect(memos.count == 3)
        #expect(memos.allSatisfy { $0.transcript == .pending })
        #expect(Set(memos.map(\.number)) == [1, 2, 3], "numbers unique after the upgrade")
        #expect(try library.search("cafe").map(\.id) == [ids[0]])
        #expect(try library.search("zoe caf").map(\.id) == [ids[0]], "titles are in the word index too")
        _ = try library.saveTranscript(Transcript(language: "en", words: Self.words("pick up keys")), of: ids[1])
        #expect(try library.search("keys").map(\.id) == [ids[1]])
        try library.close()
        let connection = try Connection(path: root.appendingPathComponent("memos.sqlite").path, mode: .readOnly)
        #expect(try connection.integer("PRAGMA user_version") == 7)
        #expect(try connection.query("PRAGMA integrity_check") { $0.string(at: 0) } == ["ok"])
    }
}
