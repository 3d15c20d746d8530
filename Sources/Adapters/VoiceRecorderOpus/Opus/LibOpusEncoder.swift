import COpus

/// One libopus encoder (`OpusEncoder`), mono, owned: created by `init`, destroyed with the object.
///
/// Not thread-safe: one caller at a time (the take writer serialises its calls).
final class LibOpusEncoder {
    /// What the encoder is set up for.
    struct Settings: Sendable, Equatable {
        /// The input's sample rate (24 kHz for a take; libopus takes it directly, no resampling).
        var sampleRate: Int32
        /// The target bit rate, in bits per second.
        var bitRate: Int32
        /// 0 (fastest) to 10 (best).
        var complexity: Int32
        /// `OPUS_APPLICATION_VOIP` (speech first) or `OPUS_APPLICATION_AUDIO`.
        var application: Int32
    }

    private let pointer: OpaquePointer
    /// The encoder's delay, in samples at its input rate: the decoder's output starts this much late.
    let lookahead: Int
    private var packet = [UInt8](repeating: 0, count: LibOpusEncoder.maximumPacketLength)

    /// The largest packet libopus makes for one frame (RFC 6716: 1,275 bytes), with room to spare as its
    /// documentation recommends (4,000 bytes).
    static let maximumPacketLength = 4_000

    /// A mono encoder with a variable, unconstrained bit rate, tuned for a voice.
    init(_ settings: Settings) throws(OpusError) {
        var error: Int32 = 0
        guard let pointer = opus_encoder_create(settings.sampleRate, 1, settings.application, &error), error == OPUS_OK
        else {
            throw OpusError(libraryCode: error == OPUS_OK ? OPUS_ALLOC_FAIL : error, operation: "opus_encoder_create")
        }
        self.pointer = pointer
        do throws(OpusError) {
            try OpusError.check(vr_opus_set_bitrate(pointer, settings.bitRate), "OPUS_SET_BITRATE")
            try OpusError.check(vr_opus_set_vbr(pointer, 1), "OPUS_SET_VBR")
            try OpusError.check(vr_opus_set_vbr_constraint(pointer, 0), "OPUS_SET_VBR_CONSTRAINT")
            try OpusError.check(vr_opus_set_complexity(pointer, settings.complexity), "OPUS_SET_COMPLEXITY")
            try OpusError.check(vr_opus_set_signal(pointer, OPUS_SIGNAL_VOICE), "OPUS_SET_SIGNAL")
            var lookahead: Int32 = 0
            try OpusError.check(vr_opus_get_lookahead(pointer, &lookahead), "OPUS_GET_LOOKAHEAD")
            self.lookahead = Int(lookahead)
        } catch {
            opus_encoder_destroy(pointer)
            throw error
        }
    }

    deinit { opus_encoder_destroy(pointer) }

    /// Encodes one frame (`samples.count` must be a frame size libopus takes: 2.5 to 60 ms) into one packet.
    func encode(_ samples: ArraySlice<Float>) throws(OpusError) -> [UInt8] {
        let capacity = Int32(packet.count)
        let length = samples.withUnsafeBufferPointer { input in
            packet.withUnsafeMutableBufferPointer { output in
                opus_encode_float(pointer, input.baseAddress!, Int32(input.count), output.baseAddress!, capacity)
            }
        }
        try OpusError.check(length, "opus_encode_float")
        return Array(packet[0 ..< Int(length)])
    }

    /// The words libopus uses for itself, e.g. "libopus 1.3.1" (the Ogg comment header's vendor).
    static var version: String { String(cString: opus_get_version_string()) }
}
