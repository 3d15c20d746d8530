/// The `moov` of a plain (unfragmented) `.m4a` for the audio a fragmented take already holds: the same boxes and
/// values FFmpeg's mov muxer writes when it remuxes the take (see `TakeRemuxer`), built from the fragments' tables.
///
/// - `mvhd`, `tkhd`, `mdhd` come from the leading `moov`, with the movie time scale set to the sample rate (so the
///   edit list is exact to the frame) and the durations filled in.
/// - `edts/elst` skips the encoder's priming (`media_time` = priming) and lasts exactly the recorded frames.
/// - `stbl` copies the `stsd` (the AAC configuration) byte for byte and lists every packet: `stts`, `stsc` (one
///   chunk per fragment), `stsz`, `stco` (`co64` past 4 GiB), and for AAC the one-packet pre-roll (`sgpd`/`sbgp`
///   `roll`, distance −1), as FFmpeg does.
/// - No `mvex`: the file is no longer fragmented.
package struct PlainMovieBox {
    /// The whole `moov` box.
    package let bytes: [UInt8]
    /// The audio frames the edit list presents: what a reader decodes.
    package let frames: Int

    /// Builds the plain `moov` for `index`.
    ///
    /// - Parameters:
    ///   - primingFrames: the encoder's priming at the head of the stream, skipped by the edit list.
    ///   - exactFrames: the frames actually recorded, when known: the last packet is shortened to end there.
    ///     `nil` (recovery) keeps the durations the fragments record.
    package init(index: FragmentedTakeIndex, primingFrames: Int, exactFrames: Int?) throws(InPlaceConversionRefusal) {
        let parts = index.movieHeader
        var durations = index.sampleDurations
        guard let last = durations.indices.last else {
            throw InPlaceConversionRefusal(reason: "no audio")
        }
        // The last packet ends where the take ends, but is only ever shortened: an end beyond what was encoded is
        // not trusted (the same rule as the remux, so both give the same file).
        let typical = durations.count > 1 ? durations[last - 1] : 1_024
        let before = durations[..<last].reduce(Int64(0)) { $0 + Int64($1) }
        let wanted = exactFrames.map { Int64(primingFrames + $0) - before } ?? Int64(durations[last])
        durations[last] = wanted > 0 && wanted < Int64(typical) ? UInt32(wanted) : typical
        let mediaDuration = before + Int64(durations[last])
        let frames = mediaDuration - Int64(primingFrames)
        guard frames > 0 else { throw InPlaceConversionRefusal(reason: "no audio after the priming") }
        guard mediaDuration <= Int64(UInt32.max), primingFrames >= 0 else {
            throw InPlaceConversionRefusal(reason: "a take too long for 32-bit durations")
        }

        let movieHeader = try Self.patched(
            parts.movieHeader, timescale: parts.mediaTimescale, duration: UInt64(frames), durationOffsets: (16, 24),
            timescaleOffsets: (12, 20))
        let trackHeader = try Self.patched(parts.trackHeader, duration: UInt64(frames), durationOffsets: (20, 28))
        let mediaHeader = try Self.patched(
            parts.mediaHeader, duration: UInt64(mediaDuration), durationOffsets: (16, 24))

        var builder = BoxBuilder()
        builder.box("moov") { movie in
            movie.append(raw: movieHeader)
            movie.box("trak") { track in
                track.append(raw: trackHeader)
                track.box("edts") { edits in
                    edits.fullBox("elst", version: 0) { list in
                        list.append(1, width: 4)
                        list.append(UInt64(frames), width: 4)
                        list.append(UInt64(primingFrames), width: 4)
                        list.append(0x0001_0000, width: 4)  // rate 1.0
                    }
                }
                track.box("mdia") { media in
                    media.append(raw: mediaHeader)
                    media.append(raw: parts.handler)
                    media.box("minf") { information in
                        information.append(raw: parts.mediaInformation)
                        information.box("stbl") { table in
                            table.append(raw: parts.sampleDescription)
                            Self.appendTimeToSample(durations, to: &table)
                            Self.appendSampleToChunk(index.chunks, to: &table)
                            Self.appendSampleSizes(index.sampleSizes, to: &table)
                            Self.appendChunkOffsets(index.chunks, to: &table)
                            if parts.isAAC { Self.appendPreRoll(samples: durations.count, to: &table) }
                        }
                    }
                }
            }
            movie.append(raw: parts.movieExtras)
        }
        bytes = builder.bytes
        self.frames = Int(frames)
    }

    /// A copy of the full box `box` with its duration (and time scale) rewritten, at the body offsets its version
    /// (0: 32-bit fields, 1: 64-bit) puts them.
    private static func patched(
        _ box: [UInt8], timescale: UInt32? = nil, duration: UInt64, durationOffsets: (Int, Int),
        timescaleOffsets: (Int, Int) = (0, 0)
    ) throws(InPlaceConversionRefusal) -> [UInt8] {
        var box = box
        let isVersion1 = box.count > 8 && box[8] == 1
        let width = isVersion1 ? 8 : 4
        let durationIndex = 8 + (isVersion1 ? durationOffsets.1 : durationOffsets.0)
        guard box.uint32(at: 0) == UInt32(box.count), durationIndex + width <= box.count else {
            throw InPlaceConversionRefusal(reason: "a header box too short to patch")
        }
        box.setBigEndian(duration, at: durationIndex, width: width)
        if let timescale {
            box.setBigEndian(
                UInt64(timescale), at: 8 + (isVersion1 ? timescaleOffsets.1 : timescaleOffsets.0), width: 4)
        }
        return box
    }

    /// `stts`: durations run-length encoded (all 1024 but the last, for a take).
    private static func appendTimeToSample(_ durations: [UInt32], to table: inout BoxBuilder) {
        var runs: [(count: UInt32, duration: UInt32)] = []
        for duration in durations {
            if let last = runs.last, last.duration == duration {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((1, duration))
            }
        }
        table.fullBox("stts", version: 0) { box in
            box.append(UInt64(runs.count), width: 4)
            for run in runs {
                box.append(UInt64(run.count), width: 4)
                box.append(UInt64(run.duration), width: 4)
            }
        }
    }

    /// `stsc`: one chunk per fragment; an entry only where the packets per chunk change.
    private static func appendSampleToChunk(_ chunks: [FragmentedTakeIndex.Chunk], to table: inout BoxBuilder) {
        var entries: [(firstChunk: Int, samples: Int)] = []
        for (number, chunk) in chunks.enumerated() where entries.last?.samples != chunk.sampleCount {
            entries.append((number + 1, chunk.sampleCount))
        }
        table.fullBox("stsc", version: 0) { box in
            box.append(UInt64(entries.count), width: 4)
            for entry in entries {
                box.append(UInt64(entry.firstChunk), width: 4)
                box.append(UInt64(entry.samples), width: 4)
                box.append(1, width: 4)  // the one sample description
            }
        }
    }

    /// `stsz`: one size for all when they are equal, else every size.
    private static func appendSampleSizes(_ sizes: [UInt32], to table: inout BoxBuilder) {
        let common = sizes.allSatisfy { $0 == sizes[0] } ? sizes[0] : 0
        table.fullBox("stsz", version: 0) { box in
            box.append(UInt64(common), width: 4)
            box.append(UInt64(sizes.count), width: 4)
            if common == 0 { box.append(uint32s: sizes) }
        }
    }

    /// `stco`, or `co64` when a chunk starts past 4 GiB.
    private static func appendChunkOffsets(_ chunks: [FragmentedTakeIndex.Chunk], to table: inout BoxBuilder) {
        let isLarge = chunks.contains { $0.offset > Int64(UInt32.max) }
        table.fullBox(isLarge ? "co64" : "stco", version: 0) { box in
            box.append(UInt64(chunks.count), width: 4)
            for chunk in chunks { box.append(UInt64(chunk.offset), width: isLarge ? 8 : 4) }
        }
    }

    /// AAC decoders need the packet before a seek point: a `roll` group of distance −1 covering every packet.
    private static func appendPreRoll(samples: Int, to table: inout BoxBuilder) {
        table.fullBox("sgpd", version: 1) { box in
            box.append(raw: Array("roll".utf8))
            box.append(2, width: 4)  // each description is 2 bytes long
            box.append(1, width: 4)
            box.append(0xFFFF, width: 2)  // roll distance −1
        }
        table.fullBox("sbgp", version: 0) { box in
            box.append(raw: Array("roll".utf8))
            box.append(1, width: 4)
            box.append(UInt64(samples), width: 4)
            box.append(1, width: 4)
        }
    }
}
