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
        // Plain ASCII has no accents or widths to fold, only case: lowered byte by byte, about twenty times faster
        // than Foundation's folding, which a search over transcripts does for every memo it finds.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(
                decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 },
                as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    // MARK: Transcripts (SPEC E.4)

    /// The words of a search as the transcript index splits text (SQLite FTS5's `unicode61` tokenizer): runs of
    /// letters and digits, folded; everything else (quotes, `*`, `NEAR(`, punctuation) only separates them, so no
    /// query is ever syntax. Each is matched as a word prefix: "dent" finds "dentist".
    public static func words(_ query: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in searchKey(query).unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// Whether a transcript word as written ("Dentist,", "don't") matches a search's `words`: one of its parts
    /// starts with one of them, case and accents aside. What the search's time points at.
    public static func wordMatches(_ word: String, queryWords: [String]) -> Bool {
        guard !queryWords.isEmpty else { return false }
        return words(word).contains { part in queryWords.contains { part.hasPrefix($0) } }
    }

    /// The index of the first word of `text` (words with one space between each, as a transcript is stored) that
    /// `wordMatches` `queryWords`: one pass over the folded text looking for a query word where a word part begins,
    /// then the spaces before it counted. What a search does for each memo it finds, so it allocates nothing per
    /// word.
    public static func firstMatchingWord(in text: String, queryWords: [String]) -> Int? {
        guard !queryWords.isEmpty else { return nil }
        // Folding keeps every space (no stored word holds one), so word indexes are the same before and after.
        let scalars = Array(searchKey(text).unicodeScalars)
        let wanted = queryWords.map { Array($0.unicodeScalars) }.filter { !$0.isEmpty }
        var earliest: Int?
        for word in wanted {
            var position = 0
            while position + word.count <= scalars.count, position < (earliest ?? .max) {
                let startsAPart = position == 0 || !isWordScalar(scalars[position - 1])
                if startsAPart, scalars[position] == word[0],
                    scalars[position ..< position + word.count].elementsEqual(word)
                {
                    earliest = position
                    break
                }
                position += 1
            }
        }
        guard let earliest else { return nil }
        return scalars[..<earliest].reduce(0) { $1 == " " ? $0 + 1 : $0 }
    }

    /// Whether every one of `queryWords` starts a word of `text` (a title's search key): what the index finds in a
    /// title whose words are not next to each other ("zoe caf" in "Café with Zoë").
    public static func holdsWords(_ text: String, _ queryWords: [String]) -> Bool {
        guard !queryWords.isEmpty else { return false }
        let parts = words(text)
        return queryWords.allSatisfy { word in parts.contains { $0.hasPrefix(word) } }
    }

    /// Letters, digits and private-use characters are word characters for `unicode61`; combining marks too, so
    /// an accent left after folding stays inside its word.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse, .nonspacingMark, .spacingMark,
            .enclosingMark:
            true
        default:
            false
        }
    }
}
