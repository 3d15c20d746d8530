import CFFmpeg

#if canImport(Glibc)
    import Glibc
#endif

/// An owned output `AVFormatContext` with its file: a container being written.
///
/// Writing the trailer has effects (it completes the file), so it happens in `finish()`, which throws; `deinit` only
/// closes the file and frees the context, without a trailer.
final class OutputFormatContext {
    /// The context; valid for the object's lifetime.
    let pointer: UnsafeMutablePointer<AVFormatContext>
    private var isFileOpen = false
    private var isHeaderWritten = false
    private var isFinished = false

    /// A context for the container `formatName` (e.g. `"ipod"`, the muxer behind `.m4a`), writing to `path`.
    ///
    /// The file must already exist (created with the mode it should have); it is opened here and truncated.
    init(formatName: String, path: String) throws(FFmpegError) {
        try FFmpegLibraries.load()
        var context: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&context, nil, formatName, path), "avformat_alloc_output_context2")
        guard let context else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "avformat_alloc_output_context2")
        }
        pointer = context
        var io: UnsafeMutablePointer<AVIOContext>?
        try check(avio_open(&io, path, AVIO_FLAG_WRITE), "avio_open(\(path))")
        pointer.pointee.pb = io
        isFileOpen = true
    }

    deinit {
        if isFileOpen { avio_closep(&pointer.pointee.pb) }
        avformat_free_context(pointer)
    }

    /// Whether the container wants codec configuration out of band (MP4 does).
    var wantsGlobalHeader: Bool { (pointer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0 }

    /// Adds the one audio stream, described by `parameters`, with `timeBase`.
    @discardableResult
    func addStream(parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational) throws(FFmpegError)
        -> UnsafeMutablePointer<AVStream>
    {
        guard let stream = avformat_new_stream(pointer, nil) else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "avformat_new_stream")
        }
        try check(avcodec_parameters_copy(stream.pointee.codecpar, parameters), "avcodec_parameters_copy")
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = timeBase
        return stream
    }

    /// Adds the one audio stream, described by an opened encoder.
    @discardableResult
    func addStream(encoder: CodecContext) throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(pointer, nil) else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "avformat_new_stream")
        }
        try check(
            avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), "avcodec_parameters_from_context"
        )
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        return stream
    }

    /// The stream's time base as the muxer settled it (it may change it in `writeHeader`).
    func timeBase(ofStream index: Int) -> AVRational {
        pointer.pointee.streams[index]!.pointee.time_base
    }

    /// Writes the container's header, with muxer options such as `movflags`.
    func writeHeader(options: [String: String] = [:]) throws(FFmpegError) {
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options {
            try check(av_dict_set(&dictionary, key, value, 0), "av_dict_set(\(key))")
        }
        try check(avformat_write_header(pointer, &dictionary), "avformat_write_header")
        if let unused = av_dict_get(dictionary, "", nil, AV_DICT_IGNORE_SUFFIX) {
            // An option the muxer did not take would silently change the file's shape: refuse it.
            let key = String(cString: unused.pointee.key)
            throw FFmpegError(
                code: vr_averror(EINVAL), message: "the muxer ignored the option \(key)",
                operation: "avformat_write_header")
        }
        isHeaderWritten = true
    }

    /// Writes one packet (its timestamps already in the stream's time base). The caller keeps the packet.
    func write(_ packet: Packet, operation: String = "av_write_frame") throws(FFmpegError) {
        try check(av_write_frame(pointer, packet.pointer), operation)
        if let io = pointer.pointee.pb, io.pointee.error < 0 {
            throw FFmpegError(code: io.pointee.error, operation: operation)
        }
    }

    /// Writes out what the muxer holds back now (`av_write_frame` with no packet): for the fragmented MP4 muxer, the
    /// fragment being filled, as a `moof` and its `mdat`.
    func flush(operation: String = "flush") throws(FFmpegError) {
        try check(av_write_frame(pointer, nil), operation)
        if let io = pointer.pointee.pb, io.pointee.error < 0 {
            throw FFmpegError(code: io.pointee.error, operation: operation)
        }
    }

    /// Writes the trailer (completing the container) and closes the file. Idempotent.
    func finish() throws(FFmpegError) {
        guard !isFinished else { return }
        isFinished = true
        if isHeaderWritten { try check(av_write_trailer(pointer), "av_write_trailer") }
        let errorBeforeClose = pointer.pointee.pb?.pointee.error ?? 0
        isFileOpen = false
        let closed = avio_closep(&pointer.pointee.pb)
        try check(errorBeforeClose, "av_write_trailer")
        try check(closed, "avio_closep")
    }

    /// Closes the file without a trailer (the take failed or is being discarded). Idempotent.
    func abandon() {
        isFinished = true
        if isFileOpen {
            isFileOpen = false
            avio_closep(&pointer.pointee.pb)
        }
    }
}
