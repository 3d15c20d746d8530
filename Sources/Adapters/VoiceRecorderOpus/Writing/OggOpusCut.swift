import Foundation
import VoiceRecorderPOSIX

/// Cuts a finished Ogg Opus take to a range of its frames (SPEC D.5 and G), into a new file that replaces it with
/// one rename: nothing is re-encoded, and the cut plays exactly the range.
///
/// Opus packets are copied from 80 ms (RFC 7845's pre-roll) before the kept start, so the decoder has settled by
/// then, to the packet holding the kept end. The new header's pre-skip hides the pre-roll and the part of the first
/// kept packet before the start (under 100 ms in all, at most 0.1 s of audio outside the range left in the file);
/// the end-of-stream page's granule position ends the audio on the range's end, hiding the rest of the last packet
/// (under 20 ms). Nothing earlier or later is left in the file.
enum OggOpusCut {
    /// RFC 7845's pre-roll, at 48 kHz: 80 ms.
    static let preRoll: Int64 = 3_840

    /// Where a cut is built before it replaces the take (removed by `discard` if a failure leaves it).
    static func partialURL(for url: URL) -> URL { url.appendingPathExtension("cut") }

    /// Cuts the finished take at `url` to its frames `kept` (24 kHz, from its first; within what it holds) and
    /// returns them: the cut plays exactly them.
    static func cut(_ url: URL, keeping kept: Range<Int>) throws -> Range<Int> {
        let (file, layout) = try OggOpusReading.open(url)
        let frames = Int(layout.playedSamples / OggOpusEncoder.granulePerFrame)
        let range = kept.clamped(to: 0 ..< frames)
        guard !range.isEmpty else {
            throw OpusError(
                .state, "frames \(kept.lowerBound)–\(kept.upperBound) asked, \(frames) recorded",
                operation: "finish(keeping:)")
        }
        let zero = layout.startGranule + Int64(layout.head.preSkip)
        let start = zero + Int64(range.lowerBound) * OggOpusEncoder.granulePerFrame
        let end = zero + Int64(range.upperBound) * OggOpusEncoder.granulePerFrame
        let from = max(layout.startGranule, start - preRoll)

        var packets: [OggPacketReader.Packet] = []
        let point = layout.readingPoint(atOrBefore: from) ?? (layout.intactLength, layout.startGranule)
        var reader = try OggPacketReader(file: file, fromPageAt: point.offset, granule: point.granule)
        while let packet = try reader.next(), packet.start < end {
            if packet.end > from { packets.append(packet) }
        }
        guard let first = packets.first else {
            throw OpusError(.format, "no audio in the part kept", operation: "finish(keeping:)")
        }
        let preSkip = start - first.start
        guard preSkip <= Int64(UInt16.max) else {
            throw OpusError(.format, "the part kept starts too far into its packet", operation: "finish(keeping:)")
        }
        try write(
            packets.map(\.bytes),
            head: OpusHead(preSkip: UInt16(preSkip), inputSampleRate: layout.head.inputSampleRate),
            tags: layout.tags, endGranule: end - first.start, replacing: url)
        return range
    }

    /// Writes a new stream of `packets` (20 ms each as a take's are, or any Opus packets) and puts it in
    /// `url`'s place once it is durable.
    private static func write(
        _ packets: [[UInt8]], head: OpusHead, tags: OpusTags, endGranule: Int64, replacing url: URL
    ) throws {
        let partial = partialURL(for: url)
        _ = try? POSIX.removeFile(ifPresent: partial.path)
        let name = OpusError.fileName(of: url.path)
        do throws(POSIX.Error) {
            let file = try POSIX.File(
                path: partial.path, access: .writeOnly, options: [.create, .exclusive], permissions: 0o600)
            try file.setPermissions(0o600)
            let serial = UInt32.random(in: 1 ... .max)
            var pages = [
                OggPage(flags: .beginning, granule: 0, serial: serial, sequence: 0, packets: [head.bytes]),
                OggPage(flags: [], granule: 0, serial: serial, sequence: 1, packets: [tags.bytes]),
            ]
            var granule: Int64 = 0
            var page: [[UInt8]] = []
            for (index, packet) in packets.enumerated() {
                page.append(packet)
                granule += Int64((try? LibOpusDecoder.samplesAt48kHz(in: packet)) ?? 0)
                let isLast = index == packets.count - 1
                if page.count == OggOpusEncoder.packetsPerPage || isLast {
                    pages.append(
                        OggPage(
                            flags: isLast ? .end : [], granule: isLast ? endGranule : granule, serial: serial,
                            sequence: UInt32(pages.count), packets: page))
                    page.removeAll()
                }
            }
            let bytes = pages.flatMap(\.bytes)
            try file.write(bytes, at: 0)
            try file.synchronizeData()
            try file.close()
            try POSIX.rename(partial.path, to: url.path)
            try POSIX.synchronizeDirectory(url.deletingLastPathComponent().path)
        } catch {
            _ = try? POSIX.removeFile(ifPresent: partial.path)
            throw OpusError(
                error, file: name, summary: "cannot cut the take to the part kept", operation: "finish(keeping:)")
        }
    }
}
