/// The steps of saving a memo, in order (see `SQLiteMemoLibrary`): a kill between any two of them is repaired when
/// the library is next opened. An observer is told after each one (the crash tests kill their process there).
public enum SaveStep: String, Sendable, CaseIterable {
    /// The take's bytes are on the disk (`fsync` of the take file).
    case takeSynced
    /// The take is the memo's file: renamed into `memos/<id>.m4a` (or copied there, when it came from another
    /// file system).
    case fileMoved
    /// The rename is on the disk (`fsync` of the directories).
    case directorySynced
    /// The row is written inside its transaction, not committed yet.
    case rowWritten
    /// The transaction is committed: the memo is saved.
    case committed
}
