import VoiceRecorderPOSIX

/// Turns a fragmented take into a plain `.m4a` without moving its audio: a plain `moov` listing the packets where
/// they already are is appended, then the leading `moov`'s header is rewritten into the header of one `mdat` that
/// spans everything up to the new `moov` (the old header, every `moof`, every `mdat`, the `mfra`).
///
/// The result is an ordinary plain MP4 — `ftyp`, one `mdat`, `moov` — whose chunk offsets point inside that
/// `mdat`; the bytes between the packets (old headers) are simply not referenced, which a media data box allows.
/// Why one `mdat` rather than renaming each `moof` and the leading `moov` to `free`: one 8-byte write instead of
/// one per fragment; the switch from fragmented to finished is a single write, so there is
/// no half-renamed state; and a finished take cut short still fails to open, as a damaged file should — FFmpeg's
/// demuxer, finding no `moov`, takes a `free` box that starts with an `mvhd` for the lost header and opens such a
/// file as a valid, empty one.
///
/// ## Order, and what a crash leaves
/// 1. `appendMovie()`: the plain `moov` is written at the end of the file, then made durable (`fdatasync`).
///    Killed before this completes, the file is still the fragmented take (a torn `moov` at its end is cut off by
///    recovery, like a torn fragment).
/// 2. `wrapFragments()`: one write of the 8-byte `mdat` header over the leading `moov`'s. Until it lands the file
///    still announces fragments, so recovery sees it as unfinished; it recognises the plain `moov` already at the
///    end and only does this step (`completeInterruptedConversion`).
///
/// Cost: reading the index (one 64 KB `pread` per ~40 fragments; only the file's tail when a `LiveTakeIndex` read
/// the fragments as they were written), building and writing the `moov` (~4 bytes per
/// packet), one `fdatasync`, one 8-byte `pwrite`. No audio byte is copied or rewritten.
package final class InPlaceTakeConversion {
    /// The audio frames the finished file holds (what its edit list presents).
    package let frames: Int
    /// The plain `moov` that `appendMovie()` writes.
    package let movie: PlainMovieBox
    /// Where the leading `moov` starts: the start of the `mdat` that `wrapFragments()` makes.
    package let leadingMovieOffset: Int64
    /// Where the plain `moov` goes: the end of the file.
    package let movieOffset: Int64
    private let file: POSIX.File

    /// Reads the fragmented take at `path` and prepares its plain `moov`; throws when the file's layout is not the
    /// one expected, or it cannot be opened for writing (the caller remuxes it instead). Nothing is written yet.
    ///
    /// - Parameters:
    ///   - index: the take's index when it was read while the take was written (`LiveTakeIndex`): then the file
    ///     is not read, only checked to be the one indexed (its length). `nil`: the index is read from the file.
    ///   - primingFrames: the encoder's priming at the head of the stream, skipped by the edit list.
    ///   - exactFrames: the frames actually recorded, when known: the last packet is shortened to end there.
    ///     `nil` (recovery) keeps the durations the fragments record.
    package init(path: String, index knownIndex: FragmentedTakeIndex? = nil, primingFrames: Int, exactFrames: Int?)
        throws(InPlaceConversionRefusal)
    {
        let file: POSIX.File
        let status: POSIX.FileStatus
        do throws(POSIX.Error) {
            file = try POSIX.File(path: path, access: .readWrite, options: .nonBlocking)
            status = try file.status()
        } catch {
            throw InPlaceConversionRefusal(reason: "the file cannot be opened (\(error.words))")
        }
        guard status.kind == .regularFile else { throw InPlaceConversionRefusal(reason: "not a regular file") }
        let index: FragmentedTakeIndex
        if let knownIndex {
            guard knownIndex.fileSize == status.size else {
                throw InPlaceConversionRefusal(reason: "the file is not the one indexed")
            }
            index = knownIndex
        } else {
            index = try FragmentedTakeIndex.read(from: file)
        }
        movie = try PlainMovieBox(index: index, primingFrames: primingFrames, exactFrames: exactFrames)
        frames = movie.frames
        leadingMovieOffset = index.leadingMovieOffset
        movieOffset = index.fileSize
        self.file = file
    }

    /// Runs both steps: the finished file is a plain `.m4a`. Returns its frames.
    package func run() throws(POSIX.Error) -> Int {
        try appendMovie()
        try wrapFragments()
        return frames
    }

    /// Step 1: appends the plain `moov` and makes it durable. On failure (a full disk) the file is cut back to what
    /// it was, still the fragmented take.
    package func appendMovie() throws(POSIX.Error) {
        do throws(POSIX.Error) {
            try file.write(movie.bytes, at: movieOffset)
            // Durable before step 2: once the fragments' headers are wrapped away, this `moov` is the only index.
            // fdatasync, not fsync: the file's new size is flushed by both; its times are not worth a second write.
            try file.synchronizeData()
        } catch {
            try? file.truncate(to: movieOffset)
            throw error
        }
    }

    /// Step 2: turns everything from the leading `moov` to the plain one into one `mdat`.
    package func wrapFragments() throws(POSIX.Error) {
        try Self.wrap(file, from: leadingMovieOffset, to: movieOffset)
    }

    /// Writes an `mdat` header at `start` for a box ending at `end`: 8 bytes, or 16 with a 64-bit size past 4 GiB.
    /// The leading `moov` (hundreds of bytes) always has room for either.
    static func wrap(_ file: POSIX.File, from start: Int64, to end: Int64) throws(POSIX.Error) {
        var header = BoxBuilder()
        let size = UInt64(end - start)
        let isLarge = size > UInt64(UInt32.max)
        header.append(isLarge ? 1 : size, width: 4)
        header.append(raw: FourCharacterCode("mdat").bytes)
        if isLarge { header.append(size, width: 8) }
        try file.write(header.bytes, at: start)
    }
}
