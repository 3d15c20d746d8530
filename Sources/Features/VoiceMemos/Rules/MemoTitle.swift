import Foundation
import VoiceRecorder

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

    /// What an untitled memo shows instead of a title (SPEC B.3): "New Recording N", N its number in the library
    /// (`Memo.number`: counted over every memo ever made there, never reused), so untitled memos read as distinct
    /// names rather than as dates that the row's own date line repeats. Spoken the same.
    /// Once it has a transcript (SPEC E.3), its first words instead (`spokenPlaceholder`), so an untitled list
    /// reads as what was said.
    public static func placeholder(of memo: Memo) -> String {
        if memo.transcript.state == .done, !memo.transcript.firstWords.isEmpty {
            return spokenPlaceholder(memo.transcript.firstWords)
        }
        // Translators: an untitled memo's name; {number} counts the memos made in the library.
        return memo.number > 0
            ? tr("New Recording {number}").filling(["number": String(memo.number)]) : tr("New Recording")
    }

    /// About how many characters of a transcript an untitled memo's placeholder shows.
    public static let spokenPlaceholderLength = 40

    /// The placeholder made of a transcript's first words: up to `spokenPlaceholderLength` characters, cut at
    /// the end of a word, then "…" when there is more ("Remember to call the dentist about…").
    public static func spokenPlaceholder(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        var placeholder = ""
        for word in words {
            let next = placeholder.isEmpty ? String(word) : placeholder + " " + word
            if next.count > spokenPlaceholderLength {
                // A first word longer than the whole placeholder is cut inside it rather than showing nothing.
                if placeholder.isEmpty { placeholder = String(word.prefix(spokenPlaceholderLength)) }
                return trimmedForEllipsis(placeholder) + "…"
            }
            placeholder = next
        }
        return placeholder
    }

    /// A cut placeholder without the punctuation its last word carried ("dentist," → "dentist…").
    private static func trimmedForEllipsis(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last.isPunctuation { text = text.dropLast() }
        return String(text)
    }

    /// The title a memo shows: its own, or its placeholder when it has none.
    public static func displayTitle(of memo: Memo) -> String {
        memo.title.isEmpty ? placeholder(of: memo) : memo.title
    }
}
