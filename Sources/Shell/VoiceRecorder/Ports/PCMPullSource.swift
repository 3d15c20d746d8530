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
