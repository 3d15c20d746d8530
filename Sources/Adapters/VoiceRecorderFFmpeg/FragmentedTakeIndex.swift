#if canImport(Glibc)
import Glibc
#endif

/// Why a take's file was not converted in place: its layout is not the one FFmpeg's fragmenting muxer writes for a
/// take, so the slower, general remux finishes it instead.
struct InPlaceConversionRefusal: Error, Equatable {
    /// What was unexpected, e.g. "two tracks".
    let reason: String
}

/// Everything a fragmented take's boxes say about its audio, read without reading the audio: each packet's size
/// and duration, where each fragment's packets lie, and the parts of the leading `moov` a plain header reuses.
///
/// Reading costs about one small `pread` per fragment (a fragment's `moof` and the next `mdat` header fit in one
/// window), about 600 for a 5-minute take.
struct FragmentedTakeIndex {
    /// One fragment's packets, stored back to back: a chunk of the plain file's sample tables.
    struct Chunk: Equatable {
        /// Where the first packet starts in the file.
        let offset: Int64
        /// How many packets follow.
        let sampleCount: Int
    }

    /// The leading `moov` (empty tables plus `mvex`): its header boxes are reused by the plain `moov`.
    let movieHeader: MovieHeaderParts
    /// Every packet's size in bytes, in order.
    let sampleSizes: [UInt32]
    /// Every packet's duration in the media time scale, in order, as the fragments record them.
    let sampleDurations: [UInt32]
    /// One chunk per run of packets (one per fragment, as FFmpeg writes them).
    let chunks: [Chunk]
    /// Where the leading `moov` starts.
    let leadingMovieOffset: Int64
    /// The file's length: where the plain `moov` is appended.
    let fileSize: Int64

    /// Reads the index of the fragmented take open on `descriptor`, or says why its layout is not one to convert
    /// in place. The file must end on a box boundary (a cut-off fragment is truncated first).
    static func read(descriptor: Int32, fileSize: Int64) -> Result<FragmentedTakeIndex, InPlaceConversionRefusal> {
        do throws(InPlaceConversionRefusal) {
            var builder = Builder(reader: WindowedReader(descriptor: descriptor, fileSize: fileSize))
            try builder.readTopLevelBoxes()
            return .success(try builder.index())
        } catch {
            return .failure(error)
        }
    }
}

// MARK: - Reading

/// Reads a file through one window, so that boxes that sit close together (a `moof` and the next `mdat` header)
/// cost one `pread`, and parsing works on the window in place.
private struct WindowedReader {
    /// Bytes fetched per read: a `moof` of a 0.5 s fragment (~150–200 bytes) and the next box header fit easily.
    static let windowSize = 1_024

    let descriptor: Int32
    let fileSize: Int64
    private var windowStart: Int64 = 0
    /// The bytes last read; `load` says where in it the bytes asked for are.
    private(set) var window: [UInt8] = []

    init(descriptor: Int32, fileSize: Int64) {
        self.descriptor = descriptor
        self.fileSize = fileSize
    }

    /// Makes sure `count` bytes at `offset` are in `window` and returns where they start in it; nil when they are
    /// not all in the file (or cannot be read).
    mutating func load(at offset: Int64, count: Int) -> Int? {
        guard offset >= 0, count >= 0, offset + Int64(count) <= fileSize else { return nil }
        if offset < windowStart || offset + Int64(count) > windowStart + Int64(window.count) {
            let length = Int(min(Int64(max(count, Self.windowSize)), fileSize - offset))
            if window.count != length { window = [UInt8](repeating: 0, count: length) }
            var done = 0
            while done < length {
                let read = window.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress! + done, length - done, off_t(offset) + off_t(done))
                }
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else {
                    window = []
                    return nil
                }
                done += read
            }
            windowStart = offset
        }
        return Int(offset - windowStart)
    }

    /// A copy of `count` bytes at `offset` (for the boxes kept whole), or nil.
    mutating func bytes(at offset: Int64, count: Int) -> [UInt8]? {
        guard let start = load(at: offset, count: count) else { return nil }
        return Array(window[start ..< start + count])
    }
}

/// Box types compared as integers in the per-fragment loop, where building strings would dominate the cost.
private enum BoxCode {
    static func of(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }
    static let moov = of("moov"), moof = of("moof"), mdat = of("mdat"), traf = of("traf"), tfhd = of("tfhd")
    static let tfdt = of("tfdt"), trun = of("trun")
}

extension Array where Element == UInt8 {
    /// Calls `body` with the type, body start and end of each box directly inside `range`; false when they do not
    /// tile it exactly (a damaged header). No allocation: this runs for every fragment.
    fileprivate func forEachBox(
        in range: Range<Int>, _ body: (_ type: UInt32, _ bodyStart: Int, _ end: Int) throws(InPlaceConversionRefusal) -> Void
    ) throws(InPlaceConversionRefusal) -> Bool {
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard let size32 = uint32(at: offset), let type = uint32(at: offset + 4) else { return false }
            var size = Int(size32)
            var header = 8
            if size32 == 1 {
                guard let size64 = bigEndian(at: offset + 8, width: 8), size64 < UInt64(Int.max) else { return false }
                size = Int(size64)
                header = 16
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, size <= range.upperBound - offset else { return false }
            try body(type, offset + header, offset + size)
            offset += size
        }
        return true
    }
}

/// The parts of the leading `moov` that the plain one reuses, each a whole box as FFmpeg wrote it.
struct MovieHeaderParts {
    /// `mvhd`, whose time scale and duration are rewritten.
    let movieHeader: [UInt8]
    /// `tkhd`, whose duration is rewritten.
    let trackHeader: [UInt8]
    /// `mdhd`, whose duration is rewritten.
    let mediaHeader: [UInt8]
    /// `hdlr` of the media: copied.
    let handler: [UInt8]
    /// The `minf` boxes before the sample tables (`smhd`, `dinf`): copied.
    let mediaInformation: [UInt8]
    /// `stsd`: the sample description with the AAC configuration (`esds`), copied byte for byte.
    let sampleDescription: [UInt8]
    /// The `moov` boxes a plain file keeps (`udta`, the encoder's name): copied.
    let movieExtras: [UInt8]
    /// The media time scale (ticks per second of the sample tables): the sample rate.
    let mediaTimescale: UInt32
    /// Whether the samples are AAC (`mp4a`), which decoders pre-roll by one packet.
    let isAAC: Bool
    /// The one track's ID, which every fragment must name.
    let trackID: UInt32
    /// The track's defaults from `trex`, used where a fragment does not say.
    let defaultDuration: UInt32
    let defaultSize: UInt32

    /// Splits the leading `moov` box `bytes` into the parts above; refuses anything but one audio track with empty
    /// sample tables and fragments announced (`mvex`).
    init(movieBox bytes: [UInt8]) throws(InPlaceConversionRefusal) {
        func children(_ range: Range<Int>, of what: String) throws(InPlaceConversionRefusal) -> [BoxInBuffer] {
            guard let boxes = BoxInBuffer.children(of: bytes, in: range) else {
                throw InPlaceConversionRefusal(reason: "a damaged \(what)")
            }
            return boxes
        }
        func only(_ type: String, in boxes: [BoxInBuffer]) throws(InPlaceConversionRefusal) -> BoxInBuffer {
            let matches = boxes.filter { $0.type == type }
            guard matches.count == 1 else { throw InPlaceConversionRefusal(reason: "\(matches.count) \(type) boxes") }
            return matches[0]
        }
        let top = try children(0 ..< bytes.count, of: "movie header")
        guard top.count == 1, top[0].type == "moov" else { throw InPlaceConversionRefusal(reason: "not a moov") }
        let movie = try children(top[0].bodyStart ..< top[0].end, of: "moov")
        let track = try only("trak", in: movie)
        let extensions = try only("mvex", in: movie)
        let trackParts = try children(track.bodyStart ..< track.end, of: "trak")
        guard !trackParts.contains(where: { $0.type == "edts" }) else {
            throw InPlaceConversionRefusal(reason: "an edit list already")
        }
        let media = try only("mdia", in: trackParts)
        let mediaParts = try children(media.bodyStart ..< media.end, of: "mdia")
        let information = try only("minf", in: mediaParts)
        let informationParts = try children(information.bodyStart ..< information.end, of: "minf")
        let sampleTable = try only("stbl", in: informationParts)
        let tables = try children(sampleTable.bodyStart ..< sampleTable.end, of: "stbl")

        // The leading header must be empty: samples listed in it would be lost by a header built from fragments.
        for table in tables where ["stts", "stsz", "stco", "co64", "stsc"].contains(table.type) {
            let countIndex = table.bodyStart + (table.type == "stsz" ? 8 : 4)
            guard bytes.uint32(at: countIndex) == 0 else {
                throw InPlaceConversionRefusal(reason: "samples listed in the leading \(table.type)")
            }
        }
        let handlerBox = try only("hdlr", in: mediaParts)
        guard bytes.fourCharacterCode(at: handlerBox.bodyStart + 8) == "soun" else {
            throw InPlaceConversionRefusal(reason: "not an audio track")
        }
        let description = try only("stsd", in: tables)
        guard bytes.uint32(at: description.bodyStart + 4) == 1 else {
            throw InPlaceConversionRefusal(reason: "several sample descriptions")
        }
        let mediaHeaderBox = try only("mdhd", in: mediaParts)
        let mediaVersion = bytes.bigEndian(at: mediaHeaderBox.bodyStart, width: 1)
        guard let timescale = bytes.uint32(at: mediaHeaderBox.bodyStart + (mediaVersion == 1 ? 20 : 12)),
            timescale > 0
        else { throw InPlaceConversionRefusal(reason: "no media time scale") }
        // The audio sample entry's rate (16.16 fixed point) sits 32 bytes into the first entry.
        let sampleRate = bytes.bigEndian(at: description.bodyStart + 8 + 32, width: 2)
        guard sampleRate == UInt64(timescale) else {
            throw InPlaceConversionRefusal(reason: "a media time scale other than the sample rate")
        }
        let trackHeaderBox = try only("tkhd", in: trackParts)
        let trackVersion = bytes.bigEndian(at: trackHeaderBox.bodyStart, width: 1)
        guard let trackID = bytes.uint32(at: trackHeaderBox.bodyStart + (trackVersion == 1 ? 20 : 12)) else {
            throw InPlaceConversionRefusal(reason: "a damaged tkhd")
        }
        let trackExtends = try only("trex", in: try children(extensions.bodyStart ..< extensions.end, of: "mvex"))
        guard bytes.uint32(at: trackExtends.bodyStart + 4) == trackID,
            let defaultDuration = bytes.uint32(at: trackExtends.bodyStart + 12),
            let defaultSize = bytes.uint32(at: trackExtends.bodyStart + 16)
        else { throw InPlaceConversionRefusal(reason: "no defaults for the track") }

        movieHeader = try only("mvhd", in: movie).bytes(in: bytes)
        trackHeader = trackHeaderBox.bytes(in: bytes)
        mediaHeader = mediaHeaderBox.bytes(in: bytes)
        handler = handlerBox.bytes(in: bytes)
        mediaInformation = informationParts.filter { $0.type != "stbl" }.flatMap { $0.bytes(in: bytes) }
        sampleDescription = description.bytes(in: bytes)
        movieExtras = movie.filter { !["mvhd", "trak", "mvex"].contains($0.type) }.flatMap { $0.bytes(in: bytes) }
        mediaTimescale = timescale
        isAAC = bytes.fourCharacterCode(at: description.bodyStart + 12) == "mp4a"
        self.trackID = trackID
        self.defaultDuration = defaultDuration
        self.defaultSize = defaultSize
    }
}

/// Walks the file's top-level boxes once, gathering the index.
private struct Builder {
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

    /// One `trun`: where its packets are, how many, and their total size.
    struct Run {
        let offset: Int64
        let sampleCount: Int
        let length: Int64
    }

    init(reader: WindowedReader) { self.reader = reader }

    mutating func readTopLevelBoxes() throws(InPlaceConversionRefusal) {
        var offset: Int64 = 0
        while offset < reader.fileSize {
            let headerLength = Int(min(16, reader.fileSize - offset))
            guard let start = reader.load(at: offset, count: headerLength),
                let size32 = reader.window.uint32(at: start), let code = reader.window.uint32(at: start + 4)
            else { throw InPlaceConversionRefusal(reason: "a damaged box at \(offset)") }
            var size = Int64(size32)
            if size32 == 1 {
                guard let size64 = reader.window.bigEndian(at: start + 8, width: 8), size64 < UInt64(Int64.max) else {
                    throw InPlaceConversionRefusal(reason: "a damaged box at \(offset)")
                }
                size = Int64(size64)
            } else if size32 == 0 {
                size = reader.fileSize - offset
            }
            let bodyStart = offset + (size32 == 1 ? 16 : 8)
            guard size >= bodyStart - offset, offset + size <= reader.fileSize else {
                throw InPlaceConversionRefusal(reason: "a box running past the end of the file")
            }
            switch code {
            case BoxCode.moof:
                try readFragment(at: offset, size: size)
            case BoxCode.mdat:
                try closeFragment(mediaData: bodyStart ..< offset + size)
            default:
                try readOtherBox(reader.window.fourCharacterCode(at: start + 4) ?? "", at: offset, size: size)
            }
            offset += size
        }
        guard !isFragmentPending else { throw InPlaceConversionRefusal(reason: "a fragment without its mdat") }
    }

    func index() throws(InPlaceConversionRefusal) -> FragmentedTakeIndex {
        guard let movieHeader else { throw InPlaceConversionRefusal(reason: "no movie header") }
        return FragmentedTakeIndex(
            movieHeader: movieHeader, sampleSizes: sampleSizes, sampleDurations: sampleDurations, chunks: chunks,
            leadingMovieOffset: leadingMovieOffset, fileSize: reader.fileSize)
    }

    /// The boxes met once per file (or never): the header, the file type, free space, the fragments' own index.
    private mutating func readOtherBox(_ type: String, at offset: Int64, size: Int64) throws(InPlaceConversionRefusal) {
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

    /// Reads one `moof` (ISO/IEC 14496-12 §8.8): its one `traf`'s `tfhd` defaults, `tfdt` and `trun` entries.
    private mutating func readFragment(at moofOffset: Int64, size: Int64) throws(InPlaceConversionRefusal) {
        guard movieHeader != nil, !isFragmentPending else {
            throw InPlaceConversionRefusal(reason: "a moof without a movie header or without its mdat")
        }
        guard size <= 1 << 20, let start = reader.load(at: moofOffset, count: Int(size)) else {
            throw InPlaceConversionRefusal(reason: "an oversized moof")
        }
        isFragmentPending = true
        let bytes = reader.window
        let headerLength = bytes.uint32(at: start) == 1 ? 16 : 8
        var trackFragments = 0
        let tiled = try bytes.forEachBox(in: start + headerLength ..< start + Int(size)) {
            (type, bodyStart, end) throws(InPlaceConversionRefusal) in
            guard type == BoxCode.traf else { return }
            trackFragments += 1
            try readTrackFragment(bytes, in: bodyStart ..< end, moofOffset: moofOffset)
        }
        guard tiled, trackFragments == 1 else {
            throw InPlaceConversionRefusal(reason: "a damaged fragment, or one with other than one track")
        }
    }

    private mutating func readTrackFragment(_ bytes: [UInt8], in range: Range<Int>, moofOffset: Int64)
        throws(InPlaceConversionRefusal)
    {
        var dataBase = moofOffset  // the default for a fragment's only track (and what default-base-is-moof says)
        var defaultDuration = trackDefaultDuration
        var defaultSize = trackDefaultSize
        var hasHeader = false
        var nextRunOffset: Int64 = 0
        let tiled = try bytes.forEachBox(in: range) { (type, body, end) throws(InPlaceConversionRefusal) in
            switch type {
            case BoxCode.tfhd:
                // Flags say which optional fields follow the track ID, in this order.
                guard let flags = bytes.uint32(at: body).map({ $0 & 0xFF_FFFF }), bytes.uint32(at: body + 4) == trackID
                else { throw InPlaceConversionRefusal(reason: "a fragment of another track") }
                guard flags & 0x01_0000 == 0 else { throw InPlaceConversionRefusal(reason: "an empty-duration fragment") }
                var field = body + 8
                if flags & 0x01 != 0 {
                    guard let value = bytes.bigEndian(at: field, width: 8), value < UInt64(Int64.max) else {
                        throw InPlaceConversionRefusal(reason: "a damaged tfhd")
                    }
                    dataBase = Int64(value)
                    field += 8
                }
                if flags & 0x02 != 0 { field += 4 }
                if flags & 0x08 != 0 {
                    guard let value = bytes.uint32(at: field) else { throw InPlaceConversionRefusal(reason: "a damaged tfhd") }
                    defaultDuration = value
                    field += 4
                }
                if flags & 0x10 != 0 {
                    guard let value = bytes.uint32(at: field) else { throw InPlaceConversionRefusal(reason: "a damaged tfhd") }
                    defaultSize = value
                }
                hasHeader = true
                nextRunOffset = dataBase
            case BoxCode.tfdt:
                // Fragments must follow each other without gaps, or the plain timeline would shift the audio.
                let version = bytes.bigEndian(at: body, width: 1)
                guard let decodeTime = bytes.bigEndian(at: body + 4, width: version == 1 ? 8 : 4) else {
                    throw InPlaceConversionRefusal(reason: "a damaged tfdt")
                }
                if let expected = nextDecodeTime, expected != decodeTime {
                    throw InPlaceConversionRefusal(reason: "a gap or overlap between fragments")
                }
                nextDecodeTime = decodeTime
            case BoxCode.trun:
                guard hasHeader else { throw InPlaceConversionRefusal(reason: "a trun before its tfhd") }
                nextRunOffset = try readRun(
                    bytes, in: body ..< end, dataBase: dataBase, startingAt: nextRunOffset,
                    defaultDuration: defaultDuration, defaultSize: defaultSize)
            default:
                break
            }
        }
        guard tiled, hasHeader else { throw InPlaceConversionRefusal(reason: "a damaged traf") }
    }

    /// Appends one `trun`'s packets to the tables and returns where the next run's data would start.
    private mutating func readRun(
        _ bytes: [UInt8], in range: Range<Int>, dataBase: Int64, startingAt defaultOffset: Int64,
        defaultDuration: UInt32, defaultSize: UInt32
    ) throws(InPlaceConversionRefusal) -> Int64 {
        guard let flags = bytes.uint32(at: range.lowerBound).map({ $0 & 0xFF_FFFF }),
            let count = bytes.uint32(at: range.lowerBound + 4)
        else { throw InPlaceConversionRefusal(reason: "a damaged trun") }
        var cursor = range.lowerBound + 8
        var runOffset = defaultOffset
        if flags & 0x001 != 0 {
            guard let value = bytes.uint32(at: cursor) else { throw InPlaceConversionRefusal(reason: "a damaged trun") }
            runOffset = dataBase + Int64(Int32(bitPattern: value))
            cursor += 4
        }
        if flags & 0x004 != 0 { cursor += 4 }
        let hasDuration = flags & 0x100 != 0, hasSize = flags & 0x200 != 0
        let hasFlags = flags & 0x400 != 0, hasCompositionOffset = flags & 0x800 != 0
        let perSample = 4 * ((hasDuration ? 1 : 0) + (hasSize ? 1 : 0) + (hasFlags ? 1 : 0) + (hasCompositionOffset ? 1 : 0))
        guard count <= 1 << 20, cursor + Int(count) * perSample <= range.upperBound else {
            throw InPlaceConversionRefusal(reason: "a trun longer than its box")
        }
        var length: Int64 = 0
        var duration: UInt64 = 0
        var isValid = true
        // The bounds were checked above for every entry: read them straight from the buffer.
        bytes.withUnsafeBytes { buffer in
            for _ in 0 ..< Int(count) {
                var sampleDuration = defaultDuration
                var sampleSize = defaultSize
                if hasDuration {
                    sampleDuration = UInt32(bigEndian: buffer.loadUnaligned(fromByteOffset: cursor, as: UInt32.self))
                    cursor += 4
                }
                if hasSize {
                    sampleSize = UInt32(bigEndian: buffer.loadUnaligned(fromByteOffset: cursor, as: UInt32.self))
                    cursor += 4
                }
                if hasFlags { cursor += 4 }
                if hasCompositionOffset {
                    // Audio has no reordering; an offset would need a ctts the plain header does not write.
                    if buffer.loadUnaligned(fromByteOffset: cursor, as: UInt32.self) != 0 { isValid = false }
                    cursor += 4
                }
                if sampleSize == 0 { isValid = false }
                sampleSizes.append(sampleSize)
                sampleDurations.append(sampleDuration)
                length += Int64(sampleSize)
                duration += UInt64(sampleDuration)
            }
        }
        guard isValid else { throw InPlaceConversionRefusal(reason: "an empty packet or a composition offset") }
        nextDecodeTime = (nextDecodeTime ?? 0) + duration
        pendingRuns.append(Run(offset: runOffset, sampleCount: Int(count), length: length))
        return runOffset + length
    }
}
