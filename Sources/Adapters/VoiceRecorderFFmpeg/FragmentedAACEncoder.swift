import CFFmpeg
import Foundation
import VoiceRecorderCore
import VoiceRecorderMP4

/// Encodes mono float PCM to AAC-LC and writes it, as it comes, into a fragmented MP4 (`.m4a`) file.
///
/// Fragments of `fragmentPackets` encoder frames (0.256 s) are written to the file the moment their last packet
/// is encoded, so a process killed mid-take leaves a file that decodes up to its last fragment, and loses at most
/// about 0.32 s (SPEC B.7 allows 0.5 s). Not thread-safe: `M4ATakeWriter` serialises calls.
final class FragmentedAACEncoder {
    /// The muxer options that make the file playable while it is being written: `empty_moov` writes the header
    /// before any audio, `frag_keyframe` + `default_base_moof` make self-contained fragments.
    ///
    /// The muxer itself never ends an audio fragment (its key-frame rule is for video): the encoder does, by
    /// flushing. Its own `frag_duration` would only end one when the packet after it arrives, one encoder frame
    /// (43 ms) later.
    static let fragmentOptions = [
        "movflags": "frag_keyframe+empty_moov+default_base_moof"
    ]

    /// Encoder frames (1024 samples, 42.7 ms) per fragment: 6 make 0.256 s.
    ///
    /// A kill loses the fragment being filled, the frame the encoder holds back (its priming delay) and the
    /// capture buffer in flight: at most 0.256 + 0.043 + 0.02 ≈ 0.32 s. With 12 frames (0.512 s, the muxer's
    /// `frag_duration` of 0.5 s) that worst case was 0.62 s. More fragments cost a little: each adds a `moof` of
    /// about 100 bytes to the file and one entry to the index the finish reads (about 1 µs).
    static let fragmentPackets = 6

    private let output: OutputFormatContext
    private let encoder: CodecContext
    private let frame: Frame
    private let packet: Packet
    private let frameSize: Int
    private let streamTimeBase: AVRational
    /// Samples waiting for a full encoder frame (always fewer than `frameSize`).
    private var pending: [Float] = []
    /// Presentation time of the next encoder frame, in samples.
    private var nextTimestamp: Int64 = 0
    /// Packets written into the fragment being filled.
    private var packetsInFragment = 0

    /// The file's index, read fragment by fragment as each is written, so that finishing reads only the file's
    /// tail; nil when the file could not be opened to read (finishing then reads it whole).
    let liveIndex: LiveTakeIndex?

    /// Frames handed to `append` so far.
    private(set) var framesAppended = 0
    /// The encoder's priming: silent frames at the head of the stream that the finished file's edit list skips.
    let primingFrames: Int

    /// Opens `path` (which must exist, with its final permissions) and writes the fragmented file's header.
    init(path: String, bitRate: Int) throws(FFmpegError) {
        let rate = Int32(AudioFormat.sampleRate)
        output = try OutputFormatContext(formatName: "ipod", path: path)
        encoder = try CodecContext.aacEncoder(
            sampleRate: rate, bitRate: bitRate, globalHeader: output.wantsGlobalHeader)
        try output.addStream(encoder: encoder)
        // Flush the file after every fragment instead of when the 32 KiB I/O buffer fills: otherwise a killed
        // process would lose several fragments that were "written" only into memory.
        output.pointer.pointee.flush_packets = 1
        try output.writeHeader(options: Self.fragmentOptions)
        streamTimeBase = output.timeBase(ofStream: 0)
        frameSize = Int(encoder.frameSize)
        frame = try Frame(monoFloatPlanarCapacity: encoder.frameSize, sampleRate: rate)
        packet = try Packet()
        primingFrames = Int(encoder.initialPadding)
        pending.reserveCapacity(frameSize)
        liveIndex = try? LiveTakeIndex(path: path)
    }

    /// Encodes `samples`; complete fragments reach the file as they fill.
    func append(_ samples: [Float]) throws(FFmpegError) {
        framesAppended += samples.count
        var index = 0
        if !pending.isEmpty {
            let take = min(frameSize - pending.count, samples.count)
            pending += samples[0 ..< take]
            index = take
            if pending.count == frameSize {
                try encodeFrame(pending[...])
                pending.removeAll(keepingCapacity: true)
            }
        }
        while samples.count - index >= frameSize {
            try encodeFrame(samples[index ..< index + frameSize])
            index += frameSize
        }
        if index < samples.count { pending += samples[index...] }
    }

    /// Writes out the fragment being filled, so that a reader of the file sees every packet encoded so far, and
    /// goes on writing after it (the next packets start a new fragment).
    ///
    /// What is not yet encoded stays behind until more audio comes or the take finishes: the samples waiting for a
    /// full encoder frame, and the frame the encoder holds back. Encoding them now would end a frame early and
    /// leave a gap in the take when it records on.
    func flush() throws(FFmpegError) {
        guard packetsInFragment > 0 else { return }
        try output.flush(operation: "flush")
        packetsInFragment = 0
        liveIndex?.advance()
    }

    /// Encodes the last partial frame, drains the encoder and writes the last fragment and the trailer.
    func finish() throws(FFmpegError) {
        if !pending.isEmpty {
            try encodeFrame(pending[...])
            pending.removeAll()
        }
        _ = try encoder.send(nil as Frame?)
        try drainPackets()
        try output.finish()
    }

    /// Closes the file as it is (after a failure, or to discard it).
    func abandon() { output.abandon() }

    private func encodeFrame(_ samples: ArraySlice<Float>) throws(FFmpegError) {
        try frame.makeWritable()
        frame.pointer.pointee.nb_samples = Int32(samples.count)
        frame.pointer.pointee.pts = nextTimestamp
        nextTimestamp += Int64(samples.count)
        let plane = UnsafeMutableRawPointer(frame.pointer.pointee.data.0!)
        samples.withUnsafeBytes { plane.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        // Every send is followed by a full drain, so the encoder always has room: EAGAIN cannot happen here.
        _ = try encoder.send(frame)
        try drainPackets()
    }

    private func drainPackets() throws(FFmpegError) {
        while try encoder.receive(packet) == .done {
            defer { packet.unref() }
            av_packet_rescale_ts(packet.pointer, encoder.pointer.pointee.time_base, streamTimeBase)
            packet.pointer.pointee.stream_index = 0
            try output.write(packet, operation: "append")
            packetsInFragment += 1
            if packetsInFragment == Self.fragmentPackets {
                // `flush_packets` makes this reach the file, not only FFmpeg's I/O buffer.
                try output.flush(operation: "append")
                packetsInFragment = 0
                liveIndex?.advance()
            }
        }
    }
}
