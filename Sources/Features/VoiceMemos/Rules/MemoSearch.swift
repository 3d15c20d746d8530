import Foundation

/// Search by title as you type (SPEC B.9), ignoring case and accents: "cafe" finds "Café", "ECOLE" finds "école".
///
/// One folding for everything that searches: the model's lists, and the library, which stores each title's key
/// beside it and searches those in SQL, so the app and `voicerec memos list --search` always find the same memos.
public enum MemoSearch {
    /// Whether `title` matches what was typed in the search field. Blank text (or only spaces) matches everything;
    /// otherwise the text, without the spaces around it, must appear somewhere in the title.
    public static func matches(title: String, query: String) -> Bool {
        matches(key: searchKey(title), queryKey: queryKey(query))
    }

    /// The memos whose titles match `query`, in the order given. Their titles are not folded again: each memo
    /// carries its key.
    public static func filter(_ memos: [Memo], query: String) -> [Memo] {
        let key = queryKey(query)
        guard !key.isEmpty else { return memos }
        return memos.filter { $0.searchKey.contains(key) }
    }

    /// Whether a title whose key is `key` matches a search whose key is `queryKey` (see `queryKey(_:)`): a blank
    /// search matches every title.
    public static func matches(key: String, queryKey: String) -> Bool {
        queryKey.isEmpty || key.contains(queryKey)
    }

    /// What a typed search is matched by: folded as titles are, without the spaces and line breaks around it.
    public static func queryKey(_ query: String) -> String {
        searchKey(query.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The form both sides are compared in: case and accents folded away (and full-width letters made plain), the
    /// same in every locale so the app and the CLI find the same memos.
    public static func searchKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
