import VoiceRecorderPOSIX

/// A fragmented take's index, read while the take is being written: each fragment is read as soon as it reaches the
/// file, so finishing the take reads only what came after the last one (the closing fragment and the `mfra`) rather
/// than the whole file.
///
/// ## Why
/// Reading a 5-minute take's index at the stop means reading its whole 2 MB (the fragments' headers lie between the
/// audio): 0.75 ms when the file is cached, several times that when it is not, and growing with the take. Read one
/// fragment at a time, just after it was written, the same work is spread over the recording (one small `pread`
/// each 0.256 s) and the stop costs the same for 10 s as for 5 minutes.
///
/// ## Trust
/// The mov muxer only appends to a fragmented file, so fragments once read stay true. What finishing checks anyway:
/// the leading `moov` is read again and must be byte for byte what was read at the start, and the walk over the
/// rest must be as strict as a walk over the whole file. Anything unexpected (a walk that was refused, a file that
/// cannot be read) makes `completed()` throw, and the caller reads the whole file as before.
package final class LiveTakeIndex {
    private var walk: FragmentWalk
    private var refusal: InPlaceConversionRefusal?
    /// Bytes read by `completed()` (for the tests that hold the stop to the file's tail).
    package private(set) var bytesReadToComplete: Int64 = 0

    /// Starts reading the take at `path` (which may still be empty); nothing is read until `advance()`.
    package init(path: String) throws(POSIX.Error) {
        let file = try POSIX.File(path: path, access: .readOnly, options: .nonBlocking)
        walk = FragmentWalk(reader: WindowedReader(file: file, fileSize: 0))
    }

    /// Reads the boxes appended since the last call, up to the last one that is whole. Never throws: a refusal is
    /// kept for `completed()`, and nothing more is read after it.
    package func advance() {
        guard refusal == nil else { return }
        do throws(InPlaceConversionRefusal) {
            walk.reader.fileSize = try currentSize()
            try walk.readTopLevelBoxes(stoppingAtAnIncompleteBox: true)
        } catch {
            refusal = error
        }
    }

    /// The index of the whole file, once its writer has closed it (after the muxer's trailer): reads what was
    /// appended since the last `advance()`, strictly, and checks the leading `moov` has not changed.
    package func completed() throws(InPlaceConversionRefusal) -> FragmentedTakeIndex {
        if let refusal { throw refusal }
        let bytesBefore = walk.reader.bytesRead
        defer { bytesReadToComplete += walk.reader.bytesRead - bytesBefore }
        walk.reader.fileSize = try currentSize()
        try walk.readTopLevelBoxes()
        let leadingMovie = walk.leadingMovieBytes
        guard !leadingMovie.isEmpty, readAgain(count: leadingMovie.count, at: walk.leadingMovieOffset) == leadingMovie
        else { throw InPlaceConversionRefusal(reason: "the leading moov changed while the take was written") }
        return try walk.index()
    }

    /// `count` bytes at `offset`, read from the file now (not from the walk's window, which may hold them from
    /// before).
    private func readAgain(count: Int, at offset: Int64) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let file = walk.reader.file
        let read = bytes.withUnsafeMutableBytes { try? file.read(into: $0, at: offset) }
        bytesReadToComplete += Int64(count)
        return read == count ? bytes : nil
    }

    private func currentSize() throws(InPlaceConversionRefusal) -> Int64 {
        guard let size = try? walk.reader.file.size() else {
            throw InPlaceConversionRefusal(reason: "the file cannot be read")
        }
        guard size >= walk.reader.fileSize else { throw InPlaceConversionRefusal(reason: "the file got shorter") }
        return size
    }
}
