/// Walks a fragmented take's top-level boxes once, gathering its index: the leading `moov`, then each fragment's
/// `moof` (read by `TrackFragmentReading`) and the `mdat` that holds its packets.
struct FragmentWalk {
    var reader: WindowedReader
    var movieHeader: MovieHeaderParts?
    var leadingMovieOffset: Int64 = 0
    var sampleSizes: [UInt32] = []
    var sampleDurations: [UInt32] = []
    var chunks: [FragmentedTakeIndex.Chunk] = []
    /// The runs of the last `moof` read, waiting for the `mdat` that holds their packets (whose sizes and durations
    /// are already appended to the tables).
    var pendingRuns: [Run] = []
    var isFragmentPending = false
    /// The decode time the next fragment must start at (from the first fragment's `tfdt` on).
    var nextDecodeTime: UInt64?
    /// The track every fragment must name, and its defaults (from the leading `moov`'s `trex`).
    var trackID: UInt32 = 0
    var trackDefaultDuration: UInt32 = 0
    var trackDefaultSize: UInt32 = 0
    /// Where the next top-level box starts: a walk of a growing file goes on from here.
    var nextBoxOffset: Int64 = 0
    /// The leading `moov` as it was read, for checking that it has not changed since.
    var leadingMovieBytes: [UInt8] = []

    /// One `trun`: where its packets are, how many, and their total size.
    struct Run {
        let offset: Int64
        let sampleCount: Int
        let length: Int64
    }

    init(reader: WindowedReader) { self.reader = reader }

    /// The box types compared in the per-fragment loop.
    static let movieFragment: FourCharacterCode = "moof", mediaData: FourCharacterCode = "mdat"

    /// Reads the boxes from `nextBoxOffset` to the end of the file. The file must end on a box boundary, unless
    /// `stoppingAtAnIncompleteBox` (a file still being written): then a box not yet wholly in the file ends the walk
    /// for now, and a later call goes on from it.
    mutating func readTopLevelBoxes(stoppingAtAnIncompleteBox: Bool = false) throws(InPlaceConversionRefusal) {
        while nextBoxOffset < reader.fileSize {
            let offset = nextBoxOffset
            let room = reader.fileSize - offset
            guard let start = reader.load(at: offset, count: Int(min(Int64(BoxHeader.maximumLength), room))),
                let header = BoxHeader(in: reader.window, at: start, room: room)
            else {
                if stoppingAtAnIncompleteBox { return }
                throw InPlaceConversionRefusal(reason: "a damaged box at \(offset)")
            }
            guard header.size <= room else {
                if stoppingAtAnIncompleteBox { return }
                throw InPlaceConversionRefusal(reason: "a box running past the end of the file")
            }
            switch header.type {
            case Self.movieFragment:
                try readFragment(at: offset, header: header)
            case Self.mediaData:
                try closeFragment(mediaData: offset + Int64(header.length) ..< offset + header.size)
            default:
                try readOtherBox(header.type, at: offset, size: header.size)
            }
            nextBoxOffset = offset + header.size
        }
        if stoppingAtAnIncompleteBox { return }
        guard !isFragmentPending else { throw InPlaceConversionRefusal(reason: "a fragment without its mdat") }
    }

    func index() throws(InPlaceConversionRefusal) -> FragmentedTakeIndex {
        guard let movieHeader else { throw InPlaceConversionRefusal(reason: "no movie header") }
        return FragmentedTakeIndex(
            movieHeader: movieHeader, sampleSizes: sampleSizes, sampleDurations: sampleDurations, chunks: chunks,
            leadingMovieOffset: leadingMovieOffset, fileSize: reader.fileSize)
    }

    /// The boxes met once per file (or never): the header, the file type, free space, the fragments' own index.
    private mutating func readOtherBox(_ type: FourCharacterCode, at offset: Int64, size: Int64)
        throws(InPlaceConversionRefusal)
    {
        switch type {
        case "free", "skip", "mfra", "sidx", "styp":
            break
        case "ftyp":
            // Everything after the leading `moov` ends up inside one `mdat`: the file type must come before.
            guard movieHeader == nil else { throw InPlaceConversionRefusal(reason: "an ftyp after the moov") }
        case "moov":
            guard movieHeader == nil, size <= 1 << 20, let bytes = reader.bytes(at: offset, count: Int(size)) else {
                throw InPlaceConversionRefusal(reason: "a second or oversized moov")
            }
            let header = try MovieHeaderParts(movieBox: bytes)
            movieHeader = header
            leadingMovieBytes = bytes
            leadingMovieOffset = offset
            trackID = header.trackID
            trackDefaultDuration = header.defaultDuration
            trackDefaultSize = header.defaultSize
        default:
            throw InPlaceConversionRefusal(reason: "an unexpected \(type) box")
        }
    }

    /// Checks that the packets of the fragment just read lie in this `mdat`, and makes them chunks.
    private mutating func closeFragment(mediaData: Range<Int64>) throws(InPlaceConversionRefusal) {
        guard isFragmentPending else { throw InPlaceConversionRefusal(reason: "an mdat outside a fragment") }
        for run in pendingRuns where run.sampleCount > 0 {
            guard run.offset >= mediaData.lowerBound, run.offset + run.length <= mediaData.upperBound else {
                throw InPlaceConversionRefusal(reason: "packets outside their fragment's mdat")
            }
            chunks.append(.init(offset: run.offset, sampleCount: run.sampleCount))
        }
        pendingRuns.removeAll(keepingCapacity: true)
        isFragmentPending = false
    }
}
