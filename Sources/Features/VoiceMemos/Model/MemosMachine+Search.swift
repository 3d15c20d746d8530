import Foundation

/// Search over titles and transcripts as you type (SPEC B.9, E.4): the titles in memory answer at once, the
/// library's index (titles and what was said) a moment later; a result's snippet plays from just before its word.
extension MemosMachine {
    mutating func searchChanged(_ text: String) -> [MemosEffect] {
        state.searchText = text
        return MemosState.isBlank(text) ? [] : [.search(text)]
    }

    mutating func searchAnswered(_ query: String, _ hits: [SearchHit]) -> [MemosEffect] {
        // An answer to an earlier query, overtaken by typing, is dropped.
        guard query == state.searchText else { return [] }
        state.searchResults = SearchResults(query: query, hits: hits)
        return []
    }

    /// A search result's snippet was activated: play from about 1 s before the word it matched.
    mutating func searchResultActivated(_ id: UUID) -> [MemosEffect] {
        guard let hit = state.searchHit(for: id) else { return playTapped(id) }
        return play(id, from: hit.playFrom)
    }
}
