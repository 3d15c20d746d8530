import VoiceRecorderPOSIX

/// Reads an Ogg Opus stream's audio packets in order from one of its pages, each with the 48 kHz position it
/// starts at, joining packets that run across pages.
struct OggPacketReader {
    /// An audio packet and where it lies in the stream.
    struct Packet: Equatable {
        let bytes: [UInt8]
        /// The 48 kHz granule position at its start.
        let start: Int64
        /// Its length at 48 kHz.
        let samples: Int64
        /// The granule position at its end.
        var end: Int64 { start + samples }
    }

    private var pages: OggPageReader
    private var queue: [[UInt8]] = []
    private var partial: [UInt8]?
    private var position: Int64

    /// Packets from the page at `offset` (which must not be a continued page: see `OggOpusLayout.readingPoint`),
    /// whose first packet starts at `granule`.
    init(file: POSIX.File, fromPageAt offset: Int64, granule: Int64) throws(POSIX.Error) {
        pages = try OggPageReader(file: file, from: offset)
        position = granule
    }

    /// The next packet, or nil at the end of the stream (or where the file stops being intact: the layout read
    /// before says whether that may be).
    mutating func next() throws -> Packet? {
        while queue.isEmpty {
            guard case .page(let page) = try pages.next() else { return nil }
            for piece in page.pieces {
                if piece.endsPacket {
                    queue.append((partial ?? []) + piece.bytes)
                    partial = nil
                } else {
                    partial = (partial ?? []) + piece.bytes
                }
            }
        }
        let bytes = queue.removeFirst()
        guard let samples = try? LibOpusDecoder.samplesAt48kHz(in: bytes) else {
            throw OggOpusFormatProblem.badPacket(offset: pages.offset)
        }
        defer { position += Int64(samples) }
        return Packet(bytes: bytes, start: position, samples: Int64(samples))
    }
}

extension OggOpusLayout {
    /// Where to start reading packets so that the first one starts at or before the 48 kHz position `granule`:
    /// the offset of an audio page that starts a fresh packet, and that packet's start.
    func readingPoint(atOrBefore granule: Int64) -> (offset: Int64, granule: Int64)? {
        guard !audioPages.isEmpty else { return nil }
        // The position a page's first fresh packet starts at is the end of the last page before it that ends one.
        var best = (offset: audioPages[0].offset, granule: startGranule)
        var previousEnd = startGranule
        for index in audioPages.indices {
            let page = audioPages[index]
            if index > 0, !page.isContinued {
                guard previousEnd <= granule else { break }
                best = (page.offset, previousEnd)
            }
            if page.granule != -1 { previousEnd = page.granule }
        }
        return best
    }
}
