import Foundation
import VoiceRecorder
import VoiceRecorderCore
import VoiceRecorderFFmpeg
import VoiceRecorderOpus

/// Every audio file the package reads, whatever it holds: an Ogg Opus file (SPEC G) through this package's own Ogg
/// code and libopus, which loads nothing of FFmpeg; anything else (an `.m4a` take, a WAV, an Ogg Vorbis) through
/// FFmpeg's libraries.
///
/// The choice is made from the file's first bytes, not its name: an Ogg file whose first packet is an Opus header
/// (or one too short to tell, so a cut-off take is told about in this package's words) is Opus.
public enum AudioFiles {
    /// Frames per chunk handed to `decode`'s closure: 0.2 s.
    public static let chunkFrames = 4_800

    /// Whether `url` is read as Ogg Opus.
    public static func isOggOpus(_ url: URL) -> Bool { OggOpusReader.claims(url) }

    /// What `url` holds. For Ogg Opus: container `ogg`, codec `opus`, the rate the audio was recorded at (24 kHz
    /// for a take) and the exact duration, read from the pages alone. Throws in words naming the file.
    public static func info(of url: URL) throws -> AudioFileInfo {
        guard isOggOpus(url) else { return try AudioFileReader.info(of: url) }
        return audioFileInfo(try OggOpusReader.info(of: url))
    }

    /// Decodes `url` to mono float at 24 kHz, handing it to `body` chunk by chunk; returns the info and the frames.
    @discardableResult
    public static func decode(
        _ url: URL, chunkFrames: Int = chunkFrames, _ body: ([Float]) throws -> Void
    ) throws -> (info: AudioFileInfo, frames: Int) {
        guard isOggOpus(url) else { return try AudioFileReader.decode(url, chunkFrames: chunkFrames, body) }
        let (info, frames) = try OggOpusReader.decode(url, chunkFrames: chunkFrames, body)
        return (audioFileInfo(info), frames)
    }

    /// The `samples` of a Recording made from `url` (SPEC A.5): a loudness per 50 ms window, at most 160.
    public static func waveform(of url: URL) throws -> [Double] {
        try WindowPeakMeter.recordingSamples { chunk in _ = try decode(url) { chunk($0) } }
    }

    /// A decoder of `url` to pull PCM from (a player's source), opened now so that a file that cannot be read fails
    /// here, in words that name it.
    public static func decoder(for url: URL) throws -> any PCMPullSource {
        isOggOpus(url) ? try OggOpusDecoder(url: url) : try AudioFileDecoder(url: url)
    }

    /// The stretch of `url` up to `until` seconds, as a player's source: what listening to a paused take reads
    /// (`SoundServerTakePlayers`' stretch).
    @Sendable public static func stretch(_ url: URL, until: Double) throws -> PCMPullSource {
        try PCMStretch(try decoder(for: url), until: until)
    }

    private static func audioFileInfo(_ info: OggOpusInfo) -> AudioFileInfo {
        AudioFileInfo(
            url: info.url, formatName: "ogg", codecName: "opus", sampleRate: info.inputSampleRate,
            channels: info.channels, duration: info.duration)
    }
}

/// A source's audio from its start up to `until` seconds: a player of it stops there (a paused take's kept range
/// ends there, whatever the file holds after).
final class PCMStretch: PCMPullSource {
    private let source: any PCMPullSource
    private let endFrame: Int
    private var frame = 0
    private static let rate = Double(AudioFormat.sampleRate)

    init(_ source: any PCMPullSource, until: Double) throws {
        self.source = source
        endFrame = max(0, Int((until * Self.rate).rounded()))
    }

    func read(maxFrames: Int) throws -> [Float]? {
        let left = endFrame - frame
        guard left > 0, let chunk = try source.read(maxFrames: min(maxFrames, left)) else { return nil }
        frame += chunk.count
        return chunk
    }

    func seek(to seconds: Double) throws {
        try source.seek(to: seconds)
        frame = Int((max(0, seconds) * Self.rate).rounded())
    }

    var duration: Double { Double(endFrame) / Self.rate }
}
