import CFFmpeg
import Foundation
import VoiceRecorderCore
import VoiceRecorderPOSIX

/// Finishes a fragmented take by remuxing it through FFmpeg into a new plain `.m4a` that atomically replaces it:
/// the general way, used when `InPlaceTakeConversion` finds a layout it does not expect (a damaged file, a take
/// with no audio), and the way a take is cut to the part kept (SPEC D.5).
///
/// Packets are copied unchanged, shifted by the priming so that the mov muxer writes an `elst` with
/// `media_time` = priming, and the last packet's duration is cut to the last recorded frame; the movie time scale
/// is the sample rate so the edit list is exact to the frame. It reads and writes every packet, so its cost grows
/// with the take (figures in docs/DESIGN.md): hence only the fallback for a whole take.
///
/// Cutting plays from the first frame boundary inside the kept range (`CodedFrameCut`) and keeps only the packets
/// from there to the range's end, plus the one before them that the decoder needs to rebuild the first (AAC
/// overlaps each frame with the one before): the packet the range's start fell in. They are shifted so that the
/// played start is time 0: the edit list's `media_time` skips the pre-roll packet, and the last packet is cut to end
/// where the range ends. The new file holds no byte of the packets before the pre-roll one, so the audio cut away
/// from the start cannot be recovered from it beyond that one frame.
enum TakeRemuxer {
    /// Remuxes the fragmented file at `url` into a plain `.m4a` that atomically replaces it, and returns the audio
    /// frames it holds.
    ///
    /// - Parameters:
    ///   - primingFrames: the encoder's priming at the head of the stream (1024 for FFmpeg's AAC encoder).
    ///   - exactFrames: the frames actually recorded, when known: the last packet is trimmed to end there.
    ///     `nil` (recovery) keeps the durations written in the fragments.
    ///   - kept: the frames to keep, counted from the take's first recorded frame, as given (`cut` finds where a
    ///     cut can start); nil keeps the whole take.
    static func remux(
        fragmentedFileAt url: URL, primingFrames: Int, exactFrames: Int?, keeping kept: Range<Int>? = nil
    ) throws(FFmpegError) -> Int {
        let partialPath = partialFileURL(for: url).path
        let name = FFmpegError.fileName(of: url.path)
        let summary = kept == nil ? "cannot finish the take" : "cannot cut the take to the part kept"
        do throws(POSIX.Error) {
            try POSIX.removeFile(ifPresent: partialPath)
            try createPrivateFile(atPath: partialPath)
        } catch {
            throw FFmpegError(error, file: name, summary: summary, operation: "create(finished take)")
        }
        do throws(FFmpegError) {
            let frames = try remux(
                from: url.path, to: partialPath, primingFrames: primingFrames, exactFrames: exactFrames, kept: kept)
            do throws(POSIX.Error) {
                try POSIX.rename(partialPath, to: url.path)
            } catch {
                throw FFmpegError(error, file: name, summary: summary, operation: "rename(finished take)")
            }
            return frames
        } catch {
            _ = try? POSIX.removeFile(ifPresent: partialPath)
            throw error.concerning(name, summary)
        }
    }

    /// Cuts the fragmented take at `url` to the frames `kept` (counted from the take's first recorded frame) into a
    /// plain `.m4a` that atomically replaces it, and returns the frames of the take it plays: from the first coded
    /// frame boundary inside `kept` to its end (or to the last recorded frame, when that comes first).
    ///
    /// - Parameters:
    ///   - primingFrames: the encoder's priming at the head of the stream; coded frames start at
    ///     `k × 1024 − primingFrames` in take frames.
    ///   - exactFrames: the frames actually recorded, when known (`nil` after a failure: the fragments' own).
    static func cut(
        fragmentedFileAt url: URL, primingFrames: Int, exactFrames: Int?, keeping kept: Range<Int>
    ) throws(FFmpegError) -> Range<Int> {
        let played = CodedFrameCut.playedFrames(keeping: kept, priming: primingFrames)
        let frames = try remux(
            fragmentedFileAt: url, primingFrames: primingFrames, exactFrames: exactFrames, keeping: played)
        return played.lowerBound ..< played.lowerBound + frames
    }

    /// Where the plain file is built before it replaces the fragmented one (same directory, so the rename is atomic).
    static func partialFileURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".finishing")
    }

    /// Copies the packets of `source` (all, or those `kept` needs) into a new plain `.m4a` at `destination` and
    /// returns the frames it holds.
    private static func remux(
        from source: String, to destination: String, primingFrames: Int, exactFrames: Int?, kept: Range<Int>?
    ) throws(FFmpegError) -> Int {
        // The file is our own: its header says everything, so skip the costly stream probing.
        let input = try InputFormatContext(path: source, probeStreams: false)
        let streamIndex = try input.bestAudioStreamIndex()
        let inputStream = input.stream(streamIndex)
        let sampleRate = inputStream.pointee.codecpar.pointee.sample_rate
        let inputTimeBase = inputStream.pointee.time_base
        let frameTimeBase = AVRational(num: 1, den: sampleRate)

        let output = try OutputFormatContext(formatName: "ipod", path: destination)
        let outputStream = try output.addStream(parameters: inputStream.pointee.codecpar, timeBase: frameTimeBase)
        if outputStream.pointee.codecpar.pointee.frame_size == 0 {
            // Unprobed parameters lack the frame size; AAC's is fixed, and the muxer wants it for its tables.
            outputStream.pointee.codecpar.pointee.frame_size = 1_024
        }
        // The edit list is written in the movie's time scale: FFmpeg's default (1000) would round the take's end
        // to the millisecond; the sample rate keeps it exact to the frame.
        try output.writeHeader(options: ["movie_timescale": String(sampleRate)])
        let outputTimeBase = output.timeBase(ofStream: 0)

        let priming = av_rescale_q(Int64(primingFrames), frameTimeBase, inputTimeBase)
        // Without stream probing the demuxer leaves packet durations at 0: each one is the gap to the next, and
        // the last one ends where the take ends (the frames recorded, or what the fragments declare).
        let declaredEnd = inputStream.pointee.duration > 0 ? inputStream.pointee.duration : nil
        let exactEnd = exactFrames.map { av_rescale_q(Int64($0), frameTimeBase, inputTimeBase) }
        let selection = try kept.map { (range) throws(FFmpegError) in
            try KeptPackets(
                start: av_rescale_q(Int64(range.lowerBound), frameTimeBase, inputTimeBase),
                end: av_rescale_q(Int64(range.upperBound), frameTimeBase, inputTimeBase))
        }
        // Packet times are kept in take time (0 = the first recorded frame) until written; the written file starts
        // at the kept start.
        let shift = selection?.start ?? 0
        var origin: Int64?
        var end: Int64 = 0
        var packetsWritten = 0
        var typicalDuration = av_rescale_q(1_024, frameTimeBase, inputTimeBase)
        // One packet is held back until the next one tells its duration.
        var held = try Packet()
        var next = try Packet()
        var holding = false

        func write(_ packet: Packet) throws(FFmpegError) {
            packet.pointer.pointee.pts -= shift
            packet.pointer.pointee.dts = packet.pointer.pointee.pts
            end = packet.pointer.pointee.pts + packet.pointer.pointee.duration
            av_packet_rescale_ts(packet.pointer, inputTimeBase, outputTimeBase)
            packet.pointer.pointee.stream_index = 0
            packet.pointer.pointee.pos = -1
            try output.write(packet, operation: "finish")
            packet.unref()
            packetsWritten += 1
        }

        /// Writes `packet` (its duration known) if the file is to hold it; false once past the kept range.
        func offer(_ packet: Packet) throws(FFmpegError) -> Bool {
            guard let selection else {
                try write(packet)
                return true
            }
            switch selection.place(packet) {
            case .before: return true
            case .after: return false
            case .inside(let preRoll):
                if let preRoll { try write(preRoll) }
                try write(packet)
                return true
            }
        }

        while try input.read(into: next) {
            let packet = next.pointer
            guard packet.pointee.stream_index == streamIndex,
                (packet.pointee.flags & AV_PKT_FLAG_CORRUPT) == 0
            else {
                next.unref()
                continue
            }
            let timestamp = packet.pointee.pts == vr_av_nopts_value() ? packet.pointee.dts : packet.pointee.pts
            let start = origin ?? timestamp
            origin = start
            // Negative timestamps for the priming make the muxer write the edit list that skips it.
            packet.pointee.pts = timestamp - start - priming
            packet.pointee.dts = packet.pointee.pts
            if holding {
                let gap = packet.pointee.pts - held.pointer.pointee.pts
                if gap > 0 { typicalDuration = gap }
                held.pointer.pointee.duration = typicalDuration
                guard try offer(held) else {
                    holding = false
                    next.unref()
                    break
                }
            }
            swap(&held, &next)
            holding = true
        }
        if holding {
            let packet = held.pointer
            var duration = typicalDuration
            if let exactEnd {
                duration = exactEnd - packet.pointee.pts
            } else if let declaredEnd, let origin {
                let streamStart =
                    inputStream.pointee.start_time == vr_av_nopts_value() ? 0 : inputStream.pointee.start_time
                duration = declaredEnd - (packet.pointee.pts + priming + origin - streamStart)
            }
            // Only ever shorten the last packet: an end beyond what was encoded is not trusted.
            packet.pointee.duration = duration > 0 && duration < typicalDuration ? duration : typicalDuration
            _ = try offer(held)
        }
        if kept != nil && packetsWritten == 0 {
            throw FFmpegError(
                code: vr_averror(EINVAL), message: "no recorded audio lies in the part kept", operation: "finish")
        }
        try output.finish()
        return Int(max(av_rescale_q(end, inputTimeBase, frameTimeBase), 0))
    }
}
