import Foundation

/// What an audio file holds, whichever reader read it (FFmpeg's, or the package's own Ogg Opus reader): its container
/// and codec in FFmpeg's names, which every reader uses so the two can be compared.
public struct AudioFileInfo: Sendable, Equatable {
    /// The file.
    public let url: URL
    /// The container, as FFmpeg names its demuxer (e.g. `"mov,mp4,m4a,3gp,3g2,mj2"`).
    public let formatName: String
    /// The audio codec, as FFmpeg names it (e.g. `"aac"`).
    public let codecName: String
    /// The stream's own sample rate.
    public let sampleRate: Int
    /// The stream's own channel count.
    public let channels: Int
    /// Seconds of audio, as the container declares it (an `.m4a` edit list already skips the encoder's priming and
    /// the padding of the last frame); `nil` when the container does not say.
    public let duration: Double?

    public init(url: URL, formatName: String, codecName: String, sampleRate: Int, channels: Int, duration: Double?) {
        self.url = url
        self.formatName = formatName
        self.codecName = codecName
        self.sampleRate = sampleRate
        self.channels = channels
        self.duration = duration
    }
}
