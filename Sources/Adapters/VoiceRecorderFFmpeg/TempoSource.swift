import VoiceRecorder

/// Plays another `PCMPullSource` faster or slower, its pitch kept (FFmpeg's `atempo`): what a player pulls to play a
/// memo at 1.5× or 2×.
///
/// Times are the wrapped source's own — *memo time* — everywhere but in the audio itself:
/// - `read(maxFrames:)` returns audio to be played at 24 kHz, in which each second covers `rate` seconds of the memo
///   (at 2× a 2 s memo reads as about 1 s of PCM);
/// - `seek(to:)` takes a position in memo time, and so does `setRate(_:from:)`;
/// - `duration` is the memo's length (memo time), so a player's position, counted in memo time, ends at it; what
///   playing it takes is `playedDuration`.
///
/// At rate 1 the wrapped source's samples pass through untouched (no filter at all), so normal speed is bit-exact.
/// Any other rate is 0.5…2 (`TempoSource.rates`). Not thread-safe, as `PCMPullSource` says: one caller at a time.
public final class TempoSource: RatePullSource {
    /// The speeds this source plays at.
    public static let rates: ClosedRange<Double> = TempoFilter.rates

    /// The audio in memo time.
    public let source: PCMPullSource
    /// How fast the memo plays (1 is normal speed).
    public private(set) var rate: Double

    /// Frames pulled from `source` per push into the filter: one AAC frame's worth, so a read asks the decoder for
    /// little more than it would at 1×.
    static let inputChunkFrames = 1_024

    /// The filter, at any rate but 1.
    private var filter: TempoFilter?
    /// Filtered samples not handed out yet.
    private var pending: [Float] = []
    private var isSourceAtEnd = false

    /// Plays `source` at `rate`; throws a worded `FFmpegError` for a rate outside 0.5…2 ("cannot play at 3×: the
    /// speed must be from 0.5× to 2×").
    public init(source: PCMPullSource, rate: Double = 1) throws {
        self.source = source
        self.rate = rate
        filter = try Self.filter(for: rate)
    }

    /// The memo's length in seconds of memo time (the wrapped source's `duration`).
    public var duration: Double { source.duration }

    /// How long playing the whole memo takes at the current rate, in seconds.
    public var playedDuration: Double { source.duration / rate }

    /// The next at most `maxFrames` frames of audio at the current rate, or nil at the end.
    public func read(maxFrames: Int) throws -> [Float]? {
        guard let filter else { return try source.read(maxFrames: maxFrames) }
        while pending.count < maxFrames && !filter.isDrained {
            pending += try filter.pull()
            if pending.count >= maxFrames || filter.isDrained { break }
            if isSourceAtEnd {
                continue  // the end was pushed: pulling drains the filter to its end
            }
            guard let chunk = try source.read(maxFrames: Self.inputChunkFrames) else {
                isSourceAtEnd = true
                try filter.endInput()
                continue
            }
            // A source may give nothing for a moment (a packet that decodes to nothing): say so rather than spin;
            // the player asks again.
            guard !chunk.isEmpty else { break }
            try filter.push(chunk)
        }
        if pending.isEmpty { return filter.isDrained ? nil : [] }
        let count = min(maxFrames, pending.count)
        let chunk = Array(pending[..<count])
        pending.removeFirst(count)
        return chunk
    }

    /// Moves to `seconds` of memo time. The filter starts afresh there, so nothing from before the seek is heard.
    public func seek(to seconds: Double) throws {
        try source.seek(to: seconds)
        try restart(at: rate)
    }

    /// Plays on from `seconds` (memo time) at `rate`; what was filtered at the old rate is dropped. Throws for a
    /// rate outside 0.5…2, leaving the rate as it was.
    public func setRate(_ rate: Double, from seconds: Double) throws {
        let newFilter = try Self.filter(for: rate)
        try source.seek(to: seconds)
        self.rate = rate
        filter = newFilter
        pending.removeAll()
        isSourceAtEnd = false
    }

    private func restart(at rate: Double) throws {
        filter = try Self.filter(for: rate)
        pending.removeAll()
        isSourceAtEnd = false
    }

    /// No filter at normal speed: the samples go through as they are.
    private static func filter(for rate: Double) throws -> TempoFilter? {
        rate == 1 ? nil : try TempoFilter(rate: rate)
    }
}
