import CFFmpeg

#if canImport(Glibc)
    import Glibc
#endif

/// An owned libswresample context converting decoded audio (any layout, rate, sample format) to mono Float at the
/// package's rate, so every file reads back as the one PCM format the rest of the package uses.
final class Resampler {
    private var context: OpaquePointer?
    private let inputRate: Int32
    private let outputRate: Int32

    /// A converter from the decoder's output format to mono packed float at `outputRate`.
    init(from decoder: CodecContext, outputRate: Int32) throws(FFmpegError) {
        try FFmpegLibraries.load()
        let input = decoder.pointer
        inputRate = input.pointee.sample_rate
        self.outputRate = outputRate
        var inputLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&inputLayout) }
        if input.pointee.ch_layout.nb_channels > 0 {
            try check(av_channel_layout_copy(&inputLayout, &input.pointee.ch_layout), "av_channel_layout_copy")
        } else {
            av_channel_layout_default(&inputLayout, 1)
        }
        if inputLayout.order == AV_CHANNEL_ORDER_UNSPEC {
            // An unspecified order cannot be downmixed; the default order for the same count can.
            let count = inputLayout.nb_channels
            av_channel_layout_uninit(&inputLayout)
            av_channel_layout_default(&inputLayout, count)
        }
        try check(
            swr_alloc_set_opts2(
                &context, MonoLayout.shared.pointer, AV_SAMPLE_FMT_FLT, outputRate,
                &inputLayout, input.pointee.sample_fmt, inputRate, 0, nil),
            "swr_alloc_set_opts2")
        guard context != nil else { throw FFmpegError(code: vr_averror(ENOMEM), operation: "swr_alloc_set_opts2") }
        // Mono is the average of the channels. libswresample's default downmix adds them at −3 dB each, which
        // makes a stereo recording of one voice 3 dB louder than the same voice in mono, and can clip.
        let channelCount = Int(inputLayout.nb_channels)
        if channelCount > 1 {
            let matrix = [Double](repeating: 1 / Double(channelCount), count: channelCount)
            try check(swr_set_matrix(context, matrix, Int32(channelCount)), "swr_set_matrix")
        }
        try check(swr_init(context), "swr_init")
    }

    deinit { swr_free(&context) }

    /// Converts one decoded frame; returns the mono samples now available (possibly none, held back by the filter).
    func convert(_ frame: Frame) throws(FFmpegError) -> [Float] {
        let inputCount = frame.pointer.pointee.nb_samples
        // `extended_data` is `uint8_t **`; swr_convert reads it as `const uint8_t **`.
        let planes = UnsafeMutableRawPointer(frame.pointer.pointee.extended_data)!
            .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        return try pull(maxInput: inputCount) { output, capacity in
            swr_convert(context, output, capacity, planes, inputCount)
        }
    }

    /// Drains what the filter still holds (at the end of the stream).
    func flush() throws(FFmpegError) -> [Float] {
        try pull(maxInput: 0) { output, capacity in swr_convert(context, output, capacity, nil, 0) }
    }

    private func pull(
        maxInput: Int32, _ convert: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, Int32) -> Int32
    ) throws(FFmpegError) -> [Float] {
        let capacity = Int32(swr_get_out_samples(context, maxInput)) + 32
        guard capacity > 0 else { return [] }
        var samples = [Float](repeating: 0, count: Int(capacity))
        let produced = samples.withUnsafeMutableBytes { bytes -> Int32 in
            var plane: UnsafeMutablePointer<UInt8>? = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return convert(&plane, capacity)
        }
        try check(produced, "swr_convert")
        samples.removeLast(samples.count - Int(produced))
        return samples
    }
}
