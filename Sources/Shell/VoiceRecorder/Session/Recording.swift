import Foundation

/// A finished take, handed to the app (SPEC A.5). The file now belongs to the app: upload it, move it, delete it.
public struct Recording: Sendable, Equatable {
    /// The AAC-LC `.m4a` file, 24 kHz mono, named `voice-<UUID>.m4a`.
    public var url: URL
    /// Seconds: frames in the finished file ÷ the sample rate, or the elapsed time when the file can't say.
    public var duration: Double
    /// Loudness 0…1, oldest first, one per 50 ms window (its peak), at most 160.
    public var samples: [Double]
    /// When the take was trimmed before sending (SPEC D.5): the frames of the take the file plays, counted from the
    /// take's first frame at `AudioFormat.sampleRate`, as the writer reported them: the kept range, from its first
    /// coded frame boundary (an AAC file starts under 43 ms after the trim start) to its end. `nil` for a whole take.
    public var keptFrames: Range<Int>?

    public init(url: URL, duration: Double, samples: [Double], keptFrames: Range<Int>? = nil) {
        self.url = url
        self.duration = duration
        self.samples = samples
        self.keptFrames = keptFrames
    }
}
