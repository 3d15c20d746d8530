import Foundation

/// What a memo's title may be (SPEC B.5), shared by the app and `voicerec memos` so both store the same thing.
public enum MemoTitle {
    /// The most characters a title keeps. Characters as a person counts them: an emoji with its skin tone, or a
    /// letter with its accents, is one.
    public static let maximumLength = 200

    /// The title to store for `typed`: every line break (LF, CR, CRLF, the Unicode line and paragraph separators)
    /// becomes one space, since a title is one line wherever it is shown; then the first 200 characters. Nothing
    /// else changes — quotes, emoji, right-to-left text, and spaces at either end are kept as typed (trimming
    /// while someone types would eat the space before their next word).
    public static func clean(_ typed: String) -> String {
        var cleaned = ""
        var count = 0
        for character in typed {
            guard count < maximumLength else { break }
            cleaned.append(character.isNewline ? " " : character)
            count += 1
        }
        return cleaned
    }

    /// The words of an untitled memo's placeholder, before its number.
    public static let placeholderWords = "New Recording"

    /// What an untitled memo shows instead of a title (SPEC B.3): "New Recording N", N its number in the library
    /// (`Memo.number`: counted over every memo ever made there, never reused), so untitled memos read as distinct
    /// names rather than as dates that the row's own date line repeats. Spoken the same.
    public static func placeholder(of memo: Memo) -> String {
        memo.number > 0 ? "\(placeholderWords) \(memo.number)" : placeholderWords
    }

    /// The title a memo shows: its own, or its placeholder when it has none.
    public static func displayTitle(of memo: Memo) -> String {
        memo.title.isEmpty ? placeholder(of: memo) : memo.title
    }
}
