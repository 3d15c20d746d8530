import VoiceRecorderPOSIX

/// Everything a fragmented take's boxes say about its audio, read without reading the audio: each packet's size
/// and duration, where each fragment's packets lie, and the parts of the leading `moov` a plain header reuses.
///
/// Reading costs one 64 KB `pread` per about 40 fragments (see `WindowedReader`), about 40 for a 5-minute take. The walk is `FragmentWalk`; the `moof` parsing, `TrackFragmentReading`.
package struct FragmentedTakeIndex: Equatable {
    /// One fragment's packets, stored back to back: a chunk of the plain file's sample tables.
    package struct Chunk: Equatable, Sendable {
        /// Where the first packet starts in the file.
        package let offset: Int64
        /// How many packets follow.
        package let sampleCount: Int
    }

    /// The leading `moov` (empty tables plus `mvex`): its header boxes are reused by the plain `moov`.
    package let movieHeader: MovieHeaderParts
    /// Every packet's size in bytes, in order.
    package let sampleSizes: [UInt32]
    /// Every packet's duration in the media time scale, in order, as the fragments record them.
    package let sampleDurations: [UInt32]
    /// One chunk per run of packets (one per fragment, as FFmpeg writes them).
    package let chunks: [Chunk]
    /// Where the leading `moov` starts.
    package let leadingMovieOffset: Int64
    /// The file's length: where the plain `moov` is appended.
    package let fileSize: Int64

    /// Reads the index of the fragmented take open as `file`, or says why its layout is not one to convert in
    /// place. The file must end on a box boundary (a cut-off fragment is truncated first).
    package static func read(from file: POSIX.File) throws(InPlaceConversionRefusal) -> FragmentedTakeIndex {
        guard let fileSize = try? file.size() else { throw InPlaceConversionRefusal(reason: "the file cannot be read") }
        var walk = FragmentWalk(reader: WindowedReader(file: file, fileSize: fileSize))
        try walk.readTopLevelBoxes()
        return try walk.index()
    }
}
