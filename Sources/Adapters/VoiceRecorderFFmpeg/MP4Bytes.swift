// Big-endian integers and boxes, the way ISO BMFF (MP4) stores them: what reading a fragment's tables and writing a
// movie header needs, and nothing more.

extension Array where Element == UInt8 {
    /// The big-endian unsigned integer of `width` bytes at `index`, or nil when the bytes are not all there.
    func bigEndian(at index: Int, width: Int) -> UInt64? {
        guard index >= 0, width > 0, width <= 8, index + width <= count else { return nil }
        var value: UInt64 = 0
        for position in index ..< index + width { value = value << 8 | UInt64(self[position]) }
        return value
    }

    /// The 32-bit big-endian integer at `index`, or nil past the end.
    func uint32(at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= count else { return nil }
        // One unaligned load rather than four shifts: a trun lists thousands of these in a long take.
        return withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: index, as: UInt32.self)) }
    }

    /// The four-character code at `index` (a box type, a handler type), or nil past the end.
    func fourCharacterCode(at index: Int) -> String? {
        guard index >= 0, index + 4 <= count else { return nil }
        return String(decoding: self[index ..< index + 4], as: UTF8.self)
    }

    /// Overwrites `width` bytes at `index` with `value`, big-endian. The caller has checked the bounds.
    mutating func setBigEndian(_ value: UInt64, at index: Int, width: Int) {
        for position in 0 ..< width {
            self[index + position] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - position)))
        }
    }
}

/// One box found inside a buffer: its type and where its body lies in that buffer.
struct BoxInBuffer {
    /// The four-character type.
    let type: String
    /// Where the box starts (its size field) in the buffer.
    let start: Int
    /// Where its body starts, after the size, the type and any 64-bit size.
    let bodyStart: Int
    /// Where it ends (exclusive).
    let end: Int

    /// The whole box, header included.
    func bytes(in buffer: [UInt8]) -> [UInt8] { Array(buffer[start ..< end]) }

    /// The boxes directly inside `range` of `buffer`; nil when they do not tile it exactly (a damaged header), so a
    /// caller never builds on a misread box.
    static func children(of buffer: [UInt8], in range: Range<Int>) -> [BoxInBuffer]? {
        var boxes: [BoxInBuffer] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard let size32 = buffer.uint32(at: offset), let type = buffer.fourCharacterCode(at: offset + 4) else {
                return nil
            }
            var size = Int(size32)
            var header = 8
            if size32 == 1 {
                guard let size64 = buffer.bigEndian(at: offset + 8, width: 8), size64 < UInt64(Int.max) else { return nil }
                size = Int(size64)
                header = 16
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else { return nil }
            boxes.append(BoxInBuffer(type: type, start: offset, bodyStart: offset + header, end: offset + size))
            offset += size
        }
        return boxes
    }
}

/// Builds boxes into a byte array: integers big-endian, each box's size filled in when it closes.
struct BoxBuilder {
    /// The bytes built so far.
    private(set) var bytes: [UInt8] = []

    /// Appends a box of `type` whose body `body` writes; its 32-bit size is set once the body is known.
    mutating func box(_ type: String, _ body: (inout BoxBuilder) -> Void) {
        let start = bytes.count
        append(0, width: 4)
        bytes += Array(type.utf8.prefix(4))
        body(&self)
        bytes.setBigEndian(UInt64(bytes.count - start), at: start, width: 4)
    }

    /// Appends a full box (one with a version and 24 bits of flags before its body).
    mutating func fullBox(_ type: String, version: UInt8, flags: UInt32 = 0, _ body: (inout BoxBuilder) -> Void) {
        box(type) { builder in
            builder.append(UInt64(version) << 24 | UInt64(flags & 0xFF_FFFF), width: 4)
            body(&builder)
        }
    }

    /// Appends `value` as `width` (4 or 8, else byte by byte) big-endian bytes.
    mutating func append(_ value: UInt64, width: Int) {
        switch width {
        case 4: withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { bytes += $0 }
        case 8: withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
        default:
            for position in 0 ..< width {
                bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - position))))
            }
        }
    }

    /// Appends 32-bit big-endian values, all at once (a sample table's entries).
    mutating func append(uint32s values: [UInt32]) {
        let start = bytes.count
        bytes += repeatElement(0, count: values.count * 4)
        bytes.withUnsafeMutableBytes { buffer in
            for (index, value) in values.enumerated() {
                buffer.storeBytes(of: value.bigEndian, toByteOffset: start + index * 4, as: UInt32.self)
            }
        }
    }

    /// Appends bytes as they are (a box copied from elsewhere).
    mutating func append(raw: [UInt8]) { bytes += raw }
}
