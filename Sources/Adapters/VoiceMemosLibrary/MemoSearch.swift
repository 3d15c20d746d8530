import Foundation

/// How a title is matched by a search (SPEC B.9): ignoring case, accents and character widths, so "cafe" finds
/// "Café" and "ÉTÉ" finds "été".
public enum MemoSearch {
    /// `text` folded the way both titles and searches are before they are compared.
    public static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether `title` holds `search`, ignoring case and accents; an empty search matches everything.
    public static func title(_ title: String, matches search: String) -> Bool {
        search.isEmpty || folded(title).contains(folded(search))
    }
}
