/// The parts of the leading `moov` that the plain one reuses, each a whole box as FFmpeg wrote it.
package struct MovieHeaderParts: Equatable {
    /// `mvhd`, whose time scale and duration are rewritten.
    package let movieHeader: [UInt8]
    /// `tkhd`, whose duration is rewritten.
    package let trackHeader: [UInt8]
    /// `mdhd`, whose duration is rewritten.
    package let mediaHeader: [UInt8]
    /// `hdlr` of the media: copied.
    package let handler: [UInt8]
    /// The `minf` boxes before the sample tables (`smhd`, `dinf`): copied.
    package let mediaInformation: [UInt8]
    /// `stsd`: the sample description with the AAC configuration (`esds`), copied byte for byte.
    package let sampleDescription: [UInt8]
    /// The `moov` boxes a plain file keeps (`udta`, the encoder's name): copied.
    package let movieExtras: [UInt8]
    /// The media time scale (ticks per second of the sample tables): the sample rate.
    package let mediaTimescale: UInt32
    /// Whether the samples are AAC (`mp4a`), which decoders pre-roll by one packet.
    package let isAAC: Bool
    /// The one track's ID, which every fragment must name.
    package let trackID: UInt32
    /// The track's defaults from `trex`, used where a fragment does not say.
    package let defaultDuration: UInt32
    package let defaultSize: UInt32

    /// Splits the leading `moov` box `bytes` into the parts above; refuses anything but one audio track with empty
    /// sample tables and fragments announced (`mvex`).
    package init(movieBox bytes: [UInt8]) throws(InPlaceConversionRefusal) {
        func children(_ range: Range<Int>, of what: String) throws(InPlaceConversionRefusal) -> [BoxInBuffer] {
            guard let boxes = BoxInBuffer.children(of: bytes, in: range) else {
                throw InPlaceConversionRefusal(reason: "a damaged \(what)")
            }
            return boxes
        }
        func only(_ type: FourCharacterCode, in boxes: [BoxInBuffer]) throws(InPlaceConversionRefusal) -> BoxInBuffer {
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
        for table in tables
        where (["stts", "stsz", "stco", "co64", "stsc"] as Set<FourCharacterCode>).contains(table.type) {
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
        movieExtras = movie.filter { !(["mvhd", "trak", "mvex"] as Set<FourCharacterCode>).contains($0.type) }.flatMap {
            $0.bytes(in: bytes)
        }
        mediaTimescale = timescale
        isAAC = bytes.fourCharacterCode(at: description.bodyStart + 12) == "mp4a"
        self.trackID = trackID
        self.defaultDuration = defaultDuration
        self.defaultSize = defaultSize
    }
}
