/// The identification header of an Ogg Opus stream (RFC 7845, 5.1): the first packet, alone on the first page.
struct OpusHead: Sendable, Equatable {
    /// Channels: 1 for a take.
    var channels: UInt8 = 1
    /// Samples at 48 kHz to drop from the start of the decoded audio: the encoder's delay (and, in a cut take, the
    /// pre-roll before the kept start).
    var preSkip: UInt16
    /// The rate of the audio that was encoded (informative: Opus always decodes at 48 kHz or a divisor of it).
    var inputSampleRate: UInt32
    /// Gain to apply on output, in Q7.8 dB: 0 here.
    var outputGain: Int16 = 0
    /// 0: mono or stereo, no mapping table.
    var mappingFamily: UInt8 = 0

    static let magic = Array("OpusHead".utf8)

    var bytes: [UInt8] {
        Self.magic + [1, channels] + LittleEndian.bytes(of: preSkip) + LittleEndian.bytes(of: inputSampleRate)
            + LittleEndian.bytes(of: outputGain) + [mappingFamily]
    }

    init(preSkip: UInt16, inputSampleRate: UInt32) {
        self.preSkip = preSkip
        self.inputSampleRate = inputSampleRate
    }

    /// Reads the header from the first packet; the reason in words when it is not one this package reads.
    init(parsing packet: [UInt8]) throws(OggOpusFormatProblem) {
        guard packet.starts(with: Self.magic) else { throw .notOpus(OggCodecName.of(firstPacket: packet)) }
        guard packet.count >= 19 else { throw .badHeader("its Opus header is too short") }
        // Version 1 is RFC 7845's; any 0.x minor version (the low four bits) stays readable, a new major does not.
        guard packet[8] & 0xF0 == 0 else { throw .badHeader("its Opus header is of an unknown version \(packet[8])") }
        channels = packet[9]
        guard channels >= 1 else { throw .badHeader("its Opus header gives no channels") }
        preSkip = LittleEndian.value(UInt16.self, in: packet, at: 10)
        inputSampleRate = LittleEndian.value(UInt32.self, in: packet, at: 12)
        outputGain = LittleEndian.value(Int16.self, in: packet, at: 16)
        mappingFamily = packet[18]
        guard mappingFamily == 0, channels <= 2 else {
            throw .badHeader(
                "it has \(channels) channels in mapping family \(mappingFamily) (only mono and stereo are read)")
        }
    }
}

/// The comment header of an Ogg Opus stream (RFC 7845, 5.2): the vendor and `KEY=value` tags.
struct OpusTags: Sendable, Equatable {
    var vendor: String
    var comments: [String]

    static let magic = Array("OpusTags".utf8)

    var bytes: [UInt8] {
        func field(_ text: String) -> [UInt8] {
            let utf8 = Array(text.utf8)
            return LittleEndian.bytes(of: UInt32(utf8.count)) + utf8
        }
        return Self.magic + field(vendor) + LittleEndian.bytes(of: UInt32(comments.count)) + comments.flatMap(field)
    }

    init(vendor: String, comments: [String]) {
        self.vendor = vendor
        self.comments = comments
    }

    /// Reads the header from the second packet.
    init(parsing packet: [UInt8]) throws(OggOpusFormatProblem) {
        guard packet.starts(with: Self.magic) else { throw .badHeader("its second packet is not the Opus tags") }
        var offset = 8
        func field() throws(OggOpusFormatProblem) -> String {
            guard offset + 4 <= packet.count else { throw .badHeader("its Opus tags are cut short") }
            let length = Int(LittleEndian.value(UInt32.self, in: packet, at: offset))
            offset += 4
            guard length <= packet.count - offset else { throw .badHeader("its Opus tags are cut short") }
            defer { offset += length }
            return String(decoding: packet[offset ..< offset + length], as: UTF8.self)
        }
        vendor = try field()
        guard offset + 4 <= packet.count else { throw .badHeader("its Opus tags are cut short") }
        let count = Int(LittleEndian.value(UInt32.self, in: packet, at: offset))
        offset += 4
        // Each tag takes at least its 4-byte length: a count larger than that is damage, not a reason to allocate.
        guard count <= (packet.count - offset) / 4 else { throw .badHeader("its Opus tags are cut short") }
        var comments: [String] = []
        for _ in 0 ..< count { comments.append(try field()) }
        self.comments = comments
    }

    /// The value of the first tag named `key` (case-insensitive, as Vorbis comments are), if any.
    func value(of key: String) -> String? {
        let prefix = key.uppercased() + "="
        return comments.first { $0.uppercased().hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}

/// What another codec's first packet in an Ogg stream says it is, for "not an Opus file (… holds Vorbis)".
enum OggCodecName {
    static func of(firstPacket packet: [UInt8]) -> String? {
        let known: [(magic: [UInt8], name: String)] = [
            ([0x01] + Array("vorbis".utf8), "Vorbis"), ([0x7F] + Array("FLAC".utf8), "FLAC"),
            (Array("Speex   ".utf8), "Speex"), ([0x80] + Array("theora".utf8), "Theora video"),
            (Array("fishead".utf8), "a skeleton track"),
        ]
        return known.first { packet.starts(with: $0.magic) }?.name
    }
}
