import VoiceRecorderPOSIX

/// The shape of an Ogg Opus file, read page by page from its start: its two headers, where each audio page lies and
/// the positions it ends at, and how the stream ends — checked on the way (RFC 3533 and 7845): one stream only,
/// intact pages, positions that never go backwards.
struct OggOpusLayout: Sendable {
    /// An audio page: where it is and the position its last complete packet ends at.
    struct AudioPage: Sendable, Equatable {
        let offset: Int64
        /// The 48 kHz position at the end of the last packet that ends on the page; -1 when none does.
        let granule: Int64
        /// Whether its first piece finishes a packet begun on the page before.
        let isContinued: Bool
    }

    let head: OpusHead
    let tags: OpusTags
    let serial: UInt32
    let audioPages: [AudioPage]
    /// The 48 kHz position at the start of the first audio packet (0 for every take; RFC 7845 lets a stream start
    /// later).
    let startGranule: Int64
    /// The position at the end of the last page that ends a packet (the start when there is none).
    let endGranule: Int64
    /// Whether the last page is marked as the end of the stream (a take finished; a killed one is not).
    let isEnded: Bool
    /// Where the last intact page ends; the file's length unless `damage` says what follows.
    let intactLength: Int64
    /// In a tolerant read, what was found after the last intact page (a page cut short by a crash).
    let damage: OggOpusFormatProblem?
    /// The last intact page, as read.
    let lastPage: ReadPage

    /// The sequence number of the last intact page.
    var lastPageSequence: UInt32 { lastPage.sequence }

    /// The audio's length in 48 kHz samples: what a decoder plays, pre-skip and end trimming applied.
    var playedSamples: Int64 { max(0, endGranule - startGranule - Int64(head.preSkip)) }

    /// Reads the layout of `file`. With `tolerant`, damage after the headers ends the read instead of failing it
    /// (`damage` says what it was): how a take left behind by a crash is recovered.
    static func read(_ file: POSIX.File, tolerant: Bool = false) throws -> OggOpusLayout {
        var reader = try OggPageReader(file: file)
        guard reader.size > 0 else { throw OggOpusFormatProblem.empty }
        let first = try headerPage(&reader, isFirst: true)
        guard first.flags.contains(.beginning), let firstPacket = first.pieces.first?.bytes else {
            throw OggOpusFormatProblem.notOgg
        }
        let head = try OpusHead(parsing: firstPacket)
        guard first.pieces.count == 1, first.pieces[0].endsPacket, first.granule == 0 else {
            throw OggOpusFormatProblem.badHeader("its first page holds more than the Opus header")
        }
        var tagsBytes: [UInt8] = []
        var lastPage = first
        // The tags may span pages; they end on a page's end (RFC 7845, 3).
        while true {
            let page = try headerPage(&reader, isFirst: false)
            guard page.serial == first.serial else { throw OggOpusFormatProblem.severalStreams }
            lastPage = page
            guard page.pieces.filter(\.endsPacket).count <= 1 else {
                throw OggOpusFormatProblem.badHeader("its tags share a page with audio")
            }
            for piece in page.pieces { tagsBytes += piece.bytes }
            if page.pieces.last?.endsPacket == true { break }
        }
        let tags = try OpusTags(parsing: tagsBytes)

        var pages: [AudioPage] = []
        var previous: Int64 = 0
        var firstGranule: (granule: Int64, samples: Int64, isEnd: Bool)?
        var samplesBeforeGranule: Int64 = 0
        var isEnded = lastPage.flags.contains(.end)
        var damage: OggOpusFormatProblem?
        reading: while true {
            let next = try reader.next()
            let page: ReadPage
            switch next {
            case .end: break reading
            case .page(let read): page = read
            case .damaged(let kind, let offset):
                let problem: OggOpusFormatProblem =
                    kind == .truncated ? .truncated(offset: offset) : .damaged(offset: offset)
                if tolerant {
                    damage = problem
                    break reading
                }
                throw problem
            }
            if page.flags.contains(.beginning) || page.serial != first.serial {
                throw OggOpusFormatProblem.severalStreams
            }
            if isEnded { throw OggOpusFormatProblem.pagesAfterEnd(offset: page.offset) }
            if page.granule != -1 {
                guard page.granule >= previous else { throw OggOpusFormatProblem.granuleBackwards(offset: page.offset) }
                previous = page.granule
            }
            if firstGranule == nil {
                // The stream's start: the first position less the audio of the packets that end before it.
                for piece in page.pieces where piece.endsPacket {
                    guard let samples = try? LibOpusDecoder.samplesAt48kHz(in: piece.bytes) else {
                        throw OggOpusFormatProblem.badPacket(offset: page.offset)
                    }
                    samplesBeforeGranule += Int64(samples)
                }
                if page.granule != -1 {
                    firstGranule = (page.granule, samplesBeforeGranule, page.flags.contains(.end))
                }
            }
            pages.append(
                AudioPage(offset: page.offset, granule: page.granule, isContinued: page.flags.contains(.continued)))
            isEnded = page.flags.contains(.end)
            lastPage = page
        }
        var startGranule: Int64 = 0
        if let firstGranule {
            startGranule = firstGranule.granule - firstGranule.samples
            if startGranule < 0 {
                // Only a stream that ends on its first audio page may end before its packets do (RFC 7845, 4.5).
                guard firstGranule.isEnd else {
                    throw OggOpusFormatProblem.badHeader("its first position is before its start")
                }
                startGranule = 0
            }
        }
        return OggOpusLayout(
            head: head, tags: tags, serial: first.serial, audioPages: pages, startGranule: startGranule,
            endGranule: max(previous, startGranule), isEnded: isEnded, intactLength: lastPage.end, damage: damage,
            lastPage: lastPage)
    }

    /// A header page; a file that starts otherwise is not Ogg, and one that ends inside its headers is truncated.
    private static func headerPage(_ reader: inout OggPageReader, isFirst: Bool) throws -> ReadPage {
        switch try reader.next() {
        case .page(let page): return page
        case .end: throw OggOpusFormatProblem.badHeader("it ends inside its headers")
        case .damaged(.notAPage, _) where isFirst: throw OggOpusFormatProblem.notOgg
        case .damaged(.truncated, let offset): throw OggOpusFormatProblem.truncated(offset: offset)
        case .damaged(_, let offset): throw OggOpusFormatProblem.damaged(offset: offset)
        }
    }
}
