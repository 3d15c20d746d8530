import Foundation

/// Search by title as you type (SPEC B.9), ignoring case and accents: "cafe" finds "Café", "ECOLE" finds "école".
public enum MemoSearch {
    /// Whether `title` matches what was typed in the search field. Blank text (or only spaces) matches everything;
    /// otherwise the text, without the spaces around it, must appear somewhere in the title.
    public static func matches(title: String, query: String) -> Bool {
        let key = searchKey(query.trimmingCharacters(in: .whitespacesAndNewlines))
        return key.isEmpty || searchKey(title).contains(key)
    }

    /// The memos whose titles match `query`, in the order given.
    public static func filter(_ memos: [Memo], query: String) -> [Memo] {
        let key = searchKey(query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !key.isEmpty else { return memos }
        return memos.filter { searchKey($0.title).contains(key) }
    }

    /// The form both sides are compared in: case and accents folded away (and full-width letters made plain), the
    /// same in every locale so the app and the CLI find the same memos.
    public static func searchKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
