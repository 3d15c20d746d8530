import Foundation

/// Memo ids as the library spells them, in the database and in file names: `UUID.uuidString`'s canonical form,
/// 36 characters of upper-case hexadecimal and dashes.
///
/// Parsed by hand, because listing 10,000 memos parses 20,000 of them and Foundation's `UUID(uuidString:)` goes
/// through `sscanf` here (about a third of the time of reading the whole list).
enum CanonicalUUID {
    /// The id spelled by `bytes` (UTF-8), or nil unless they are exactly the canonical spelling of one.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { output -> Bool in
            var offset = 0
            for index in 0 ..< 16 {
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard bytes[offset] == UInt8(ascii: "-") else { return false }
                    offset += 1
                }
                guard let high = digit(bytes[offset]), let low = digit(bytes[offset + 1]) else { return false }
                output[index] = high << 4 | low
                offset += 2
            }
            return true
        }
        return parsed ? UUID(uuid: value) : nil
    }

    /// The id spelled by `text`, or nil unless it is exactly the canonical spelling of one.
    static func parse(_ text: Substring) -> UUID? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil  // lower case too: it is not how the library spells an id
        }
    }
}
