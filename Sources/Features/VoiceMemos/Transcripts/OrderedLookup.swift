/// The last of `count` items, in ascending order of `key`, whose key is at most `value`: a binary search, for the
/// word being heard at a time and the word under a character (both lists are in order). Nil when none is.
func lastIndex<Key: Comparable>(among count: Int, atMost value: Key, key: (Int) -> Key) -> Int? {
    var low = 0
    var high = count
    while low < high {
        let middle = (low + high) / 2
        if key(middle) <= value { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
}
