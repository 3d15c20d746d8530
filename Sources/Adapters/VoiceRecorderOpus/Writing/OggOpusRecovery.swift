import Foundation
import VoiceRecorderCore
import VoiceRecorderPOSIX

/// Finds and ends Ogg Opus takes left behind by a process that died while recording.
///
/// An unfinished take is recognised by its own shape: a `voice-*.ogg` whose last page is not marked as the end of
/// its stream (or whose last page was cut short). Recovering it cuts anything after its last intact page and marks
/// that page as the end, in place: its granule position is the end of its last packet, so the take's duration is
/// exact for what it holds, and a recovered take is never recovered again.
public enum OggOpusRecovery {
    /// The unfinished Ogg Opus takes in `directory` that no live writer holds, in name order.
    public static func findUnfinished(in directory: URL = FileManager.default.temporaryDirectory) -> [URL] {
        let names = (try? POSIX.names(inDirectory: directory.path)) ?? []
        return names.sorted()
            .filter { $0.hasPrefix("voice-") && $0.hasSuffix(".ogg") }
            .map { directory.appendingPathComponent($0) }
            .filter { isUnfinished($0) && !TakeLock.isHeld(path: $0.path) }
    }

    /// Whether `url` is an Ogg Opus file whose stream has no end: its last page lacks the end-of-stream mark, or
    /// the file stops inside a page. Reads only its start and its last 64 KB.
    public static func isUnfinished(_ url: URL) -> Bool {
        guard OggOpusReader.claims(url),
            let file = try? POSIX.File(path: url.path, access: .readOnly, options: .nonBlocking),
            let size = try? file.size(), size > 0
        else { return false }
        guard let last = lastPage(of: file, size: size) else { return true }
        return !last.flags.contains(.end)
    }

    /// The intact page that ends exactly where the file does, if there is one (searched for from the end).
    static func lastPage(of file: POSIX.File, size: Int64) -> ReadPage? {
        // The largest page is 27 + 255 + 255 × 255 bytes.
        let tail = min(size, 65_307)
        guard let bytes = try? file.read(count: Int(tail), at: size - tail) else { return nil }
        var index = bytes.count - OggPage.fixedHeaderLength
        while index >= 0 {
            if bytes[index] == 0x4F, bytes[index + 1] == 0x67, bytes[index + 2] == 0x67, bytes[index + 3] == 0x53,
                var reader = try? OggPageReader(file: file, from: size - tail + Int64(index)),
                case .page(let page) = try? reader.next(), page.end == size
            {
                return page
            }
            index -= 1
        }
        return nil
    }

    /// Ends the unfinished take at `url` in place and returns its exact frames (24 kHz). A take that died before
    /// its first audio page becomes a valid, empty one.
    /// - Throws: `OpusError` in words naming the file when it is being recorded, is not an unfinished take (a
    ///   finished one is never rewritten), or cannot be read or rewritten.
    public static func recover(_ url: URL) throws -> (url: URL, frames: Int) {
        let name = OpusError.fileName(of: url.path)
        guard !TakeLock.isHeld(path: url.path) else {
            throw OpusError(.state, "still being recorded", operation: "recover", file: name)
        }
        guard isUnfinished(url) else {
            throw OpusError(.state, "not an unfinished take", operation: "recover", file: name)
        }
        let (_, layout) = try OggOpusReading.open(url, tolerant: true)
        var page: [UInt8]
        var offset = layout.lastPage.offset
        if layout.audioPages.isEmpty {
            // No audio reached the file: a stream of headers alone is one Ogg readers call empty (GStreamer refuses
            // it). One silent packet, wholly trimmed by its end position, makes it a valid take of no length.
            page = try silentEndPage(after: layout)
            offset = layout.intactLength
        } else {
            page = try lastPageBytes(url, layout)
            page[OggPage.flagsOffset] |= OggPage.Flags.end.rawValue
            OggPage.setChecksum(of: &page)
        }
        do throws(POSIX.Error) {
            let file = try POSIX.File(path: url.path, access: .writeOnly)
            try file.truncate(to: layout.intactLength)
            try file.write(page, at: offset)
            try file.synchronizeData()
            try file.close()
        } catch {
            throw OpusError(error, file: name, summary: "cannot be recovered", operation: "recover")
        }
        return (url, Int(layout.playedSamples / OggOpusEncoder.granulePerFrame))
    }

    /// An end-of-stream page holding 20 ms of silence whose end position is the pre-skip: it plays nothing.
    private static func silentEndPage(after layout: OggOpusLayout) throws -> [UInt8] {
        let settings = OggOpusTakeWriter.Settings.voiceNote.encoder
        let packet = try LibOpusEncoder(settings).encode(
            [Float](repeating: 0, count: OggOpusEncoder.frameLength)[...])
        return OggPage(
            flags: .end, granule: layout.startGranule + Int64(layout.head.preSkip), serial: layout.serial,
            sequence: layout.lastPageSequence + 1, packets: [packet]
        ).bytes
    }

    /// The last intact page's bytes as they are in the file.
    private static func lastPageBytes(_ url: URL, _ layout: OggOpusLayout) throws -> [UInt8] {
        do throws(POSIX.Error) {
            let file = try POSIX.File(path: url.path, access: .readOnly)
            return try file.read(count: layout.lastPage.length, at: layout.lastPage.offset)
        } catch {
            throw OpusError(
                error, file: OpusError.fileName(of: url.path), summary: "cannot be read", operation: "recover")
        }
    }
}
