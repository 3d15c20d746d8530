import Foundation

/// One voice memo (SPEC B.1): a kept take, its title and where it stands.
public struct Memo: Identifiable, Sendable, Equatable {
    /// Its identity; also the name of its audio file in the library (`<id>.m4a`).
    public let id: UUID
    /// The title as typed (may be empty: the list then shows its placeholder, "New Recording N").
    public var title: String { didSet { searchKey = MemoSearch.searchKey(title) } }
    /// The title as a search compares it (`MemoSearch.searchKey`), folded when the memo is made and again when it
    /// is renamed: a search as you type over thousands of memos then only compares, and never folds a title.
    public private(set) var searchKey: String
    /// Which memo of its library it was: the 1st, 2nd, … ever made there (counted by the library, never reused,
    /// so "New Recording 7" stays 7 when others are deleted); 0 until the library has numbered it.
    public var number: Int
    /// When its recording started.
    public var date: Date
    /// Seconds, from the file.
    public var duration: Double
    /// Its waveform: at most 160 loudness values, one per 50 ms window or stretch (SPEC A.5), kept as 8-bit levels.
    public var waveform: Waveform
    /// The waveform as loudnesses 0…1 (to the nearest 1/255).
    public var samples: [Double] {
        get { waveform.samples }
        set { waveform = Waveform(newValue) }
    }
    /// It came from a crash (a take finished by recovery, or a file found without a row), not from a send.
    public var isRecovered: Bool
    /// When it went to Recently Deleted; nil while it is in the list.
    public var deletedAt: Date?
    /// Its file is gone: derived when the library is opened, never stored as truth.
    public var isMissing: Bool
    /// Where its transcript stands, and its first words (SPEC E).
    public var transcript: TranscriptSummary
    /// It has been trimmed or cut, and its original is kept for Revert to Original (SPEC I.1).
    public var isEdited: Bool
    /// It plays and exports with its noise suppressed and its level evened (SPEC I.3); its audio is as recorded.
    public var isEnhanced: Bool

    /// A memo whose waveform is `samples` (loudnesses 0…1).
    public init(
        id: UUID, title: String = "", date: Date, duration: Double, samples: [Double],
        isRecovered: Bool = false, deletedAt: Date? = nil, isMissing: Bool = false, number: Int = 0,
        searchKey: String? = nil, transcript: TranscriptSummary = .pending, isEdited: Bool = false,
        isEnhanced: Bool = false
    ) {
        self.init(
            id: id, title: title, date: date, duration: duration, waveform: Waveform(samples),
            isRecovered: isRecovered, deletedAt: deletedAt, isMissing: isMissing, number: number, searchKey: searchKey,
            transcript: transcript, isEdited: isEdited, isEnhanced: isEnhanced)
    }

    /// A memo; `searchKey` is `MemoSearch.searchKey(title)` when it is already known (the library stores it
    /// beside the title, so opening thousands of memos folds none), and is computed from `title` otherwise.
    public init(
        id: UUID, title: String = "", date: Date, duration: Double, waveform: Waveform,
        isRecovered: Bool = false, deletedAt: Date? = nil, isMissing: Bool = false, number: Int = 0,
        searchKey: String? = nil, transcript: TranscriptSummary = .pending, isEdited: Bool = false,
        isEnhanced: Bool = false
    ) {
        self.id = id
        self.isEdited = isEdited
        self.isEnhanced = isEnhanced
        self.transcript = transcript
        self.title = title
        self.searchKey = searchKey ?? MemoSearch.searchKey(title)
        self.date = date
        self.duration = duration
        self.waveform = waveform
        self.isRecovered = isRecovered
        self.deletedAt = deletedAt
        self.isMissing = isMissing
        self.number = number
    }

    /// Whether it is in Recently Deleted.
    public var isDeleted: Bool { deletedAt != nil }
}
