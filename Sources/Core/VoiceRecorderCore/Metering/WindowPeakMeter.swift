/// Measures PCM as it arrives: the peak of every 50 ms window (SPEC A.5) as a loudness 0…1, and the loudness of the
/// latest buffer (the input of the live level, SPEC A.9).
///
/// Buffers may be any size: a window that straddles two buffers is completed by the next one, so the windows are
/// always exact (1,200 frames at 24 kHz), whatever the capture's buffer size. Every sample is looked at once and each
/// window adds one number, so feeding a long take costs the same per buffer as a short one.
public struct WindowPeakMeter: Sendable, Equatable {
    /// Frames in one window.
    public let framesPerWindow: Int
    /// The loudness of every completed window, oldest first.
    public private(set) var windowLoudnesses: [Double] = []
    /// Frames fed so far.
    public private(set) var framesSeen = 0
    /// The loudness of the most recent non-empty buffer (its peak on the loudness curve); 0 before any.
    public private(set) var latestBufferLoudness = 0.0
    /// The largest sample magnitude fed so far (0…1 of full scale): whether a take ever had sound (SPEC F.2).
    public private(set) var loudestPeak: Float = 0

    /// The peak of the window still being filled.
    private var partialPeak: Float = 0
    /// Frames already in the window still being filled.
    private var partialFrames = 0

    /// A meter with windows of `framesPerWindow` frames (default: 50 ms at 24 kHz).
    public init(framesPerWindow: Int = AudioFormat.framesPerWindow) {
        precondition(framesPerWindow > 0, "a window holds at least one frame")
        self.framesPerWindow = framesPerWindow
    }

    /// Feeds one buffer of mono PCM.
    public mutating func append(_ buffer: [Float]) {
        buffer.withUnsafeBufferPointer { append($0) }
    }

    /// Feeds one buffer of mono PCM without copying it.
    public mutating func append(_ buffer: UnsafeBufferPointer<Float>) {
        guard !buffer.isEmpty else { return }
        let bufferPeak = Loudness.peak(of: buffer)
        latestBufferLoudness = Loudness.level(peak: Double(bufferPeak))
        loudestPeak = max(loudestPeak, bufferPeak)
        framesSeen += buffer.count

        var start = 0
        while start < buffer.count {
            let take = min(framesPerWindow - partialFrames, buffer.count - start)
            let chunkPeak = Loudness.peak(of: UnsafeBufferPointer(rebasing: buffer[start ..< start + take]))
            partialPeak = max(partialPeak, chunkPeak)
            partialFrames += take
            start += take
            if partialFrames == framesPerWindow {
                windowLoudnesses.append(Loudness.level(peak: Double(partialPeak)))
                partialPeak = 0
                partialFrames = 0
            }
        }
    }

    /// The loudness of the window still being filled, or `nil` when the frames so far end exactly on a window.
    public var partialWindowLoudness: Double? {
        partialFrames == 0 ? nil : Loudness.level(peak: Double(partialPeak))
    }

    /// The `samples` of a finished take (SPEC A.5): every window including the last, partial one (so the take's last
    /// sound is not dropped), compressed to at most 160 values.
    public func recordingSamples() -> [Double] {
        guard let partialWindowLoudness else { return WaveformCompression.compress(windowLoudnesses) }
        return WaveformCompression.compress(windowLoudnesses + [partialWindowLoudness])
    }

    /// The `samples` of a Recording (SPEC A.5) made of the PCM `decode` hands its closure, chunk by chunk: the one
    /// waveform of every file the package reads (AAC through FFmpeg, Ogg Opus through libopus), measured as a live
    /// take is.
    public static func recordingSamples(
        decoding decode: (_ chunk: ([Float]) -> Void) throws -> Void
    ) rethrows -> [Double] {
        var meter = WindowPeakMeter()
        try decode { meter.append($0) }
        return meter.recordingSamples()
    }

    /// Forgets everything: ready for the next take.
    public mutating func reset() {
        self = WindowPeakMeter(framesPerWindow: framesPerWindow)
    }
}
