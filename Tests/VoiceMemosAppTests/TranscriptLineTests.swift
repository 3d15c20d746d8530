import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting

@testable import voice_memos

/// A row's transcript line in words (SPEC E.3, E.4): the snippet's match comes early, so a narrow row still shows it.
@Suite("A row's transcript line")
struct TranscriptLineTests {
    @Test func aSnippetKeepsThreeWordsBeforeItsMatch() {
        let runs = TranscriptLine.leadingUpToTheMatch([
            .init("Remember to call the ", isMatch: false), .init("dentist", isMatch: true),
            .init(" on Monday", isMatch: false),
        ])
        #expect(runs.map(\.text).joined() == "…to call the dentist on Monday")
        #expect(runs.filter(\.isMatch).map(\.text) == ["dentist"])
        let short = [Snippet.Run("call the ", isMatch: false), Snippet.Run("dentist", isMatch: true)]
        #expect(TranscriptLine.leadingUpToTheMatch(short) == short, "nothing to cut")
    }

    @Test func markupIsEscaped() {
        #expect(TranscriptLine.escaped("R&D <b> \"x\" 'y'") == "R&amp;D &lt;b&gt; &quot;x&quot; &#39;y&#39;")
    }

    @Test func anUntitledMemosFirstWordsAreItsTitleSoNoLineRepeatsThem() {
        let words = TranscriptSummary(state: .done, firstWords: "remember to call the dentist")
        let untitled = Memo(id: UUID(), date: Date(), duration: 3, samples: [0.5], transcript: words)
        let titled = Memo(
            id: UUID(), title: "Dentist", date: Date(), duration: 3, samples: [0.5], transcript: words)
        let test = TestDependencies(memos: [untitled, titled])
        let model = MemosModel(dependencies: test.dependencies)
        model.start()
        #expect(MemoTitle.displayTitle(of: untitled) == "remember to call the dentist")
        #expect(TranscriptLine.of(untitled, in: model.state) == .hidden)
        #expect(
            TranscriptLine.of(titled, in: model.state)
                == .text("remember to call the dentist", opensTranscript: true))
    }
}
