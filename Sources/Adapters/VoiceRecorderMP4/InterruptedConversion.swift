import VoiceRecorderPOSIX

extension InPlaceTakeConversion {
    /// Completes a conversion a process died in the middle of: a take that still announces fragments but already
    /// ends with a complete plain `moov` of ours. Returns the frames that `moov`'s edit list presents, or nil when
    /// `path` is not such a file (nothing is written then).
    package static func completeInterruptedConversion(at path: String) throws(POSIX.Error) -> Int? {
        guard let scanner = try? MP4BoxScanner(path: path) else { return nil }
        let top = scanner.boxes()
        guard scanner.isFragmented, let last = top.last, last.type == "moov", last.end == scanner.fileSize,
            let leading = top.first(where: { $0.type == "moov" }), leading.offset < last.offset, leading.size >= 16,
            last.size <= 1 << 22,
            let frames = plainMovieFrames(scanner.read(at: last.offset, count: Int(last.size)), before: last.offset)
        else { return nil }
        try wrap(POSIX.File(path: path, access: .writeOnly), from: leading.offset, to: last.offset)
        return frames
    }

    /// The frames presented by a plain `moov` (`bytes`) that this conversion wrote, or nil when it is not one: no
    /// `mvex`, one track with an edit list, and chunk offsets that all lie before the `moov` (at `offset`).
    private static func plainMovieFrames(_ bytes: [UInt8]?, before offset: Int64) -> Int? {
        guard let bytes, let top = BoxInBuffer.children(of: bytes, in: 0 ..< bytes.count), top.count == 1,
            let movie = BoxInBuffer.children(of: bytes, in: top[0].bodyStart ..< top[0].end),
            !movie.contains(where: { $0.type == "mvex" }),
            let header = movie.first(where: { $0.type == "mvhd" }),
            let track = movie.first(where: { $0.type == "trak" }),
            let trackParts = BoxInBuffer.children(of: bytes, in: track.bodyStart ..< track.end),
            let edits = trackParts.first(where: { $0.type == "edts" }),
            let list = BoxInBuffer.children(of: bytes, in: edits.bodyStart ..< edits.end)?.first,
            list.type == "elst", bytes.bigEndian(at: list.bodyStart, width: 1) == 0,
            let segment = bytes.uint32(at: list.bodyStart + 8),
            let media = trackParts.first(where: { $0.type == "mdia" }),
            let mediaParts = BoxInBuffer.children(of: bytes, in: media.bodyStart ..< media.end),
            let mediaHeader = mediaParts.first(where: { $0.type == "mdhd" }),
            bytes.bigEndian(at: header.bodyStart, width: 1) == 0,
            bytes.bigEndian(at: mediaHeader.bodyStart, width: 1) == 0,
            let movieScale = bytes.uint32(at: header.bodyStart + 12), movieScale > 0,
            let mediaScale = bytes.uint32(at: mediaHeader.bodyStart + 12),
            let information = mediaParts.first(where: { $0.type == "minf" }),
            let table = BoxInBuffer.children(of: bytes, in: information.bodyStart ..< information.end)?
                .first(where: { $0.type == "stbl" }),
            let offsets = BoxInBuffer.children(of: bytes, in: table.bodyStart ..< table.end)?
                .first(where: { $0.type == "stco" || $0.type == "co64" }),
            let count = bytes.uint32(at: offsets.bodyStart + 4), count > 0
        else { return nil }
        let width = offsets.type == "co64" ? 8 : 4
        for entry in 0 ..< Int(count) {
            guard let chunk = bytes.bigEndian(at: offsets.bodyStart + 8 + entry * width, width: width),
                chunk < UInt64(offset)
            else { return nil }
        }
        // The edit lasts `segment` in the movie's time scale; frames count in the media's (the sample rate).
        return Int(UInt64(segment) * UInt64(mediaScale) / UInt64(movieScale))
    }
}
