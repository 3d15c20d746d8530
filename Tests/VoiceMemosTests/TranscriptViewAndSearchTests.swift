import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// Searching what was said and the transcript view (SPEC E.3, E.4) on the test clock.
@Suite("Voice memos: search by what was said and the transcript view (SPEC E.3, E.4)")
struct TranscriptViewAndSearchTests {
    func rig() -> (Rig, [Memo]) {
        let memos = [memo(1, title: "Dentist"), memo(2), memo(3, title: "Groceries")]
        let rig = Rig(memos: memos)
        rig.test.library.transcripts[memos[1].id] = Transcript(
            language: "en", words: TranscriptQueueTests.words("so I have to call the dentist tomorrow"))
        return (rig, memos)
    }

    @Test func titleMatchesComeFirstThenWhatWasSaidWithItsSnippetAndTime() throws {
        let (rig, memos) = rig()
        rig.test.work.hold()
        rig.send(.searchChanged("dent"))
        #expect(rig.state.visibleMemos.map(\.id) == [memos[0].id], "titles answer at once")
        rig.test.work.release()
        #expect(rig.state.visibleMemos.map(\.id) == [memos[0].id, memos[1].id], "then the transcripts")
        let hit = try #require(rig.state.searchHit(for: memos[1].id))
        #expect(hit.time == 6, "the seventh word")
        #expect(hit.snippet?.runs.contains { $0.isMatch && $0.text == "dentist" } == true)

        rig.send(.searchResultActivated(memos[1].id))
        #expect(rig.calls() == [.play(rig.file(memos[1]), from: 5, rate: 1)], "from a second before the word")
        rig.send(.searchChanged(""))
        #expect(rig.state.visibleMemos.count == 3)
        #expect(rig.state.searchHit(for: memos[1].id) == nil)
    }

    @Test func anAnswerToAnEarlierQueryIsDropped() {
        let (rig, memos) = rig()
        rig.test.work.hold()
        rig.send(.searchChanged("dent"))
        rig.send(.searchChanged("groc"))
        rig.test.work.release()
        #expect(rig.state.visibleMemos.map(\.id) == [memos[2].id])
        #expect(rig.state.searchResults?.query == "groc")
    }

    @Test func theOpenTranscriptHighlightsTheWordHeardAndAClickedWordPlaysFromItsStart() throws {
        let (rig, memos) = rig()
        let id = memos[1].id
        rig.send(.transcriptOpened(id))
        #expect(rig.state.openTranscript?.isLoaded == true)
        #expect(rig.state.heardWordIndex == nil, "not playing")
        rig.send(.transcriptWordActivated(id, 3))
        #expect(rig.calls() == [.play(rig.file(memos[1]), from: 3, rate: 1)])
        rig.send(.player(.position(4.5), PlaybackTag(play: 1)))
        #expect(rig.state.heardWordIndex == 4)
        rig.send(.transcriptWordActivated(id, 6))
        #expect(rig.calls() == [.seek(play: 1, to: 6)], "while it plays: a seek")
        rig.send(.transcriptClosed)
        #expect(rig.state.openTranscript == nil)
    }

    @Test func copyTranscriptHandsTheWholeTextToTheFrontEnd() {
        let (rig, memos) = rig()
        let id = memos[1].id
        rig.test.library.memos = rig.test.library.memos.map { memo in
            var memo = memo
            if memo.id == id { memo.transcript = TranscriptSummary(state: .done, firstWords: "so I have") }
            return memo
        }
        let reopened = Rig(memos: rig.test.library.memos)
        reopened.test.library.transcripts = rig.test.library.transcripts
        reopened.send(.copyTranscriptTapped(id))
        #expect(reopened.state.textToCopy == "so I have to call the dentist tomorrow")
        reopened.send(.transcriptCopied)
        #expect(reopened.state.textToCopy == nil)
        reopened.send(.copyTranscriptTapped(memos[0].id))
        #expect(reopened.state.textToCopy == nil, "a memo without a transcript has nothing to copy")
    }
}

@Suite("Voice memos: a transcript laid out for its view")
struct TranscriptTextTests {
    @Test func wordsAreFoundByTheirCharacters() {
        let layout = TranscriptText(
            Transcript(
                language: "en",
                words: [
                    .init(text: "Café,", start: 0, end: 0.5), .init(text: "👍🏽", start: 0.5, end: 1),
                    .init(text: "ok", start: 1, end: 1.5),
                ]))
        #expect(layout.text == "Café, 👍🏽 ok")
        #expect(layout.ranges == [0 ..< 5, 6 ..< 8, 9 ..< 11], "a thumb with its skin tone is two code points")
        #expect(layout.wordIndex(atCharacter: 0) == 0)
        #expect(layout.wordIndex(atCharacter: 5) == 0, "the space after a word is that word's")
        #expect(layout.wordIndex(atCharacter: 7) == 1)
        #expect(layout.wordIndex(atCharacter: 99) == 2)
        #expect(TranscriptText(Transcript(language: "", words: [])).wordIndex(atCharacter: 0) == nil)
    }
}

@Suite("Voice memos: the first word a search matches")
struct FirstMatchingWordTests {
    @Test(
        arguments: [
            ("so I need to call the DENTIST before noon", ["dent"], 6),
            ("un café crème à l'école", ["ecole"], 4),
            ("un café crème à l'école", ["creme", "cafe"], 1),
            ("predentist dentist", ["dent"], 1),
            ("Café,", ["cafe"], 0),
            ("nothing here", ["dent"], nil),
            ("", ["dent"], nil),
        ] as [(String, [String], Int?)])
    func theWordIsTheFirstWhosePartStartsWithAQueryWord(_ text: String, _ words: [String], _ index: Int?) {
        #expect(MemoSearch.firstMatchingWord(in: text, queryWords: words) == index)
        let slow = text.split(separator: " ").firstIndex { MemoSearch.wordMatches(String($0), queryWords: words) }
        #expect(slow == index, "the same as matching word by word")
    }
}
