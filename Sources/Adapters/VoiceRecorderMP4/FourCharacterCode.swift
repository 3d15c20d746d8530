/// A box type such as `moov`: four bytes, compared as one integer (the per-fragment loops compare thousands) and
/// shown as text.
package struct FourCharacterCode: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The four bytes, big-endian: `"moov"` is 0x6D6F6F76.
    package let rawValue: UInt32

    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The code spelled by the first four bytes of `text` (ASCII).
    package init(stringLiteral text: StaticString) {
        precondition(text.utf8CodeUnitCount == 4, "a four-character code has four characters")
        rawValue = text.withUTF8Buffer { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }

    /// The four bytes, in order.
    package var bytes: [UInt8] { (0 ..< 4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) } }

    /// The code as text, e.g. `"moov"`.
    package var description: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether all four bytes are printable ASCII, as every registered box type is: what tells a box from bytes
    /// that are not one.
    package var isPrintable: Bool { bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
}
