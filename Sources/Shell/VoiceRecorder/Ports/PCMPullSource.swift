/// Audio to play, read on demand: mono float PCM at `AudioFormat.sampleRate` (24 kHz).
///
/// The player calls these methods from its own thread (the sound server connection's), one call at a time.
public protocol PCMPullSource: AnyObject {
    /// Up to `maxFrames` next frames; fewer is fine; nil once the end was reached.
    func read(maxFrames: Int) throws -> [Float]?
    /// Moves the read position to `seconds` from the start.
    func seek(to seconds: Double) throws
    /// The length in seconds.
    var duration: Double { get }
}

/// A `PCMPullSource` that plays its audio faster or slower than its own time (pitch kept, say): a memo at 1.5×.
///
/// `duration` and `seek(to:)` are in the source's own time; each second of what `read(maxFrames:)` returns covers
/// `rate` seconds of it. A player of such a source (`PulseAudioPlayer`) counts its position in the source's own time.
public protocol RatePullSource: PCMPullSource {
    /// How many seconds of the source's own time one second of its audio covers (1 is normal speed).
    var rate: Double { get }
    /// Plays on from `seconds` (own time) at `rate`: the next `read` is the audio from there at the new speed.
    /// Throws for a rate it cannot play, leaving the rate as it was.
    func setRate(_ rate: Double, from seconds: Double) throws
}
