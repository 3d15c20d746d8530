import Foundation
import VoiceRecorder

/// A file's audio from its start up to `until` seconds, to play (a paused take's kept range ends there, whatever
/// the file holds after): a player of it stops at that point. Decoded by FFmpeg as it is read.
public final class AudioFileStretch: PCMPullSource {
    private let decoder: AudioFileDecoder
    private let endFrame: Int
    private var frame = 0
    private static let rate = Double(AudioFormat.sampleRate)

    /// Opens `url` now, so a file that cannot be read fails here, in words that name it.
    public init(decoding url: URL, until: Double) throws {
        decoder = try AudioFileDecoder(url: url)
        endFrame = max(0, Int((until * Self.rate).rounded()))
    }

    public func read(maxFrames: Int) throws -> [Float]? {
        let left = endFrame - frame
        guard left > 0, let chunk = try decoder.read(maxFrames: min(maxFrames, left)) else { return nil }
        frame += chunk.count
        return chunk
    }

    public func seek(to seconds: Double) throws {
        try decoder.seek(to: seconds)
        frame = Int((max(0, seconds) * Self.rate).rounded())
    }

    public var duration: Double { Double(endFrame) / Self.rate }

    /// The stretch of `url` up to `until`, as a player's source (what `SoundServerTakePlayers` is given to read
    /// paused takes with).
    @Sendable public static func open(_ url: URL, until: Double) throws -> PCMPullSource {
        try AudioFileStretch(decoding: url, until: until)
    }
}
