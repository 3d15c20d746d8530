/// The header of one box (ISO/IEC 14496-12 §4.2): its type, its size, and how long the header itself is.
///
/// The one parser of box headers in the package: boxes in a file, in a read window and in a buffer are all found
/// with it.
package struct BoxHeader: Equatable, Sendable {
    /// The box's type.
    package let type: FourCharacterCode
    /// The whole box's size in bytes, header included, as declared (a box declared "to the end", size 0, is given
    /// all its `room`). It may exceed the `room`: a file cut off in the middle of a box.
    package let size: Int64
    /// 8, or 16 for a box with a 64-bit size.
    package let length: Int

    /// Reads the header at `index` in `bytes`, of a box that has `room` bytes from its start to the end of what
    /// holds it (its parent, or the file). Nil when those bytes are not a header: too few of them, or a size too
    /// small for the header itself.
    package init?(in bytes: [UInt8], at index: Int, room: Int64) {
        guard let size32 = bytes.uint32(at: index), let type = bytes.fourCharacterCode(at: index + 4) else {
            return nil
        }
        switch size32 {
        case 1:
            guard let size64 = bytes.bigEndian(at: index + 8, width: 8), size64 < UInt64(Int64.max) else { return nil }
            size = Int64(size64)
            length = 16
        case 0:
            size = room
            length = 8
        default:
            size = Int64(size32)
            length = 8
        }
        guard size >= Int64(length) else { return nil }
        self.type = type
    }

    /// The bytes a header may take: enough to read one wherever it is.
    package static let maximumLength = 16
}
