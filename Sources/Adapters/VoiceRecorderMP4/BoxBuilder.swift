/// Builds boxes into a byte array: integers big-endian, each box's size filled in when it closes.
package struct BoxBuilder {
    /// The bytes built so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty builder.
    package init() {}

    /// Appends a box of `type` whose body `body` writes; its 32-bit size is set once the body is known.
    package mutating func box(_ type: FourCharacterCode, _ body: (inout BoxBuilder) -> Void) {
        let start = bytes.count
        append(0, width: 4)
        bytes += type.bytes
        body(&self)
        bytes.setBigEndian(UInt64(bytes.count - start), at: start, width: 4)
    }

    /// Appends a full box (one with a version and 24 bits of flags before its body).
    package mutating func fullBox(
        _ type: FourCharacterCode, version: UInt8, flags: UInt32 = 0, _ body: (inout BoxBuilder) -> Void
    ) {
        box(type) { builder in
            builder.append(UInt64(version) << 24 | UInt64(flags & 0xFF_FFFF), width: 4)
            body(&builder)
        }
    }

    /// Appends `value` as `width` (4 or 8, else byte by byte) big-endian bytes.
    package mutating func append(_ value: UInt64, width: Int) {
        switch width {
        case 4: withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { bytes += $0 }
        case 8: withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
        default:
            bytes += repeatElement(0, count: width)
            bytes.setBigEndian(value, at: bytes.count - width, width: width)
        }
    }

    /// Appends 32-bit big-endian values, all at once (a sample table's entries).
    package mutating func append(uint32s values: [UInt32]) {
        let start = bytes.count
        bytes += repeatElement(0, count: values.count * 4)
        bytes.withUnsafeMutableBytes { buffer in
            for (index, value) in values.enumerated() {
                buffer.storeBytes(of: value.bigEndian, toByteOffset: start + index * 4, as: UInt32.self)
            }
        }
    }

    /// Appends bytes as they are (a box copied from elsewhere).
    package mutating func append(raw: [UInt8]) { bytes += raw }
}
