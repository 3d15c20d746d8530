import CFFmpeg
import Foundation
import VoiceRecorder

/// Decodes an audio file, pull by pull, to mono Float PCM at `AudioFormat.sampleRate` — whatever its codec, rate and
/// channels — and can seek: what a player pulls PCM from.
///
/// Reads never hold more than about one decoded frame beyond what was asked for. Not thread-safe: use one decoder
/// from one thread at a time.
public final class AudioFileDecoder: PCMPullSource {
    /// What the file holds.
    public let info: AudioFileInfo

    /// The file's length in seconds (0 when the container does not say).
    public var duration: Double { info.duration ?? 0 }

    private let input: InputFormatContext
    private let streamIndex: Int32
    private let decoder: CodecContext
    private var resampler: Resampler
    private let packet: Packet
    private let frame: Frame
    private let outputRate = Int32(AudioFormat.sampleRate)
    private let streamTimeBase: AVRational
    /// Frames (at the output rate) the container says the stream holds; output stops there, trimming the last
    /// frame's padding. `nil` when the container does not say precisely.
    private let declaredFrames: Int?

    /// Decoded samples not handed out yet.
    private var pending: [Float] = []
    /// Output position (in output frames) of `pending.first`.
    private var position = 0
    /// Samples before this time (in output frames) are dropped: the target of a seek, or 0 (the priming, when a
    /// container marks it with negative timestamps).
    private var discardBefore = 0
    private var isInputDrained = false
    private var isAtEnd = false

    /// Opens `url`. Throws `FFmpegError` for a missing file, a directory, a file FFmpeg cannot read, or one with no
    /// audio stream, saying which in words ("cut.m4a: the file is truncated").
    public convenience init(url: URL) throws {
        do throws(FFmpegError) {
            try self.init(opening: url)
        } catch {
            throw error.concerning(FFmpegError.fileName(of: url.path), "cannot be read as audio")
        }
    }

    private init(opening url: URL) throws(FFmpegError) {
        input = try InputFormatContext(path: url.path)
        streamIndex = try input.bestAudioStreamIndex()
        let stream = input.stream(streamIndex)
        // Read only the audio stream: skip the packets of any other (a cover picture, a video track).
        for index in 0 ..< Int(input.pointer.pointee.nb_streams) where index != Int(streamIndex) {
            input.pointer.pointee.streams[index]!.pointee.discard = AVDISCARD_ALL
        }
        let parameters = stream.pointee.codecpar!
        decoder = try CodecContext.decoder(for: parameters, packetTimeBase: stream.pointee.time_base)
        resampler = try Resampler(from: decoder, outputRate: outputRate)
        packet = try Packet()
        frame = try Frame()
        streamTimeBase = stream.pointee.time_base

        var duration: Double?
        var declaredFrames: Int?
        if stream.pointee.duration != vr_av_nopts_value() && stream.pointee.duration > 0 {
            let seconds = Double(stream.pointee.duration) * av_q2d(streamTimeBase)
            duration = seconds
            declaredFrames = Int((seconds * Double(outputRate)).rounded())
        } else if input.pointer.pointee.duration != vr_av_nopts_value() && input.pointer.pointee.duration > 0 {
            duration = Double(input.pointer.pointee.duration) / Double(AV_TIME_BASE)
        }
        // Only a duration the container states for the stream is trusted to trim the tail; estimates are not.
        self.declaredFrames =
            input.pointer.pointee.duration_estimation_method == AVFMT_DURATION_FROM_STREAM ? declaredFrames : nil
        info = AudioFileInfo(
            url: url, formatName: input.formatName,
            codecName: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
            sampleRate: Int(parameters.pointee.sample_rate),
            channels: Int(parameters.pointee.ch_layout.nb_channels),
            duration: duration)
    }

    /// The next at most `maxFrames` mono samples at 24 kHz, or `nil` at the end of the audio. Throws
    /// `FFmpegError` when the file cannot be read or decoded further.
    public func read(maxFrames: Int) throws -> [Float]? {
        precondition(maxFrames > 0, "read at least one frame")
        do throws(FFmpegError) {
            while pending.count < maxFrames && !isAtEnd {
                try decodeMore()
            }
        } catch {
            throw error.concerning(input.fileName, "cannot be decoded")
        }
        guard !pending.isEmpty else { return nil }
        let count = min(maxFrames, pending.count)
        let chunk = Array(pending[0 ..< count])
        pending.removeFirst(count)
        position += count
        return chunk
    }

    /// How far before a seek target decoding starts (two AAC frames at 24 kHz, in output frames).
    static let seekPrerollFrames = 2_048

    /// Moves to `seconds` from the start (clamped at 0): the next `read` starts there, sample-exact.
    public func seek(to seconds: Double) throws {
        do throws(FFmpegError) {
            try move(to: seconds)
        } catch {
            throw error.concerning(input.fileName, "cannot seek")
        }
    }

    private func move(to seconds: Double) throws(FFmpegError) {
        let target = max(0, Int((seconds * Double(outputRate)).rounded()))
        // Land a little early and decode up to the target: a codec like AAC needs the frame before to rebuild the
        // first samples (overlapping transforms), so decoding straight from the target's frame would glitch.
        let preroll = max(0, target - Self.seekPrerollFrames)
        let timestamp = av_rescale_q(Int64(preroll), AVRational(num: 1, den: outputRate), streamTimeBase)
        try input.seek(stream: streamIndex, to: timestamp)
        decoder.flushBuffers()
        // The resampler may hold samples from before the seek: start a fresh one.
        resampler = try Resampler(from: decoder, outputRate: outputRate)
        pending.removeAll()
        position = target
        discardBefore = target
        isInputDrained = false
        isAtEnd = false
    }

    /// Decodes until some output is added or the end is reached.
    private func decodeMore() throws(FFmpegError) {
        switch try decoder.receive(frame) {
        case .done:
            defer { frame.unref() }
            let samples = try resampler.convert(frame)
            let timestamp = frame.pointer.pointee.best_effort_timestamp
            let start =
                timestamp == vr_av_nopts_value()
                ? position + pending.count
                : Int(av_rescale_q(timestamp, streamTimeBase, AVRational(num: 1, den: outputRate)))
            append(samples, startingAt: start)
        case .again:
            try feedDecoder()
        case .endOfStream:
            append(try resampler.flush(), startingAt: nil)
            isAtEnd = true
        }
    }

    private func feedDecoder() throws(FFmpegError) {
        guard !isInputDrained else { return }
        while true {
            if try input.read(into: packet) {
                defer { packet.unref() }
                guard packet.pointer.pointee.stream_index == streamIndex,
                    (packet.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT) == 0
                else { continue }
                let sent = avcodec_send_packet(decoder.pointer, packet.pointer)
                if sent == vr_averror_invaliddata() {
                    // One damaged packet (a file cut mid-write) is skipped, as players do, rather than ending playback.
                    continue
                }
                if try CodecStep(sent, "avcodec_send_packet") == .again {
                    // The decoder is full; it keeps nothing of this packet, so this would lose it. It cannot happen:
                    // we only feed after the decoder asked for input (EAGAIN from receive).
                    throw FFmpegError(code: vr_averror_eagain(), operation: "avcodec_send_packet")
                }
                return
            } else {
                isInputDrained = true
                _ = try decoder.send(nil as Packet?)
                return
            }
        }
    }

    /// Adds decoded samples, dropping what lies before `discardBefore` or after the declared end.
    private func append(_ samples: [Float], startingAt start: Int?) {
        var slice = samples[...]
        if let start, start < discardBefore {
            slice = slice.dropFirst(discardBefore - start)
        }
        if let declaredFrames {
            let room = max(0, declaredFrames - (position + pending.count))
            if slice.count > room { slice = slice.prefix(room) }
        }
        pending += slice
    }
}
