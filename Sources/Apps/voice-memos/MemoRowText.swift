import Foundation
import Synchronization
import VoiceMemos
import VoiceRecorder
import VoiceRecorderCore

/// What the rows say, in words and digits: the title (or its placeholder, "New Recording N"), the date, the duration and
/// the position, and what screen readers read (SPEC B.3, B.10). Plain text from a memo, so it is tested without a
/// display; the rows only put it on screen.
struct MemoRowText: Sendable {
    /// The two formatters (DateFormatter is not Sendable: they are only reached through the mutex).
    private let formatters: DateFormatters
    /// Formatted dates by the date formatted (formatting is the slow part of binding a row; rows scrolled back to
    /// find theirs here). Bounded: scrolling through 10,000 memos must not keep 10,000 texts.
    private let cache = FormattedDates()

    /// Texts in `locale` and `timeZone` (the model's).
    init(locale: Locale, timeZone: TimeZone) {
        formatters = DateFormatters(locale: locale, timeZone: timeZone)
    }

    /// The title field's placeholder: "New Recording N" (SPEC B.3).
    func placeholder(for memo: Memo) -> String { MemoTitle.placeholder(of: memo) }

    /// The title the memo shows: its own, or the placeholder.
    func title(of memo: Memo) -> String { MemoTitle.displayTitle(of: memo) }

    /// When it was recorded, for the line under the title ("1 Dec 2026, 10:15").
    func date(of memo: Memo) -> String {
        cache.text(memo.date) { date in formatters.dateAndTime(date) }
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

    /// What a screen reader reads for the row: "<title>, <date>, <duration>" with the duration in words; an untitled
    /// memo's title is its placeholder, as shown ("New Recording 3, …").
    func accessibleLabel(of memo: Memo) -> String {
        // Translators: a memo's row as a screen reader reads it: "{title}, {date}, {duration}" (the duration in words).
        tr("{title}, {date}, {duration}").filling([
            "title": title(of: memo), "date": date(of: memo),
            "duration": ClockFormat.spoken(seconds: Self.roundedSeconds(memo.duration)),
        ])
    }

    /// The play/stop button's name: "Play <title>" ("Play New Recording 3"), or "Stop" while it plays.
    func playButtonLabel(of memo: Memo, isPlaying: Bool) -> String {
        isPlaying ? tr("Stop") : tr("Play {title}").filling(["title": title(of: memo)])
    }

    /// The marks a memo carries: recovered (it came from a crash) and missing (its file is gone).
    func marks(of memo: Memo) -> [(text: String, explanation: String, isError: Bool)] {
        var marks: [(String, String, Bool)] = []
        if memo.isRecovered { marks.append((tr("Recovered"), tr("Kept from a recording that was cut short"), false)) }
        if memo.isMissing { marks.append((tr("Missing"), tr("Its audio file is gone"), true)) }
        return marks
    }

    /// Under a Recently Deleted memo's title: the day it was deleted and how long it is kept ("Deleted 1 Dec 2026 ·
    /// 30 days left").
    func deletedLine(of memo: Memo, now: Date) -> String {
        guard let deletedAt = memo.deletedAt, let purge = RecentlyDeleted.purgeDate(of: memo) else { return "" }
        let when = formatters.day(deletedAt)
        let days = max(Int((purge.timeIntervalSince(now) / 86_400).rounded(.up)), 0)
        // Translators: under a Recently Deleted memo; {date} is the day it was deleted.
        return tr("Deleted {date} · {count} day left", "Deleted {date} · {count} days left", count: days)
            .filling(["date": when])
    }

    /// A Recently Deleted row read by a screen reader: "<title>, deleted <date>".
    func deletedAccessibleLabel(of memo: Memo) -> String {
        guard let deletedAt = memo.deletedAt else { return title(of: memo) }
        return tr("{title}, deleted {date}").filling([
            "title": title(of: memo), "date": formatters.dateAndTime(deletedAt),
        ])
    }

    private static func roundedSeconds(_ duration: Double) -> Int {
        ClockFormat.wholeSeconds(duration + 0.5)
    }
}

/// Dates already formatted, at most `capacity` of them: several screens of rows, so scrolling back and forth finds
/// its rows' dates here, while a scroll through the whole library keeps no more than that.
/// A date and time ("1 Dec 2026, 10:15") and a day ("1 Dec 2026") in one locale and time zone, from any thread.
private final class DateFormatters: Sendable {
    private struct Formatters {
        let dateAndTime: DateFormatter
        let day: DateFormatter
    }

    private let formatters: Mutex<Formatters>

    init(locale: Locale, timeZone: TimeZone) {
        func formatter(time: DateFormatter.Style) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateStyle = .medium
            formatter.timeStyle = time
            return formatter
        }
        formatters = Mutex(Formatters(dateAndTime: formatter(time: .short), day: formatter(time: .none)))
    }

    func dateAndTime(_ date: Date) -> String { formatters.withLock { $0.dateAndTime.string(from: date) } }
    func day(_ date: Date) -> String { formatters.withLock { $0.day.string(from: date) } }
}

private final class FormattedDates: Sendable {
    static let capacity = 512
    private let texts = Mutex<[Date: String]>([:])

    func text(_ date: Date, _ format: (Date) -> String) -> String {
        if let text = texts.withLock({ $0[date] }) { return text }
        let text = format(date)
        texts.withLock { texts in
            // Emptied rather than evicted one by one: refilling a screen's worth costs a few milliseconds, once.
            if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
            texts[date] = text
        }
        return text
    }
}
