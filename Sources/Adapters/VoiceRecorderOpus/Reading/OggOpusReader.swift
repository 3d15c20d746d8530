import Foundation
import VoiceRecorderCore
import VoiceRecorderPOSIX

/// Reads Ogg Opus files with this package's own Ogg code and libopus: what they hold, their PCM chunk by chunk,
/// their waveform.
public enum OggOpusReader {
    /// Frames per chunk handed to `decode`'s closure: 0.2 s.
    public static let chunkFrames = 4_800

    /// What `url` holds, its exact duration included, from its pages alone (nothing is decoded). Throws
    /// `OpusError` in words naming the file for anything that is not an intact, single-stream Ogg Opus file.
    public static func info(of url: URL) throws -> OggOpusInfo {
        let (_, layout) = try OggOpusReading.open(url)
        return OggOpusReading.info(of: layout, url: url)
    }

    /// Decodes `url` to mono float at 24 kHz, handing it to `body` chunk by chunk; returns the info and the frames
    /// decoded (the info's frames, unless the file fails part-way).
    @discardableResult
    public static func decode(
        _ url: URL, chunkFrames: Int = chunkFrames, _ body: ([Float]) throws -> Void
    ) throws -> (info: OggOpusInfo, frames: Int) {
        let decoder = try OggOpusDecoder(url: url)
        var frames = 0
        while let chunk = try decoder.read(maxFrames: chunkFrames) {
            frames += chunk.count
            try body(chunk)
        }
        return (decoder.info, frames)
    }

    /// Whether `url` is for this reader: an Ogg file whose first packet is an Opus header, or an Ogg file too short
    /// to say (so that a cut-off take gets this reader's words). Another Ogg codec (Vorbis, FLAC) is not.
    public static func claims(_ url: URL) -> Bool {
        guard let file = try? POSIX.File(path: url.path, access: .readOnly, options: .nonBlocking),
            let start = try? file.read(count: 64, at: 0), start.starts(with: Array("OggS".utf8))
        else { return false }
        guard start.count > OggPage.fixedHeaderLength else { return true }
        let body = OggPage.fixedHeaderLength + Int(start[26])
        guard start.count >= body + OpusHead.magic.count else { return true }
        return Array(start[body ..< body + OpusHead.magic.count]) == OpusHead.magic
    }
}
