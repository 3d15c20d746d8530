/// The checksum of an Ogg page (RFC 3533): CRC-32 with the polynomial 0x04C11DB7, most significant bit first,
/// starting from 0 and with no final inversion, over the whole page with its checksum field set to zero.
///
/// It is not zlib's CRC-32 (which reflects its bits and inverts them), so neither `zlib` nor Foundation can
/// compute it; a table of 256 entries makes it one lookup per byte.
enum OggCRC {
    private static let table: [UInt32] = (0 ..< 256).map { index in
        var remainder = UInt32(index) << 24
        for _ in 0 ..< 8 {
            remainder = remainder & 0x8000_0000 != 0 ? (remainder << 1) ^ 0x04C1_1DB7 : remainder << 1
        }
        return remainder
    }

    /// The checksum of `bytes`, continuing from `crc` (0 for a new page).
    static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32 {
        var crc = crc
        table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))]
            }
        }
        return crc
    }
}
