import Foundation
import VoiceRecorder

/// Where memos are kept (SPEC B.7): their files and their rows, saved so that a kill at any instant loses nothing
/// and duplicates nothing. Calls are synchronous and may block on the disk for a few milliseconds; the model calls
/// them as effects, never from inside its rules.
public protocol MemoLibrary: AnyObject, Sendable {
    /// Where the recorder writes takes while they are recorded: inside the library (same file system, so keeping
    /// one is an atomic rename), and where start-up looks for takes a crash cut short.
    var takesDirectory: URL { get }

    /// Opens the library: repairs what a crash left (finishes cut-short takes, adopts files without a row as
    /// recovered memos, marks rows whose file is gone as missing; deletes nothing) and returns every memo, Recently
    /// Deleted ones included, newest first.
    func open() throws -> [Memo]

    /// The newest `limit` memos of the list (not deleted), read without the start-up check, so a window can show
    /// them before `open()` runs; nil when the library has no quicker way than `open()` (the default). Throws as
    /// `open()` does for a library that can't be opened.
    func firstScreen(limit: Int) throws -> [Memo]?

    /// Keeps a sent take as a new memo: its file moves into the library as `<id>.m4a`, then its row is written.
    func keep(_ recording: Recording, id: UUID, date: Date, title: String, isRecovered: Bool) throws -> Memo

    /// Saves a memo's title (already cleaned: SPEC B.5).
    func rename(_ id: UUID, to title: String) throws
    /// Switches a memo's Enhance on or off (SPEC I.3): how it plays and exports; its audio is not changed.
    func setEnhanced(_ enhanced: Bool, of id: UUID) throws
    /// Moves a memo to Recently Deleted at `date`.
    func delete(_ id: UUID, at date: Date) throws
    /// Brings a memo back from Recently Deleted.
    func restore(_ id: UUID) throws
    /// Deletes a memo forever: its row and its file (the only way a memo's file is ever deleted).
    func deleteForever(_ id: UUID) throws

    /// Where a memo's audio file is.
    func fileURL(of id: UUID) -> URL

    // MARK: Editing (SPEC I.1)

    /// Saves what `plan` (a plan of the memo as it is now) keeps of memo `id`, keeping its original; returns the
    /// memo as it is then, and what it replaced.
    func saveEdit(_ id: UUID, keeping plan: MemoEditPlan) throws -> MemoEditSaved
    /// Puts memo `id`'s original back (audio, duration, waveform, transcript).
    func revert(_ id: UUID) throws -> MemoEditSaved
    /// Undoes `saved`, the save just made: the memo keeps what it kept before it.
    func undo(_ saved: MemoEditSaved) throws -> MemoEditSaved

    // MARK: Transcripts (SPEC E)

    /// Stores the transcript a job made for memo `id` (replacing any earlier one: a job redone after a kill is
    /// stored once) and returns the memo's new summary.
    func saveTranscript(_ transcript: Transcript, of id: UUID) throws -> TranscriptSummary
    /// Stores that a job on memo `id` failed, and why; counts the attempt. Returns the memo's new summary.
    func saveTranscriptFailure(_ reason: String, of id: UUID) throws -> TranscriptSummary
    /// The transcript of memo `id` with its word times; nil while it has none (pending, failed).
    func transcript(of id: UUID) throws -> Transcript?
    /// The memos in the list (not deleted) whose title or transcript matches `query` (SPEC E.4): title matches
    /// first, then by relevance, then newest. Blank text finds nothing; no text is ever syntax.
    func search(_ query: String) throws -> [SearchHit]
}

extension MemoLibrary {
    /// No first screen: `open()` reads everything at once.
    public func firstScreen(limit: Int) throws -> [Memo]? { nil }
}
