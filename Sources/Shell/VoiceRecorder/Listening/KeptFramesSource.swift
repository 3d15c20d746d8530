/// A source that plays only some ranges of another source's frames, one after the other, as if what lies between
/// them had never been there: listening to what an edit would keep (SPEC I.1), or to a memo with its long pauses
/// shortened (I.2). `duration`, `seek(to:)` and the frames read are all in the kept time.
public final class KeptFramesSource: PCMPullSource {
    private let source: PCMPullSource
    private let kept: [Range<Int>]
    /// Which range the next read is in (`kept.count` at the end), and the source's frame it starts at.
    private var rangeIndex = 0
    private var frame = 0
    private static let rate = Double(AudioFormat.sampleRate)

    /// Plays the frames `kept` (ranges of `source`'s frames at the recording rate, in order, not overlapping) of
    /// `source`, from the start of the first.
    public init(source: PCMPullSource, kept: [Range<Int>]) throws {
        self.source = source
        self.kept = kept.filter { !$0.isEmpty }
        try seek(to: 0)
    }

    public var duration: Double { Double(kept.reduce(0) { $0 + $1.count }) / Self.rate }

    public func seek(to seconds: Double) throws {
        var left = Int((max(0, seconds) * Self.rate).rounded())
        for (index, range) in kept.enumerated() {
            if left < range.count {
                try move(to: index, frame: range.lowerBound + left)
                return
            }
            left -= range.count
        }
        rangeIndex = kept.count
    }

    public func read(maxFrames: Int) throws -> [Float]? {
        while rangeIndex < kept.count {
            let range = kept[rangeIndex]
            guard frame < range.upperBound else {
                // On to the next range, where the source is moved (what lies between is never decoded).
                if rangeIndex + 1 < kept.count {
                    try move(to: rangeIndex + 1, frame: kept[rangeIndex + 1].lowerBound)
                } else {
                    rangeIndex = kept.count
                }
                continue
            }
            guard let frames = try source.read(maxFrames: min(maxFrames, range.upperBound - frame)) else {
                rangeIndex = kept.count  // the source ended early: so does what is kept of it
                return nil
            }
            let wanted = min(frames.count, range.upperBound - frame)
            frame += frames.count
            return wanted == frames.count ? frames : Array(frames[..<wanted])
        }
        return nil
    }

    private func move(to index: Int, frame: Int) throws {
        rangeIndex = index
        self.frame = frame
        try source.seek(to: Double(frame) / Self.rate)
    }
}
