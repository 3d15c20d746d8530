import CFFmpeg
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns a fragmented take into a plain `.m4a` without moving its audio: a plain `moov` listing the packets where
/// they already are is appended, then the leading `moov`'s header is rewritten into the header of one `mdat` that
/// spans everything up to the new `moov` (the old header, every `moof`, every `mdat`, the `mfra`).
///
/// The result is an ordinary plain MP4 — `ftyp`, one `mdat`, `moov` — whose chunk offsets point inside that
/// `mdat`; the bytes between the packets (old headers) are simply not referenced, which a media data box allows.
/// Compared with renaming each `moof` and the leading `moov` to `free` (tried first): one 8-byte write instead of
/// one per fragment (~600 for 5 minutes); the switch from fragmented to finished is a single write, so there is
/// no half-renamed state; and a finished take cut short still fails to open, as a damaged file should — FFmpeg's
/// demuxer, finding no `moov`, takes a `free` box that starts with an `mvhd` for the lost header and opens such a
/// file as a valid, empty one.
///
/// ## Order, and what a crash leaves
/// 1. `appendMovie()`: the plain `moov` is written at the end of the file in one `pwrite`, then made durable
///    (`fdatasync`). Killed before this completes, the file is still the fragmented take (a torn `moov` at its end
///    is cut off by recovery, like a torn fragment).
/// 2. `wrapFragments()`: one `pwrite` of the 8-byte `mdat` header over the leading `moov`'s. Until it lands the file
///    still announces fragments, so `TakeRecovery` sees it as unfinished; it recognises the plain `moov` already
///    at the end and only does this step (`completeInterruptedConversion`).
///
/// Cost: reading the index (~1 small `pread` per 0.5 s fragment), building and writing the `moov` (~4 bytes per
/// packet, 28 KB for 5 minutes), one `fdatasync`, one 8-byte `pwrite`. No audio byte is read or copied.
final class InPlaceTakeConversion {
    /// The audio frames the finished file holds (what its edit list presents).
    let frames: Int
    /// The plain `moov` that `appendMovie()` writes.
    let movie: PlainMovieBox
    /// Where the leading `moov` starts: the start of the `mdat` that `wrapFragments()` makes.
    let leadingMovieOffset: Int64
    /// Where the plain `moov` goes: the end of the file.
    let movieOffset: Int64
    private let descriptor: Int32
    private let path: String

    /// Reads the fragmented take at `url` and prepares its plain `moov`; `.failure` when the file's layout is not
    /// the one expected (the caller remuxes it instead). Nothing is written yet.
    static func prepare(url: URL, primingFrames: Int, exactFrames: Int?) -> Result<InPlaceTakeConversion, InPlaceConversionRefusal> {
        let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(InPlaceConversionRefusal(reason: "cannot open the file")) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failure(InPlaceConversionRefusal(reason: "not a regular file"))
        }
        switch FragmentedTakeIndex.read(descriptor: descriptor, fileSize: Int64(status.st_size)) {
        case .success(let index):
            do throws(InPlaceConversionRefusal) {
                let movie = try PlainMovieBox(index: index, primingFrames: primingFrames, exactFrames: exactFrames)
                return .success(InPlaceTakeConversion(
                    descriptor: descriptor, path: url.path, movie: movie, leadingMovieOffset: index.leadingMovieOffset,
                    movieOffset: index.fileSize))
            } catch {
                close(descriptor)
                return .failure(error)
            }
        case .failure(let refusal):
            close(descriptor)
            return .failure(refusal)
        }
    }

    private init(descriptor: Int32, path: String, movie: PlainMovieBox, leadingMovieOffset: Int64, movieOffset: Int64) {
        self.descriptor = descriptor
        self.path = path
        self.movie = movie
        self.frames = movie.frames
        self.leadingMovieOffset = leadingMovieOffset
        self.movieOffset = movieOffset
    }

    deinit { close(descriptor) }

    /// Runs both steps: the finished file is a plain `.m4a`. Returns its frames.
    func run() throws(FFmpegError) -> Int {
        try appendMovie()
        try wrapFragments()
        return frames
    }

    /// Step 1: appends the plain `moov` and makes it durable. On failure (a full disk) the file is cut back to what
    /// it was, still the fragmented take.
    func appendMovie() throws(FFmpegError) {
        let bytes = movie.bytes
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(movieOffset)) }
        let writeError = errno
        // Durable before step 2: once the fragments' headers are wrapped away, this `moov` is the only index.
        // fdatasync, not fsync: the file's new size is flushed by both; its times are not worth a second write.
        guard written == bytes.count, fdatasync(descriptor) == 0 else {
            let code = written == bytes.count ? errno : (written < 0 ? writeError : ENOSPC)
            _ = ftruncate(descriptor, off_t(movieOffset))
            throw Self.error(code, path: path, operation: "finish(write movie header)")
        }
    }

    /// Step 2: turns everything from the leading `moov` to the plain one into one `mdat`.
    func wrapFragments() throws(FFmpegError) {
        try Self.wrap(from: leadingMovieOffset, to: movieOffset, descriptor: descriptor, path: path)
    }

    /// Writes an `mdat` header at `start` for a box ending at `end`: 8 bytes, or 16 with a 64-bit size past 4 GiB.
    /// The leading `moov` (hundreds of bytes) always has room for either.
    private static func wrap(from start: Int64, to end: Int64, descriptor: Int32, path: String) throws(FFmpegError) {
        var header = BoxBuilder()
        let size = UInt64(end - start)
        if size <= UInt64(UInt32.max) {
            header.append(size, width: 4)
            header.append(raw: Array("mdat".utf8))
        } else {
            header.append(1, width: 4)
            header.append(raw: Array("mdat".utf8))
            header.append(size, width: 8)
        }
        let bytes = header.bytes
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard written == bytes.count else {
            throw error(written < 0 ? errno : EIO, path: path, operation: "finish(wrap fragments)")
        }
    }

    private static func error(_ code: Int32, path: String, operation: String) -> FFmpegError {
        FFmpegError(code: vr_averror(code), message: "\(path): \(String(cString: strerror(code)))", operation: operation)
    }
}

extension InPlaceTakeConversion {
    /// Completes a conversion a process died in the middle of: a take that still announces fragments but already
    /// ends with a complete plain `moov` of ours. Returns the frames that `moov`'s edit list presents, or nil when
    /// `url` is not such a file (nothing is written then).
    static func completeInterruptedConversion(at url: URL) throws(FFmpegError) -> Int? {
        guard let scanner = MP4BoxScanner(url: url) else { return nil }
        defer { scanner.close() }
        let top = scanner.boxes()
        guard scanner.isFragmented, let last = top.last, last.type == "moov", last.end == scanner.fileSize,
            let leading = top.first(where: { $0.type == "moov" }), leading.offset < last.offset, leading.size >= 16,
            last.size <= 1 << 22,
            let frames = plainMovieFrames(scanner.read(at: last.offset, count: Int(last.size)), before: last.offset)
        else { return nil }
        let descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno, path: url.path, operation: "recover(open interrupted take)") }
        defer { close(descriptor) }
        try wrap(from: leading.offset, to: last.offset, descriptor: descriptor, path: url.path)
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
            bytes.bigEndian(at: header.bodyStart, width: 1) == 0, bytes.bigEndian(at: mediaHeader.bodyStart, width: 1) == 0,
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
