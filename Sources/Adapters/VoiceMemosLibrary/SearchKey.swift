import Foundation

/// The form titles and searches are compared in (SPEC B.9): case, accents and character widths folded away, the
/// same in every locale, so "cafe" finds "Café" and "ÉTÉ" finds "été". It is the model's own folding (the memos
/// model's `MemoSearch.searchKey`), repeated here because the library stores it for every title, so the app's list
/// and the library's SQL search always agree.
enum SearchKey {
    /// `text` folded.
    static func of(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// What a typed search is matched by: folded, without the spaces around it.
    static func ofQuery(_ query: String) -> String {
        of(query.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
