import Foundation

/// How long deleted memos are kept, and how long a delete can be undone (SPEC B.6). The app and `voicerec memos
/// purge` both ask this, so a memo is purged by the same rule wherever it happens.
public enum RecentlyDeleted {
    /// A deleted memo is kept this long in Recently Deleted: 30 days of 24 hours, counted on the wall clock from
    /// when it was deleted (so a machine that sleeps for a week still purges on time).
    public static let keepingPeriod: TimeInterval = 30 * 24 * 60 * 60
    /// The "Memo deleted" toast offers Undo for this many seconds.
    public static let undoWindow: Double = 5

    /// When `memo` is due to be purged; nil when it is not deleted.
    public static func purgeDate(of memo: Memo) -> Date? {
        memo.deletedAt.map { $0.addingTimeInterval(keepingPeriod) }
    }

    /// Whether `memo` has been in Recently Deleted for the whole keeping period at `date`.
    public static func isDueForPurge(_ memo: Memo, at date: Date) -> Bool {
        guard let due = purgeDate(of: memo) else { return false }
        return due <= date
    }

    /// The memos to purge at `date`.
    public static func dueForPurge(_ memos: [Memo], at date: Date) -> [Memo] {
        memos.filter { isDueForPurge($0, at: date) }
    }
}
