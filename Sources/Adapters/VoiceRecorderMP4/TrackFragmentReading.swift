/// Reading one fragment's `moof` (ISO/IEC 14496-12 §8.8) into the index: its one `traf`'s `tfhd` defaults, `tfdt`
/// and `trun` entries. This runs once per fragment (0.256 s of audio), so boxes are compared as integers and nothing
/// is copied.
extension FragmentWalk {
    /// The box types met inside a `moof`.
    private static let trackFragment: FourCharacterCode = "traf", trackFragmentHeader: FourCharacterCode = "tfhd"
    private static let decodeTime: FourCharacterCode = "tfdt", trackRun: FourCharacterCode = "trun"

    /// What a `tfhd` says: where the fragment's data is counted from, and the defaults its runs fall back on.
    private struct TrackFragmentHeader {
        var dataBase: Int64
        var defaultDuration: UInt32
        var defaultSize: UInt32
    }

    /// Reads the `moof` at `moofOffset`, whose header is `header`.
    mutating func readFragment(at moofOffset: Int64, header: BoxHeader) throws(InPlaceConversionRefusal) {
        let size = header.size
        guard movieHeader != nil, !isFragmentPending else {
            throw InPlaceConversionRefusal(reason: "a moof without a movie header or without its mdat")
        }
        guard size <= 1 << 20, let start = reader.load(at: moofOffset, count: Int(size)) else {
            throw InPlaceConversionRefusal(reason: "an oversized moof")
        }
        isFragmentPending = true
        let bytes = reader.window
        var trackFragments = 0
        let tiled = try bytes.forEachBox(in: start + header.length ..< start + Int(size)) {
            (box) throws(InPlaceConversionRefusal) in
            guard box.type == Self.trackFragment else { return }
            trackFragments += 1
            try readTrackFragment(bytes, in: box.bodyStart ..< box.end, moofOffset: moofOffset)
        }
        guard tiled, trackFragments == 1 else {
            throw InPlaceConversionRefusal(reason: "a damaged fragment, or one with other than one track")
        }
    }

    private mutating func readTrackFragment(_ bytes: [UInt8], in range: Range<Int>, moofOffset: Int64)
        throws(InPlaceConversionRefusal)
    {
        var header: TrackFragmentHeader?
        var nextRunOffset: Int64 = 0
        let tiled = try bytes.forEachBox(in: range) { (box) throws(InPlaceConversionRefusal) in
            switch box.type {
            case Self.trackFragmentHeader:
                let read = try readTrackFragmentHeader(bytes, at: box.bodyStart, moofOffset: moofOffset)
                header = read
                nextRunOffset = read.dataBase
            case Self.decodeTime:
                // Fragments must follow each other without gaps, or the plain timeline would shift the audio.
                let version = bytes.bigEndian(at: box.bodyStart, width: 1)
                guard let decodeTime = bytes.bigEndian(at: box.bodyStart + 4, width: version == 1 ? 8 : 4) else {
                    throw InPlaceConversionRefusal(reason: "a damaged tfdt")
                }
                if let expected = nextDecodeTime, expected != decodeTime {
                    throw InPlaceConversionRefusal(reason: "a gap or overlap between fragments")
                }
                nextDecodeTime = decodeTime
            case Self.trackRun:
                guard let header else { throw InPlaceConversionRefusal(reason: "a trun before its tfhd") }
                nextRunOffset = try readRun(
                    bytes, in: box.bodyStart ..< box.end, dataBase: header.dataBase, startingAt: nextRunOffset,
                    defaultDuration: header.defaultDuration, defaultSize: header.defaultSize)
            default:
                break
            }
        }
        guard tiled, header != nil else { throw InPlaceConversionRefusal(reason: "a damaged traf") }
    }

    /// Reads the `tfhd` whose body starts at `body`: its flags say which optional fields follow the track ID, in
    /// this order.
    private func readTrackFragmentHeader(_ bytes: [UInt8], at body: Int, moofOffset: Int64)
        throws(InPlaceConversionRefusal) -> TrackFragmentHeader
    {
        // The defaults for a fragment's only track (and what default-base-is-moof says).
        var header = TrackFragmentHeader(
            dataBase: moofOffset, defaultDuration: trackDefaultDuration, defaultSize: trackDefaultSize)
        guard let flags = bytes.uint32(at: body).map({ $0 & 0xFF_FFFF }), bytes.uint32(at: body + 4) == trackID else {
            throw InPlaceConversionRefusal(reason: "a fragment of another track")
        }
        guard flags & 0x01_0000 == 0 else { throw InPlaceConversionRefusal(reason: "an empty-duration fragment") }
        let damaged = InPlaceConversionRefusal(reason: "a damaged tfhd")
        var field = body + 8
        if flags & 0x01 != 0 {
            guard let value = bytes.bigEndian(at: field, width: 8), value < UInt64(Int64.max) else { throw damaged }
            header.dataBase = Int64(value)
            field += 8
        }
        if flags & 0x02 != 0 { field += 4 }
        if flags & 0x08 != 0 {
            guard let value = bytes.uint32(at: field) else { throw damaged }
            header.defaultDuration = value
            field += 4
        }
        if flags & 0x10 != 0 {
            guard let value = bytes.uint32(at: field) else { throw damaged }
            header.defaultSize = value
        }
        return header
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
        let hasDuration = flags & 0x100 != 0
        let hasSize = flags & 0x200 != 0
        let hasFlags = flags & 0x400 != 0
        let hasCompositionOffset = flags & 0x800 != 0
        let perSample =
            4 * ((hasDuration ? 1 : 0) + (hasSize ? 1 : 0) + (hasFlags ? 1 : 0) + (hasCompositionOffset ? 1 : 0))
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
