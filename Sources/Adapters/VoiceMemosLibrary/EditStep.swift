/// The steps of saving an edit of a memo, in order (see `SQLiteMemoLibrary+Editing`): a kill between any two of
/// them leaves the memo whole, as it was before the save or as it is after it. An observer is told after each one
/// (the crash tests kill their process there).
public enum EditStep: String, Sendable, CaseIterable {
    /// The edit's audio is a new file in `edits/`, on the disk (for a revert: a second name of the original).
    case audioWritten
    /// A first edit only: the memo's file has a second name in `originals/`, on the disk.
    case originalKept
    /// The row, the transcript and the original's row are written inside their transaction, not committed yet.
    case rowWritten
    /// Committed, with the mark naming the new file: from here on the save is rolled forward after a kill.
    case committed
    /// The new file is the memo's file (one rename), on the disk.
    case fileReplaced
    /// A revert only: the original's name in `originals/` is gone.
    case originalReleased
    /// The mark is cleared: the save is done.
    case finished
}
