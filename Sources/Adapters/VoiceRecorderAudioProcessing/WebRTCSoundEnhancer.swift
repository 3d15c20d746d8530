import CWebRTCAudioProcessing
import VoiceRecorder

/// Enhance (SPEC I.3) with WebRTC's audio processing, the module PulseAudio's echo-cancel uses: a high-pass filter
/// (rumble below speech), noise suppression, and a digital gain control that evens speech out, in 10 ms blocks.
///
/// Chosen over speexdsp's preprocessor by measurement (docs/BENCHMARKS.md, "Enhance"): on read speech mixed with
/// recorded noise at 5 and 10 dB, WebRTC's suppression lowered the noise floor by about 16 dB where speexdsp's, even
/// allowed 30 dB, managed 3–5, and the words heard in the result were no worse than in the original.
public final class WebRTCSoundEnhancer: SoundEnhancer {
    /// WebRTC's "very high" suppression: in the benchmark it took the most noise away and lost no words.
    static let suppression: Int32 = 3
    /// Speech is aimed at 6 dB below full scale at its loudest (the gain control's target), raised by 6 dB at most:
    /// a quiet passage comes up to meet the rest, while speech at a usual level is left within a few dB of itself.
    static let targetLevelDBFS: Int32 = 6
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

/// Enhancing failed, in words.
public struct EnhanceError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
