import VoiceRecorderCore
import VoiceRecorderPOSIX

/// Encodes mono float PCM at 24 kHz to Opus and writes it, as it comes, into an Ogg file (RFC 7845).
///
/// - The headers come first, each on its page: `OpusHead` (pre-skip = the encoder's delay, at 48 kHz) and
///   `OpusTags` (vendor, ENCODER and TITLE).
/// - Every 20 ms of audio is one packet; every `packetsPerPage` packets (0.24 s) make a page. The audio of a page
///   is gathered first and then encoded in one go, and the page is written to the file with one `pwrite` and made
///   durable with `fdatasync` the moment it is complete: a process killed mid-take, or a machine that loses power,
///   leaves a file every Ogg reader plays to its last page, missing at most the 0.24 s being gathered and the
///   encoder's 6.5 ms delay.
/// - A page's granule position is the 48 kHz sample count at the end of its last packet, pre-skip included.
/// - `finish()` encodes what is left (the partial frame, padded with silence, and the encoder's delay) and writes
///   the end-of-stream page, whose granule position is exactly the pre-skip plus the frames appended: decoders
///   trim the padding (RFC 7845, 4.5).
///
/// A write that fails (a full disk, a size limit) is cut back to the page before it, so the file stays a valid,
/// playable stream; `markEnd()` then ends it where it is without needing a byte more of space.
/// Not thread-safe: `OggOpusTakeWriter` serialises calls.
final class OggOpusEncoder {
    /// Samples in one 20 ms frame at 24 kHz.
    static let frameLength = AudioFormat.sampleRate / 50
    /// How far a 24 kHz sample moves a granule position (which counts at 48 kHz).
    static let granulePerFrame: Int64 = 2
    /// Packets per page: 12 × 20 ms = 0.24 s, within SPEC G's 0.25 s. Each page costs 27 bytes of header and a
    /// byte a packet (about 1.3 kb/s at this size); smaller pages would lose less to a kill and cost more.
    static let packetsPerPage = 12
    /// Samples on one page: gathered before any of them is encoded, so the coder runs a page's frames back to back
    /// with its tables and state in the cache, instead of once per transfer from the sound server.
    static let pageLength = frameLength * packetsPerPage

    private let file: POSIX.File
    private let encoder: LibOpusEncoder
    /// The Ogg header's pre-skip: the encoder's delay at 48 kHz.
    let preSkip: Int
    private let serial: UInt32
    private var sequence: UInt32 = 0
    /// Samples not yet encoded (fewer than `pageLength`, between calls).
    private var pending: [Float] = []
    /// Packets encoded but not yet written (fewer than `packetsPerPage`).
    private var pagePackets: [[UInt8]] = []
    /// The granule position at the end of the last packet encoded.
    private var granule: Int64 = 0
    /// Where the next page goes: the file's length.
    private var length: Int64 = 0
    /// The last page written and where it is, so the stream can be ended on it in place.
    private var lastPage: (offset: Int64, bytes: [UInt8])

    /// Frames handed to `append` so far.
    private(set) var framesAppended = 0
    /// The frames a decoder plays from the pages written so far.
    var framesWritten: Int { Int(max(0, pageGranule(lastPage.bytes) - Int64(preSkip)) / Self.granulePerFrame) }

    /// Starts the stream in `file` (empty, opened for writing): its two header pages are written and made durable.
    init(file: POSIX.File, settings: LibOpusEncoder.Settings, tags: OpusTags) throws(OpusError) {
        self.file = file
        encoder = try LibOpusEncoder(settings)
        preSkip = encoder.lookahead * 48_000 / Int(settings.sampleRate)
        serial = UInt32.random(in: 1 ... .max)
        lastPage = (0, [])
        pending.reserveCapacity(2 * Self.pageLength)
        let head = OpusHead(preSkip: UInt16(preSkip), inputSampleRate: UInt32(settings.sampleRate))
        try write(OggPage(flags: .beginning, granule: 0, serial: serial, sequence: 0, packets: [head.bytes]))
        try write(OggPage(flags: [], granule: 0, serial: serial, sequence: 0, packets: [tags.bytes]))
    }

    /// Takes `samples`; each page is encoded and reaches the disk as soon as its 0.24 s of audio is in hand.
    func append(_ samples: [Float]) throws(OpusError) {
        framesAppended += samples.count
        pending += samples
        if pending.count >= Self.pageLength { try encodeWholeFrames() }
    }

    /// Encodes every whole frame gathered, back to back (a full page's frames write the page), keeping the rest.
    private func encodeWholeFrames() throws(OpusError) {
        var index = 0
        while pending.count - index >= Self.frameLength {
            try encodeFrame(pending[index ..< index + Self.frameLength])
            index += Self.frameLength
        }
        pending.removeFirst(index)
    }

    /// Writes out the page being filled, so the file holds every packet encoded so far; `append` goes on after it.
    /// The frame being gathered and the encoder's delay stay behind until more audio comes or the take finishes:
    /// encoding them now would end a frame early and leave a gap when the take records on.
    func flush() throws(OpusError) {
        try encodeWholeFrames()
        guard !pagePackets.isEmpty else { return }
        try writePage(flags: [])
    }

    /// Encodes the rest, padded with silence, and writes the end-of-stream page with the exact end. Returns the
    /// frames the file plays: exactly those appended.
    func finish() throws(OpusError) -> Int {
        let end = Int64(preSkip) + Int64(framesAppended) * Self.granulePerFrame
        // Frames until the decoder has given out the last sample appended: the encoder's delay comes on top.
        let framesNeeded = framesAppended + encoder.lookahead
        try encodeWholeFrames()
        var framesEncoded = Int(granule / Self.granulePerFrame)
        if !pending.isEmpty || framesEncoded < framesNeeded {
            pending += [Float](repeating: 0, count: Self.frameLength - pending.count)
            try encodeFrame(pending[...], writingFullPages: false)
            framesEncoded += Self.frameLength
        }
        let silence = [Float](repeating: 0, count: Self.frameLength)
        while framesEncoded < framesNeeded {
            try encodeFrame(silence[...], writingFullPages: false)
            framesEncoded += Self.frameLength
        }
        pending.removeAll()
        if pagePackets.isEmpty {
            try markEnd(granule: end)
        } else {
            granule = end
            try writePage(flags: .end)
        }
        return framesAppended
    }

    /// Ends the stream on the last page written, in place (its flags, granule position and checksum: no byte
    /// more of space), as it must after a failed write. Returns the frames the file plays.
    @discardableResult
    func markEnd(granule: Int64? = nil) throws(OpusError) -> Int {
        var page = lastPage.bytes
        page[OggPage.flagsOffset] |= OggPage.Flags.end.rawValue
        if let granule { page.replaceSubrange(6 ..< 14, with: LittleEndian.bytes(of: UInt64(bitPattern: granule))) }
        OggPage.setChecksum(of: &page)
        do throws(POSIX.Error) {
            try file.write(page, at: lastPage.offset)
            try file.synchronizeData()
        } catch {
            throw OpusError(error, file: nil, summary: "cannot end the stream", operation: "finish")
        }
        lastPage.bytes = page
        return framesWritten
    }

    private func encodeFrame(_ samples: ArraySlice<Float>, writingFullPages: Bool = true) throws(OpusError) {
        pagePackets.append(try encoder.encode(samples))
        granule += Int64(samples.count) * Self.granulePerFrame
        if writingFullPages && pagePackets.count == Self.packetsPerPage { try writePage(flags: []) }
    }

    private func writePage(flags: OggPage.Flags) throws(OpusError) {
        try write(OggPage(flags: flags, granule: granule, serial: serial, sequence: 0, packets: pagePackets))
        pagePackets.removeAll(keepingCapacity: true)
    }

    /// Writes `page` (with the next sequence number) at the end and makes it durable. A failed write is cut
    /// back, so the file ends on its last whole page.
    private func write(_ page: OggPage) throws(OpusError) {
        var page = page
        page.sequence = sequence
        let bytes = page.bytes
        do throws(POSIX.Error) {
            do throws(POSIX.Error) {
                try file.write(bytes, at: length)
            } catch {
                try? file.truncate(to: length)
                throw error
            }
            // fdatasync: the page and the file's new length; its times are not worth a second write.
            try file.synchronizeData()
        } catch {
            throw OpusError(error, file: nil, summary: "cannot write more audio", operation: "append")
        }
        lastPage = (length, bytes)
        length += Int64(bytes.count)
        sequence += 1
    }

    /// The granule position stored in a page's bytes.
    private func pageGranule(_ page: [UInt8]) -> Int64 {
        page.count >= OggPage.fixedHeaderLength ? LittleEndian.value(Int64.self, in: page, at: 6) : 0
    }
}
