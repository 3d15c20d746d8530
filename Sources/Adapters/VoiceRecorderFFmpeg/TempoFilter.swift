import CFFmpeg
import VoiceRecorderCore

#if canImport(Glibc)
    import Glibc
#endif

/// FFmpeg's `atempo` filter on the package's PCM (mono float at 24 kHz): audio pushed in comes out `rate` times
/// faster or slower with its pitch kept (a time-domain overlap-add that lines up the waveform, so it neither
/// chipmunks nor drawls).
///
/// Owns one libavfilter graph, `abuffer → atempo → aformat → abuffersink`, freed in `deinit`. `aformat` pins what
/// comes out to the format that went in, so the graph never hands back planar or double samples whatever it
/// negotiates. The filter keeps some audio inside (about one analysis window, ~40 ms at 24 kHz) until more input
/// comes or `endInput()` flushes it. Not thread-safe: one owner, one thread at a time.
final class TempoFilter {
    /// The speeds one `atempo` instance gives (FFmpeg chains instances for more; nothing here needs more).
    static let rates: ClosedRange<Double> = 0.5 ... 2

    /// How much faster than normal the audio comes out (2: twice as fast, half as long).
    let rate: Double

    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let input: UnsafeMutablePointer<AVFilterContext>
    private let output: UnsafeMutablePointer<AVFilterContext>
    private let frame: Frame
    /// Frames pushed so far: the next frame's timestamp (in 1/24000 s), which `atempo` needs to be continuous.
    private var framesPushed: Int64 = 0
    private var isInputEnded = false

    /// Whether everything was pulled after `endInput()`: nothing more will come out.
    private(set) var isDrained = false

    /// A filter at `rate`; throws a worded `FFmpegError` for a speed outside `rates` ("cannot play at 3×: the speed
    /// must be from 0.5× to 2×") or when libavfilter cannot build the graph.
    init(rate: Double) throws(FFmpegError) {
        guard rate.isFinite, Self.rates.contains(rate) else {
            throw FFmpegError(
                code: vr_averror(EINVAL),
                message: "cannot play at \(Self.text(rate))×: the speed must be from 0.5× to 2×",
                operation: "atempo")
        }
        self.rate = rate
        do throws(FFmpegError) {
            try FFmpegLibraries.load()
        } catch {
            throw error.worded("cannot set up playback at \(Self.text(rate))×")
        }
        // libavfilter is opened apart, on first use (see CFFmpeg): only a change of speed needs it.
        guard vr_ffmpeg_load_filter() == 0 else {
            throw FFmpegError(
                code: vr_averror(ENOSYS),
                message: "cannot play at \(Self.text(rate))×: FFmpeg's filter library could not be loaded "
                    + "(\(String(cString: vr_ffmpeg_load_filter_error())))",
                operation: "dlopen(libavfilter)")
        }
        guard let graph = avfilter_graph_alloc() else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "avfilter_graph_alloc")
        }
        self.graph = graph
        do throws(FFmpegError) {
            // One thread: the graph is tiny, and libavfilter's worker threads would only add wake-ups.
            graph.pointee.nb_threads = 1
            let rateText = "\(AudioFormat.sampleRate)"
            input = try Self.add(
                "abuffer", "sample_rate=\(rateText):sample_fmt=flt:channel_layout=mono:time_base=1/\(rateText)",
                to: graph)
            let tempo = try Self.add("atempo", "tempo=\(Self.text(rate))", to: graph)
            let format = try Self.add(
                "aformat", "sample_fmts=flt:sample_rates=\(rateText):channel_layouts=mono", to: graph)
            output = try Self.add("abuffersink", nil, to: graph)
            try check(avfilter_link(input, 0, tempo, 0), "avfilter_link")
            try check(avfilter_link(tempo, 0, format, 0), "avfilter_link")
            try check(avfilter_link(format, 0, output, 0), "avfilter_link")
            try check(avfilter_graph_config(graph, nil), "avfilter_graph_config")
            frame = try Frame()
        } catch {
            avfilter_graph_free(&self.graph)
            throw error.worded("cannot set up playback at \(Self.text(rate))×")
        }
    }

    deinit {
        // A graph exists only once libavfilter was loaded; without one there is nothing to free (and nothing to
        // load libavfilter for).
        if graph != nil { avfilter_graph_free(&graph) }
    }

    /// Feeds samples in. Not after `endInput()`.
    func push(_ samples: [Float]) throws(FFmpegError) {
        precondition(!isInputEnded, "push after endInput")
        guard !samples.isEmpty else { return }
        do throws(FFmpegError) {
            try fill(frame, with: samples)
            // Without KEEP_REF the source takes the frame's buffer over and leaves `frame` empty, ready for reuse.
            try check(av_buffersrc_add_frame_flags(input, frame.pointer, 0), "av_buffersrc_add_frame_flags")
            framesPushed += Int64(samples.count)
        } catch {
            frame.unref()
            throw error.worded("cannot change the speed")
        }
    }

    /// Says no more input comes, so what the filter still holds can be pulled. Idempotent.
    func endInput() throws(FFmpegError) {
        guard !isInputEnded else { return }
        isInputEnded = true
        do throws(FFmpegError) {
            try check(av_buffersrc_add_frame_flags(input, nil, 0), "av_buffersrc_add_frame_flags")
        } catch {
            throw error.worded("cannot change the speed")
        }
    }

    /// Everything the filter can give now (possibly nothing: it waits for more input).
    func pull() throws(FFmpegError) -> [Float] {
        var samples: [Float] = []
        while !isDrained {
            let result = av_buffersink_get_frame(output, frame.pointer)
            let step: CodecStep
            do throws(FFmpegError) {
                step = try CodecStep(result, "av_buffersink_get_frame")
            } catch {
                throw error.worded("cannot change the speed")
            }
            switch step {
            case .again: return samples
            case .endOfStream: isDrained = true
            case .done:
                defer { frame.unref() }
                let count = Int(frame.pointer.pointee.nb_samples)
                if count > 0, let data = frame.pointer.pointee.data.0 {
                    data.withMemoryRebound(to: Float.self, capacity: count) { start in
                        samples.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
                    }
                }
            }
        }
        return samples
    }

    // MARK: Building

    private static func add(
        _ name: String, _ arguments: String?, to graph: UnsafeMutablePointer<AVFilterGraph>
    ) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
        guard let filter = avfilter_get_by_name(name) else {
            throw FFmpegError(
                code: vr_averror(ENOSYS), message: "this FFmpeg has no \(name) filter",
                operation: "avfilter_get_by_name")
        }
        var context: UnsafeMutablePointer<AVFilterContext>?
        try check(
            avfilter_graph_create_filter(&context, filter, name, arguments, nil, graph),
            "avfilter_graph_create_filter")
        guard let context else {
            throw FFmpegError(code: vr_averror(ENOMEM), operation: "avfilter_graph_create_filter")
        }
        return context
    }

    private func fill(_ frame: Frame, with samples: [Float]) throws(FFmpegError) {
        let pointer = frame.pointer
        pointer.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        pointer.pointee.sample_rate = Int32(AudioFormat.sampleRate)
        pointer.pointee.nb_samples = Int32(samples.count)
        pointer.pointee.pts = framesPushed
        try check(
            av_channel_layout_copy(&pointer.pointee.ch_layout, MonoLayout.shared.pointer), "av_channel_layout_copy")
        try check(av_frame_get_buffer(pointer, 0), "av_frame_get_buffer")
        samples.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(pointer.pointee.data.0!).copyMemory(
                from: bytes.baseAddress!, byteCount: bytes.count)
        }
    }

    /// A speed as people write it: "2", "1.5", "0.75".
    static func text(_ rate: Double) -> String {
        rate == rate.rounded() && abs(rate) < 1e9 ? String(Int(rate)) : String(rate)
    }
}

extension FFmpegError {
    /// This error with `summary` in front of its words ("cannot change the speed (Invalid argument)"), unless it is
    /// already the adapter's own sentence.
    fileprivate func worded(_ summary: String) -> FFmpegError {
        guard operation != "atempo", operation != "avfilter_get_by_name" else { return self }
        return FFmpegError(
            code: code, message: "\(summary) (\(message))", operation: operation, file: file,
            libraryMessage: libraryMessage)
    }
}
