import CFFmpeg

#if canImport(Glibc)
    import Glibc
#endif

/// An owned, opened `AVCodecContext`: an encoder or a decoder.
final class CodecContext {
    /// The context; valid for the object's lifetime.
    let pointer: UnsafeMutablePointer<AVCodecContext>

    private init(codec: UnsafePointer<AVCodec>, operation: String) throws(FFmpegError) {
        guard let context = avcodec_alloc_context3(codec) else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: operation)
        }
        pointer = context
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    /// FFmpeg's native AAC-LC encoder for mono planar float at `sampleRate`, opened.
    ///
    /// - Parameter globalHeader: whether the container wants the codec configuration out of band (MP4 does).
    static func aacEncoder(sampleRate: Int32, bitRate: Int, globalHeader: Bool) throws(FFmpegError) -> CodecContext {
        try FFmpegLibraries.load()
        guard let codec = avcodec_find_encoder_by_name("aac") else {
            throw FFmpegError(
                code: vr_averror(ENOSYS), message: "FFmpeg has no native AAC encoder", operation: "avcodec_find_encoder"
            )
        }
        let encoder = try CodecContext(codec: codec, operation: "avcodec_alloc_context3(aac)")
        let context = encoder.pointer
        context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        context.pointee.sample_rate = sampleRate
        context.pointee.bit_rate = Int64(bitRate)
        context.pointee.profile = FF_PROFILE_AAC_LOW
        context.pointee.time_base = AVRational(num: 1, den: sampleRate)
        try check(
            av_channel_layout_copy(&context.pointee.ch_layout, MonoLayout.shared.pointer), "av_channel_layout_copy")
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try check(avcodec_open2(context, codec, nil), "avcodec_open2(aac)")
        return encoder
    }

    /// A decoder for a stream described by `parameters`, opened.
    ///
    /// `packetTimeBase` is the time base of the packets it will be fed (their stream's): with it, samples the
    /// container says to skip (an edit list starting inside a frame) move the frame's timestamp too; without it,
    /// FFmpeg skips them but leaves the timestamp of the frame's first sample, so a frame looks earlier than it is.
    static func decoder(for parameters: UnsafePointer<AVCodecParameters>, packetTimeBase: AVRational)
        throws(FFmpegError) -> CodecContext
    {
        try FFmpegLibraries.load()
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            throw FFmpegError(
                code: vr_averror(ENOSYS), message: "FFmpeg cannot decode \(name) audio",
                operation: "avcodec_find_decoder")
        }
        let decoder = try CodecContext(codec: codec, operation: "avcodec_alloc_context3(decoder)")
        try check(avcodec_parameters_to_context(decoder.pointer, parameters), "avcodec_parameters_to_context")
        decoder.pointer.pointee.pkt_timebase = packetTimeBase
        try check(avcodec_open2(decoder.pointer, codec, nil), "avcodec_open2(decoder)")
        return decoder
    }

    /// Frames the encoder wants per call (1024 for AAC).
    var frameSize: Int32 { pointer.pointee.frame_size }

    /// Samples the encoder puts before the audio (AAC's priming), which a container's edit list must skip.
    var initialPadding: Int32 { pointer.pointee.initial_padding }

    /// Feeds a frame to the encoder, or `nil` to start draining it.
    func send(_ frame: Frame?) throws(FFmpegError) -> CodecStep {
        try CodecStep(avcodec_send_frame(pointer, frame?.pointer), "avcodec_send_frame")
    }

    /// Takes the next encoded packet, if one is ready.
    func receive(_ packet: Packet) throws(FFmpegError) -> CodecStep {
        try CodecStep(avcodec_receive_packet(pointer, packet.pointer), "avcodec_receive_packet")
    }

    /// Feeds a packet to the decoder, or `nil` to start draining it.
    func send(_ packet: Packet?) throws(FFmpegError) -> CodecStep {
        try CodecStep(avcodec_send_packet(pointer, packet?.pointer), "avcodec_send_packet")
    }

    /// Takes the next decoded frame, if one is ready.
    func receive(_ frame: Frame) throws(FFmpegError) -> CodecStep {
        try CodecStep(avcodec_receive_frame(pointer, frame.pointer), "avcodec_receive_frame")
    }

    /// Forgets buffered input and output (after a seek).
    func flushBuffers() { avcodec_flush_buffers(pointer) }
}
