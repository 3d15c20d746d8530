/// Cleans up speech as a memo plays or is exported (SPEC I.3): background noise suppressed, the level evened.
///
/// It works on mono float PCM at `AudioFormat.sampleRate`, one block of `blockFrames` at a time, and keeps state
/// from block to block (what the noise sounds like, the gain it has reached): a new enhancer starts from nothing.
public protocol SoundEnhancer: AnyObject {
    /// The frames each call to `process` takes and gives back.
    var blockFrames: Int { get }
    /// Enhances `block` (exactly `blockFrames` samples, -1…1) in place.
    func process(_ block: inout [Float]) throws
}
