/// One box found inside a buffer: its type and where it lies in that buffer.
package struct BoxInBuffer: Equatable {
    /// The four-character type.
    package let type: FourCharacterCode
    /// Where the box starts (its size field) in the buffer.
    package let start: Int
    /// Where its body starts, after the size, the type and any 64-bit size.
    package let bodyStart: Int
    /// Where it ends (exclusive).
    package let end: Int

    /// The whole box, header included.
    package func bytes(in buffer: [UInt8]) -> [UInt8] { Array(buffer[start ..< end]) }

    /// The boxes directly inside `range` of `buffer`; nil when they do not tile it exactly (a damaged header), so a
    /// caller never builds on a misread box.
    package static func children(of buffer: [UInt8], in range: Range<Int>) -> [BoxInBuffer]? {
        var boxes: [BoxInBuffer] = []
        let tiled = buffer.forEachBox(in: range) { box in boxes.append(box) }
        return tiled ? boxes : nil
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with each box directly inside `range`, in order; false when they do not tile it exactly (a
    /// damaged header), in which case `body` has seen the boxes before the damage. No allocation: this runs for
    /// every fragment of a take.
    package func forEachBox<Failure: Error>(
        in range: Range<Int>, _ body: (BoxInBuffer) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let room = range.upperBound - offset
            guard let header = BoxHeader(in: self, at: offset, room: Int64(room)), header.size <= Int64(room) else {
                return false
            }
            let end = offset + Int(header.size)
            try body(BoxInBuffer(type: header.type, start: offset, bodyStart: offset + header.length, end: end))
            offset = end
        }
        return true
    }
}
