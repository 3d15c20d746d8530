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
}

/// The placeholder an untitled memo shows (SPEC B.3): "Untitled, <date and time>", the date numeric and the time
/// short, in the person's locale and time zone (injected, so tests and the CLI can pin them).
///
/// One formatter is made and reused: a list of thousands of rows asks for thousands of placeholders.
public final class UntitledPlaceholder: @unchecked Sendable {
    /// The word before the date.
    public static let word = "Untitled"

    private let formatter: DateFormatter
    private let lock = NSLock()

    /// Placeholders for `locale`'s numeric date and short time, in `timeZone`.
    public init(locale: Locale = .autoupdatingCurrent, timeZone: TimeZone = .autoupdatingCurrent) {
        formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .short
        formatter.timeStyle = .short
    }

    /// "Untitled, <date and time>" for a memo recorded at `date`.
    public func text(for date: Date) -> String {
        // A DateFormatter is not safe to share between threads; the lock lets one placeholder serve any thread.
        let when = lock.withLock { formatter.string(from: date) }
        return "\(Self.word), \(when)"
    }

    /// The title a memo shows: its own, or the placeholder when it has none.
    public func displayTitle(of memo: Memo) -> String {
        memo.title.isEmpty ? text(for: memo.date) : memo.title
    }
}
