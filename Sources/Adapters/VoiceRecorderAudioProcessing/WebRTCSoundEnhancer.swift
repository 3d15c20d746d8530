import CWebRTCAudioProcessing
import VoiceRecorder

/// Enhance (SPEC I.3) with WebRTC's audio processing, the module PulseAudio's echo-cancel uses: a high-pass filter
/// (rumble below speech), noise suppression, and a digital gain control that evens speech out, in 10 ms blocks.
///
/// Chosen over speexdsp's preprocessor by measurement (docs/BENCHMARKS.md, "Enhance"): on recorded speech mixed with
/// recorded noise at 5 and 10 dB, this chain lowered the noise floor by 11–15 dB where speexdsp's, even allowed
/// 30 dB, managed 3–4, and the words heard in the result were no worse than in the recording (11.9 % against
/// 12.3 % of 3,048 words; speexdsp 13.3 %).
public final class WebRTCSoundEnhancer: SoundEnhancer {
    /// WebRTC's "high" suppression. "Very high" took 3 dB more noise away and a little of the speech with it;
    /// "moderate" left the floor only 10–12 dB down, too near the goal's 10.
    static let suppression: Int32 = 2
    /// The gain control aims speech at 3 dB below full scale at its loudest (its envelope, not its average) and
    /// raises quiet speech by 6 dB at most: a quiet passage comes up to meet the rest, while speech at the level
    /// of a memo recorded at arm's length stays within 2 dB of where it was (the benchmark: −1.4 to +1.7 dB).
    static let targetLevelDBFS: Int32 = 3
    static let compressionGainDB: Int32 = 6

    public let blockFrames = AudioFormat.sampleRate / 100
    private let chain: OpaquePointer

    /// A new chain at the recording rate. Throws when the library refuses its settings.
    public init() throws {
        guard
            let chain = vr_audio_processing_create(
                Int32(AudioFormat.sampleRate), Self.suppression, Self.targetLevelDBFS, Self.compressionGainDB)
        else { throw EnhanceError(description: "the audio enhancer could not be set up") }
        self.chain = chain
    }

    deinit { vr_audio_processing_destroy(chain) }

    public func process(_ block: inout [Float]) throws {
        precondition(block.count == blockFrames, "a block is 10 ms")
        let status = block.withUnsafeMutableBufferPointer { vr_audio_processing_run(chain, $0.baseAddress) }
        guard status == 0 else {
            throw EnhanceError(description: "the audio could not be enhanced (audio processing error \(status))")
        }
    }
}

extension WebRTCSoundEnhancer {
    /// `source` as Enhance plays it: through a chain of its own, a new one after each seek (`EnhancedSource`).
    public static func enhancing(_ source: PCMPullSource) throws -> PCMPullSource {
        try EnhancedSource(source: source) { try WebRTCSoundEnhancer() }
    }
}

/// Enhancing failed, in words.
public struct EnhanceError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
