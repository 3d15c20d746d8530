// Big-endian integers, the way ISO BMFF (MP4) stores them, read from and written into byte arrays.

extension Array where Element == UInt8 {
    /// The big-endian unsigned integer of `width` bytes at `index`, or nil when the bytes are not all there.
    package func bigEndian(at index: Int, width: Int) -> UInt64? {
        guard index >= 0, width > 0, width <= 8, index + width <= count else { return nil }
        var value: UInt64 = 0
        for position in index ..< index + width { value = value << 8 | UInt64(self[position]) }
        return value
    }

    /// The 32-bit big-endian integer at `index`, or nil past the end.
    package func uint32(at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= count else { return nil }
        // One unaligned load rather than four shifts: a trun lists thousands of these in a long take.
        return withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: index, as: UInt32.self)) }
    }

    /// The four-character code at `index` (a box type, a handler type), or nil past the end.
    package func fourCharacterCode(at index: Int) -> FourCharacterCode? {
        uint32(at: index).map(FourCharacterCode.init(rawValue:))
    }

    /// Overwrites `width` bytes at `index` with `value`, big-endian. The caller has checked the bounds.
    package mutating func setBigEndian(_ value: UInt64, at index: Int, width: Int) {
        for position in 0 ..< width {
            self[index + position] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - position)))
        }
    }
}
