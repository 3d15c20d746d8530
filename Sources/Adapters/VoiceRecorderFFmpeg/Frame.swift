import CFFmpeg

#if canImport(Glibc)
    import Glibc
#endif

/// An owned `AVFrame`: a run of raw audio on its way into an encoder or out of a decoder.
final class Frame {
    /// The frame; valid for the object's lifetime.
    let pointer: UnsafeMutablePointer<AVFrame>

    /// Allocates an empty frame (no sample buffers yet).
    init() throws(FFmpegError) {
        try FFmpegLibraries.load()
        guard let frame = av_frame_alloc() else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "av_frame_alloc")
        }
        pointer = frame
    }

    /// Allocates a frame with its own buffers for `capacity` mono planar-float samples at `sampleRate`.
    convenience init(monoFloatPlanarCapacity capacity: Int32, sampleRate: Int32) throws(FFmpegError) {
        try self.init()
        pointer.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        pointer.pointee.sample_rate = sampleRate
        pointer.pointee.nb_samples = capacity
        try check(
            av_channel_layout_copy(&pointer.pointee.ch_layout, MonoLayout.shared.pointer), "av_channel_layout_copy")
        try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer")
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// Makes sure the buffers are not shared with an encoder that still reads them, before they are overwritten.
    func makeWritable() throws(FFmpegError) {
        try check(av_frame_make_writable(pointer), "av_frame_make_writable")
    }

    /// Drops the frame's data, ready for reuse.
    func unref() { av_frame_unref(pointer) }
}

/// The mono channel layout, built once (`AV_CH_LAYOUT_MONO` does not import; `av_channel_layout_default` does).
/// `@unchecked Sendable`: the layout is filled once in `init` and only read after (C calls copy from it)
final class MonoLayout: @unchecked Sendable {
    /// Shared, never mutated after creation.
    static let shared = MonoLayout()
    /// The layout; read-only.
    let pointer: UnsafeMutablePointer<AVChannelLayout>

    private init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: AVChannelLayout())
        av_channel_layout_default(pointer, 1)
    }
}
