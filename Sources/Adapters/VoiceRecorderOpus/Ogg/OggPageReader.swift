import VoiceRecorderPOSIX

/// A page as it was read from a file: where it lies, its header, and its body cut into its packets' pieces.
struct ReadPage: Sendable, Equatable {
    /// Where the page starts in the file.
    let offset: Int64
    /// Its length in bytes, header included.
    let length: Int
    let flags: OggPage.Flags
    let granule: Int64
    let serial: UInt32
    let sequence: UInt32
    /// The page's pieces of packets in order, each with whether its packet ends on this page (a piece that does
    /// not is continued on the next page; the first piece of a `continued` page finishes a packet begun before).
    let pieces: [(bytes: [UInt8], endsPacket: Bool)]

    /// Where the page ends in the file.
    var end: Int64 { offset + Int64(length) }

    static func == (left: ReadPage, right: ReadPage) -> Bool {
        left.offset == right.offset && left.length == right.length && left.flags == right.flags
            && left.granule == right.granule && left.serial == right.serial && left.sequence == right.sequence
            && left.pieces.map(\.bytes) == right.pieces.map(\.bytes)
            && left.pieces.map(\.endsPacket) == right.pieces.map(\.endsPacket)
    }
}

/// What is wrong where a page should be.
enum OggDamage: Sendable, Equatable {
    /// The bytes there are not an Ogg page (no "OggS", or a version other than 0).
    case notAPage
    /// The file ends inside the page.
    case truncated
    /// The page's checksum does not match its bytes.
    case checksum
}

/// Reads an Ogg file's pages one after the other, from a window of the file (64 KB at a time, so a 5-minute take
/// is a handful of reads).
struct OggPageReader {
    /// What reading the next page found.
    enum Next: Equatable {
        case page(ReadPage)
        /// The file ends here, between pages.
        case end
        /// What lies at `offset` is not a whole, intact page.
        case damaged(OggDamage, offset: Int64)
    }

    private let file: POSIX.File
    /// The file's length when the reader was made.
    let size: Int64
    /// Where the next page should start.
    private(set) var offset: Int64
    private var window: [UInt8] = []
    private var windowStart: Int64 = 0
    private static let windowLength = 65_536

    /// A reader of `file` from `offset`.
    init(file: POSIX.File, from offset: Int64 = 0) throws(POSIX.Error) {
        self.file = file
        size = try file.size()
        self.offset = offset
    }

    /// Reads the page at the current offset and moves past it (only past an intact page).
    mutating func next() throws(POSIX.Error) -> Next {
        guard offset < size else { return .end }
        let start = offset
        guard let header = try bytes(at: start, count: OggPage.fixedHeaderLength) else {
            // Fewer bytes than a header: the start of a page cut short, or something else.
            let rest = Array((try bytes(at: start, count: Int(size - start)) ?? []).prefix(4))
            return rest == Array("OggS".utf8.prefix(rest.count))
                ? .damaged(.truncated, offset: start) : .damaged(.notAPage, offset: start)
        }
        guard header.starts(with: Array("OggS".utf8)), header[header.startIndex + 4] == 0 else {
            return .damaged(.notAPage, offset: start)
        }
        let segmentCount = Int(header[header.startIndex + 26])
        guard let table = try bytes(at: start + Int64(OggPage.fixedHeaderLength), count: segmentCount) else {
            return .damaged(.truncated, offset: start)
        }
        let lacing = Array(table)
        let bodyLength = lacing.reduce(0) { $0 + Int($1) }
        let length = OggPage.fixedHeaderLength + segmentCount + bodyLength
        guard var page = try bytes(at: start, count: length).map(Array.init) else {
            return .damaged(.truncated, offset: start)
        }
        let stored = LittleEndian.value(UInt32.self, in: page, at: OggPage.checksumOffset)
        OggPage.setChecksum(of: &page)
        guard LittleEndian.value(UInt32.self, in: page, at: OggPage.checksumOffset) == stored else {
            return .damaged(.checksum, offset: start)
        }
        offset = start + Int64(length)
        return .page(
            ReadPage(
                offset: start, length: length, flags: OggPage.Flags(rawValue: page[OggPage.flagsOffset]),
                granule: LittleEndian.value(Int64.self, in: page, at: 6),
                serial: LittleEndian.value(UInt32.self, in: page, at: 14),
                sequence: LittleEndian.value(UInt32.self, in: page, at: 18),
                pieces: Self.pieces(of: page[(OggPage.fixedHeaderLength + segmentCount)...], lacing: lacing)))
    }

    /// Cuts a page's body into its packets' pieces by its lacing values: a value under 255 ends a packet.
    private static func pieces(of body: ArraySlice<UInt8>, lacing: [UInt8]) -> [(bytes: [UInt8], endsPacket: Bool)] {
        var pieces: [(bytes: [UInt8], endsPacket: Bool)] = []
        var start = body.startIndex
        var length = 0
        for value in lacing {
            length += Int(value)
            if value < 255 {
                pieces.append((Array(body[start ..< start + length]), true))
                start += length
                length = 0
            }
        }
        if lacing.last == 255 { pieces.append((Array(body[start ..< start + length]), false)) }
        return pieces
    }

    /// The `count` bytes at `offset`, or nil when the file ends before them.
    private mutating func bytes(at offset: Int64, count: Int) throws(POSIX.Error) -> ArraySlice<UInt8>? {
        guard offset + Int64(count) <= size else { return nil }
        let windowEnd = windowStart + Int64(window.count)
        if offset < windowStart || offset + Int64(count) > windowEnd {
            window = try file.read(count: max(Self.windowLength, count), at: offset)
            windowStart = offset
            guard window.count >= count else { return nil }
        }
        let from = Int(offset - windowStart)
        return window[from ..< from + count]
    }
}
