import Foundation
import Testing
import VoiceMemos

/// The rules of the desktop's search (SPEC J.1), without a bus.
@Suite("ShellSearch: the overview's words, results, metas and the app's arguments")
struct ShellSearchTests {
    private let memo = Memo(
        id: UUID(), date: Date(timeIntervalSince1970: 0), duration: 75, samples: [0.5], number: 7)

    @Test func theWordsAreTheQueryAsTyped() {
        #expect(ShellSearch.query(["call", " dent ", ""]) == "call dent")
        #expect(ShellSearch.query([" "]).isEmpty)
    }

    @Test func atMostFiveResultsBestFirst() {
        let hits = (0 ..< 8).map { SearchHit(id: UUID(), title: "\($0)", matchesTitle: true) }
        #expect(ShellSearch.resultIDs(hits) == hits.prefix(5).map(\.id.uuidString))
    }

    @Test func aTitleMatchShowsItsLengthAndASaidOneItsSnippetAndTime() {
        #expect(ShellSearch.meta(of: memo, hit: nil).description == "1:15")
        #expect(ShellSearch.meta(of: memo, hit: nil).name == "New Recording 7")
        let hit = SearchHit(
            id: memo.id, title: "", matchesTitle: false,
            snippet: Snippet(runs: [.init("call the ", isMatch: false), .init("dentist", isMatch: true)]), time: 62.4)
        #expect(ShellSearch.meta(of: memo, hit: hit).description == "1:02 · call the dentist")
    }

    @Test func activatingPlaysFromJustBeforeTheWordOrFromTheStart() {
        let hit = SearchHit(id: memo.id, title: "", matchesTitle: false, snippet: nil, time: 0.4)
        #expect(
            ShellSearch.activationArguments(id: memo.id, hit: hit) == ["--play", memo.id.uuidString, "--from", "0.00"])
        let titleOnly = SearchHit(id: memo.id, title: "", matchesTitle: true)
        #expect(ShellSearch.activationArguments(id: memo.id, hit: titleOnly) == ["--play", memo.id.uuidString])
        #expect(ShellSearch.activationArguments(id: memo.id, hit: nil) == ["--play", memo.id.uuidString])
        #expect(ShellSearch.searchArguments(["call", "dent"]) == ["--search", "call dent"])
    }

    @Test func theIdleExitCanBeShortenedForTestsOnly() {
        #expect(ShellSearch.idleExit(environment: [:]) == ShellSearch.idleExit)
        #expect(ShellSearch.idleExit(environment: ["VOICEMEMOS_SEARCH_IDLE_EXIT": "2"]) == 2)
        #expect(ShellSearch.idleExit(environment: ["VOICEMEMOS_SEARCH_IDLE_EXIT": "-1"]) == ShellSearch.idleExit)
    }
}
