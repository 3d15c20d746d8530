import Foundation
import VoiceRecorder
import VoiceRecorderCore

/// Reads audio files through FFmpeg: what they hold, their PCM as a stream of chunks, and their waveform.
public enum AudioFileReader {
    /// Frames per chunk handed to `decode`'s closure: 0.2 s, small enough to never hold a whole file.
    public static let chunkFrames = 4_800

    /// What `url` holds (codec, rate, channels, duration). Throws `FFmpegError` for anything FFmpeg cannot read as
    /// audio: a missing path, a directory, an empty, truncated or corrupt file, a picture, text.
    public static func info(of url: URL) throws -> AudioFileInfo {
        try AudioFileDecoder(url: url).info
    }

    /// Decodes `url` to mono Float at 24 kHz and hands it to `body` chunk by chunk, in order; returns the info and
    /// the total frames decoded.
    @discardableResult
    public static func decode(
        _ url: URL, chunkFrames: Int = chunkFrames, _ body: ([Float]) throws -> Void
    ) throws -> (info: AudioFileInfo, frames: Int) {
        let decoder = try AudioFileDecoder(url: url)
        var frames = 0
        while let chunk = try decoder.read(maxFrames: chunkFrames) {
            frames += chunk.count
            try body(chunk)
        }
        return (decoder.info, frames)
    }

    /// The `samples` of a Recording made from `url` (SPEC A.5): one loudness per 50 ms window (its peak), at most
    /// 160 values, oldest first.
    public static func waveform(of url: URL) throws -> [Double] {
        try WindowPeakMeter.recordingSamples { chunk in _ = try decode(url) { chunk($0) } }
    }
}
