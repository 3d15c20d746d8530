import Foundation
import VoiceMemos
import VoiceRecorderCore

/// What the rows say, in words and digits: the title (or "Untitled, <date and time>"), the date, the duration and
/// the position, and what screen readers read (SPEC B.3, B.10). Plain text from a memo, so it is tested without a
/// display; the rows only put it on screen.
struct MemoRowText: @unchecked Sendable {
    private let placeholder: UntitledPlaceholder
    private let dateFormatter: DateFormatter
    private let dayFormatter: DateFormatter
    private let lock = NSLock()
    /// Formatted dates by the date formatted (a list of thousands binds rows as it scrolls; formatting is the
    /// slow part of drawing one).
    private let cache = FormattedDates()

    /// Texts in `locale` and `timeZone` (the model's, so the placeholder and the date agree).
    init(locale: Locale, timeZone: TimeZone) {
        placeholder = UntitledPlaceholder(locale: locale, timeZone: timeZone)
        dateFormatter = DateFormatter()
        dateFormatter.locale = locale
        dateFormatter.timeZone = timeZone
        dateFormatter.dateStyle = .medium
        dateFormatter.timeStyle = .short
        dayFormatter = DateFormatter()
        dayFormatter.locale = locale
        dayFormatter.timeZone = timeZone
        dayFormatter.dateStyle = .medium
        dayFormatter.timeStyle = .none
    }

    /// The title field's placeholder: "Untitled, <numeric date, short time>".
    func placeholder(for memo: Memo) -> String { cache.text(memo.date, .placeholder) { placeholder.text(for: $0) } }

    /// The title the memo shows: its own, or the placeholder.
    func title(of memo: Memo) -> String { memo.title.isEmpty ? placeholder(for: memo) : memo.title }

    /// When it was recorded, for the line under the title ("1 Dec 2026, 10:15").
    func date(of memo: Memo) -> String {
        cache.text(memo.date, .date) { date in lock.withLock { dateFormatter.string(from: date) } }
    }

    /// The length as a clock ("0:04", "1:02:07" past an hour), to the nearest second: a 1.98 s memo is "0:02".
    func duration(of memo: Memo) -> String {
        ClockFormat.text(seconds: Self.roundedSeconds(memo.duration), maximum: memo.duration)
    }

    /// A position as a clock, in whole seconds heard (rounded down, so it never runs ahead of the audio).
    func position(_ seconds: Double, in memo: Memo) -> String {
        ClockFormat.text(elapsed: seconds, maximum: memo.duration)
    }

    /// The time the row shows: the position while it plays, else the duration.
    func time(of memo: Memo, playingAt position: Double?) -> String {
        position.map { self.position($0, in: memo) } ?? duration(of: memo)
    }

    /// What a screen reader reads for the row: "<title>, <date>, <duration>" with the duration in words. An untitled
    /// memo is "Untitled, <date>, …": its placeholder's numeric date would only say the date twice.
    func accessibleLabel(of memo: Memo) -> String {
        "\(spokenTitle(of: memo)), \(ClockFormat.spoken(seconds: Self.roundedSeconds(memo.duration)))"
    }

    /// The play/stop button's name: "Play <title>" ("Play Untitled, <date>"), or "Stop" while it plays.
    func playButtonLabel(of memo: Memo, isPlaying: Bool) -> String {
        isPlaying ? "Stop" : "Play \(memo.title.isEmpty ? spokenTitle(of: memo) : memo.title)"
    }

    /// The title and date as read aloud: "<title>, <date>", or "Untitled, <date>".
    private func spokenTitle(of memo: Memo) -> String {
        "\(memo.title.isEmpty ? "Untitled" : memo.title), \(date(of: memo))"
    }

    /// The marks a memo carries: recovered (it came from a crash) and missing (its file is gone).
    func marks(of memo: Memo) -> [(text: String, explanation: String, isError: Bool)] {
        var marks: [(String, String, Bool)] = []
        if memo.isRecovered { marks.append(("Recovered", "Kept from a recording that was cut short", false)) }
        if memo.isMissing { marks.append(("Missing", "Its audio file is gone", true)) }
        return marks
    }

    /// Under a Recently Deleted memo's title: the day it was deleted and how long it is kept ("Deleted 1 Dec 2026 ·
    /// 30 days left").
    func deletedLine(of memo: Memo, now: Date) -> String {
        guard let deletedAt = memo.deletedAt, let purge = RecentlyDeleted.purgeDate(of: memo) else { return "" }
        let when = lock.withLock { dayFormatter.string(from: deletedAt) }
        let days = max(Int((purge.timeIntervalSince(now) / 86_400).rounded(.up)), 0)
        return "Deleted \(when) · \(days == 1 ? "1 day" : "\(days) days") left"
    }

    /// A Recently Deleted row read by a screen reader: "<title>, deleted <date>".
    func deletedAccessibleLabel(of memo: Memo) -> String {
        guard let deletedAt = memo.deletedAt else { return title(of: memo) }
        return "\(title(of: memo)), deleted \(lock.withLock { dateFormatter.string(from: deletedAt) })"
    }

    private static func roundedSeconds(_ duration: Double) -> Int {
        ClockFormat.wholeSeconds(duration + 0.5)
    }
}

/// Dates already formatted, by what they were formatted for.
private final class FormattedDates: @unchecked Sendable {
    enum Kind: Hashable { case placeholder, date }
    private let lock = NSLock()
    private var texts: [Key: String] = [:]
    private struct Key: Hashable { let date: Date, kind: Kind }

    func text(_ date: Date, _ kind: Kind, _ format: (Date) -> String) -> String {
        let key = Key(date: date, kind: kind)
        if let text = lock.withLock({ texts[key] }) { return text }
        let text = format(date)
        lock.withLock { texts[key] = text }
        return text
    }
}
