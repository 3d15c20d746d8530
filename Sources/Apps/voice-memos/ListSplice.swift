/// The one change that turns a list into another: remove `removals` items at `position` and put `additions` there.
/// Computed from the common start and end of the two lists, so a memo added at the top, one deleted, or one
/// renamed in place is a splice of one item (the list view then makes or drops one row, not all of them).
struct ListSplice<Element: Equatable>: Equatable {
    var position: Int
    var removals: Int
    var additions: [Element]

    init(position: Int, removals: Int, additions: [Element]) {
        self.position = position
        self.removals = removals
        self.additions = additions
    }

    /// The splice from `old` to `new`, or nil when they are equal.
    init?(from old: [Element], to new: [Element]) {
        guard old != new else { return nil }
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        position = prefix
        removals = old.count - prefix - suffix
        additions = Array(new[prefix ..< new.count - suffix])
    }

    /// `list` with the splice applied.
    func applied(to list: [Element]) -> [Element] {
        var result = list
        result.replaceSubrange(position ..< position + removals, with: additions)
        return result
    }
}

extension ListSplice: Sendable where Element: Sendable {}
