/// One Ogg page as it is written (RFC 3533): whole packets of one logical stream, with the stream's serial number,
/// the page's sequence number, and the granule position at the end of its last packet.
///
/// The writer never splits a packet across pages: an Opus packet is at most 1,275 bytes per frame (RFC 6716), far
/// under a page's 255 × 255 bytes, so every page starts with a new packet and `continued` is never set on a page
/// this package writes (it is read, see `OggPageReader`).
struct OggPage: Sendable, Equatable {
    /// The header type flags.
    struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        /// The page's first packet began on the page before.
        static let continued = Flags(rawValue: 0x01)
        /// The first page of a logical stream (beginning of stream).
        static let beginning = Flags(rawValue: 0x02)
        /// The last page of a logical stream (end of stream).
        static let end = Flags(rawValue: 0x04)
    }

    /// The largest number of lacing values (segments) a page holds.
    static let maximumSegments = 255
    /// The bytes of a page's fixed header, before its segment table.
    static let fixedHeaderLength = 27
    /// Where the header type flags are in a page.
    static let flagsOffset = 5
    /// Where the checksum is in a page.
    static let checksumOffset = 22

    var flags: Flags
    /// For Opus, the 48 kHz sample count at the end of the last packet that ends on the page, pre-skip included.
    var granule: Int64
    var serial: UInt32
    var sequence: UInt32
    var packets: [[UInt8]]

    /// The lacing values one packet of `length` bytes takes: 255 for each full 255 bytes, then the rest (0 when
    /// the length is a multiple of 255, so that the packet's end is marked).
    static func lacing(forPacketOfLength length: Int) -> [UInt8] {
        [UInt8](repeating: 255, count: length / 255) + [UInt8(length % 255)]
    }

    /// How many segments `packets` take on one page.
    static func segments(of packets: [[UInt8]]) -> Int {
        packets.reduce(0) { $0 + $1.count / 255 + 1 }
    }

    /// The page's bytes, checksum included.
    var bytes: [UInt8] {
        let table = packets.flatMap { Self.lacing(forPacketOfLength: $0.count) }
        precondition(table.count <= Self.maximumSegments, "a page holds at most 255 segments")
        var page: [UInt8] = Array("OggS".utf8) + [0, flags.rawValue]
        page.reserveCapacity(Self.fixedHeaderLength + table.count + packets.reduce(0) { $0 + $1.count })
        page += LittleEndian.bytes(of: UInt64(bitPattern: granule))
        page += LittleEndian.bytes(of: serial)
        page += LittleEndian.bytes(of: sequence)
        page += [0, 0, 0, 0]
        page.append(UInt8(table.count))
        page += table
        for packet in packets { page += packet }
        Self.setChecksum(of: &page)
        return page
    }

    /// Computes and stores the checksum of a whole page's bytes (whose checksum field may hold anything).
    static func setChecksum(of page: inout [UInt8]) {
        for index in checksumOffset ..< checksumOffset + 4 { page[index] = 0 }
        let crc = OggCRC.checksum(page)
        page.replaceSubrange(checksumOffset ..< checksumOffset + 4, with: LittleEndian.bytes(of: crc))
    }
}

/// Little-endian integers, as Ogg and the Opus headers store them.
enum LittleEndian {
    /// The bytes of `value`, least significant first.
    static func bytes<Value: FixedWidthInteger>(of value: Value) -> [UInt8] {
        (0 ..< Value.bitWidth / 8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// The integer stored at `offset` of `bytes`, least significant byte first.
    static func value<Value: FixedWidthInteger, Bytes: RandomAccessCollection<UInt8>>(
        _: Value.Type, in bytes: Bytes, at offset: Int
    ) -> Value where Bytes.Index == Int {
        var value: Value = 0
        for index in 0 ..< Value.bitWidth / 8 {
            value |= Value(truncatingIfNeeded: bytes[bytes.startIndex + offset + index]) << (index * 8)
        }
        return value
    }
}
