import COpus

/// One libopus decoder (`OpusDecoder`), mono, owned: created by `init`, destroyed with the object.
///
/// It decodes at the rate it is made for: libopus gives 24 kHz directly, so a take needs no resampling.
/// Not thread-safe.
final class LibOpusDecoder {
    private let pointer: OpaquePointer
    private let sampleRate: Int32
    /// Room for the longest packet: 120 ms.
    private var output: [Float]

    /// A mono decoder giving `sampleRate` samples a second.
    init(sampleRate: Int32) throws(OpusError) {
        var error: Int32 = 0
        guard let pointer = opus_decoder_create(sampleRate, 1, &error), error == OPUS_OK else {
            throw OpusError(libraryCode: error == OPUS_OK ? OPUS_ALLOC_FAIL : error, operation: "opus_decoder_create")
        }
        self.pointer = pointer
        self.sampleRate = sampleRate
        output = [Float](repeating: 0, count: Int(sampleRate) * 120 / 1_000)
    }

    deinit { opus_decoder_destroy(pointer) }

    /// Decodes one packet into its samples.
    func decode(_ packet: [UInt8]) throws(OpusError) -> ArraySlice<Float> {
        let capacity = Int32(output.count)
        let count = packet.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                opus_decode_float(pointer, input.baseAddress, Int32(input.count), output.baseAddress!, capacity, 0)
            }
        }
        try OpusError.check(count, "opus_decode_float")
        return output[0 ..< Int(count)]
    }

    /// Forgets what was decoded before, so decoding can start again elsewhere.
    func reset() throws(OpusError) {
        try OpusError.check(vr_opus_decoder_reset(pointer), "OPUS_RESET_STATE")
    }

    /// How many samples at 48 kHz `packet` decodes to (what its granule positions count), from its table of
    /// contents; libopus's error for a packet that is not Opus.
    static func samplesAt48kHz(in packet: [UInt8]) throws(OpusError) -> Int {
        let count = packet.withUnsafeBufferPointer {
            $0.isEmpty ? OPUS_INVALID_PACKET : opus_packet_get_nb_samples($0.baseAddress!, Int32($0.count), 48_000)
        }
        return Int(try OpusError.check(count, "opus_packet_get_nb_samples"))
    }
}
