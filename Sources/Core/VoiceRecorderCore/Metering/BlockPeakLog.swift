/// A take's peaks in blocks of 16 frames, kept so that the 50 ms windows of any part of it can be told afterwards,
/// wherever that part starts (SPEC D.5).
///
/// A trimmed take is sent from the start of a coded frame (1,024 frames, see `CodedFrameCut`), which lies off the
/// take's own 1,200-frame window grid: the sent file's windows start where it does, so they cannot be put together
/// from the take's windows. 16 divides both 1,024 and 1,200, so every window of a part that starts on a coded frame
/// begins and ends on a block boundary and its peak is the peak of whole blocks: exact, but for the last window of a
/// part that ends off a block boundary, which reads its last block whole (under 0.7 ms more).
///
/// Each block is one 16-bit linear peak (full scale = 65,535, clipped there; loudness tops out at full scale anyway),
/// finer than the loudness curve's 52 dB range needs: 3 KB a second, 0.9 MB for a 5-minute take. Only a session with
/// preview on keeps one.
public struct BlockPeakLog: Sendable, Equatable {
    /// Frames in one block: the largest count that divides both a coded frame (1,024) and a window (1,200).
    public static let framesPerBlock = 16

    /// The peak of every completed block, in 1/65,535 of full scale.
    private var peaks: [UInt16] = []
    /// The peak of the block still being filled, and the frames already in it.
    private var partialPeak: Float = 0
    private var partialFrames = 0

    /// An empty log.
    public init() {}

    /// Frames fed so far.
    public var framesSeen: Int { peaks.count * Self.framesPerBlock + partialFrames }

    /// Feeds one buffer of mono PCM.
    public mutating func append(_ buffer: UnsafeBufferPointer<Float>) {
        var start = 0
        while start < buffer.count {
            let take = min(Self.framesPerBlock - partialFrames, buffer.count - start)
            let chunk = UnsafeBufferPointer(rebasing: buffer[start ..< start + take])
            partialPeak = max(partialPeak, Loudness.peak(of: chunk))
            partialFrames += take
            start += take
            if partialFrames == Self.framesPerBlock {
                peaks.append(Self.quantize(partialPeak))
                partialPeak = 0
                partialFrames = 0
            }
        }
    }

    /// The loudness of every 50 ms window of the frames `part` (A.5's windows, the last one partial), counted from
    /// the take's first frame and clamped to what was fed: window `i` spans `part.lowerBound + i × framesPerWindow`
    /// for `framesPerWindow` frames.
    public func windowLoudnesses(of part: Range<Int>, framesPerWindow: Int = AudioFormat.framesPerWindow) -> [Double] {
        let part = part.clamped(to: 0 ..< framesSeen)
        var loudnesses: [Double] = []
        loudnesses.reserveCapacity((part.count + framesPerWindow - 1) / framesPerWindow)
        var windowStart = part.lowerBound
        while windowStart < part.upperBound {
            let windowEnd = min(windowStart + framesPerWindow, part.upperBound)
            loudnesses.append(Loudness.level(peak: Double(peak(of: windowStart ..< windowEnd))))
            windowStart = windowEnd
        }
        return loudnesses
    }

    /// The peak of the blocks that `frames` overlaps, in full scale.
    private func peak(of frames: Range<Int>) -> Float {
        let firstBlock = frames.lowerBound / Self.framesPerBlock
        let endBlock = (frames.upperBound + Self.framesPerBlock - 1) / Self.framesPerBlock
        var peak: UInt16 = 0
        for block in firstBlock ..< min(endBlock, peaks.count) { peak = max(peak, peaks[block]) }
        let completed = Float(peak) / Float(UInt16.max)
        // The block still being filled counts when the frames reach into it.
        return endBlock > peaks.count && partialFrames > 0 ? max(completed, partialPeak) : completed
    }

    private static func quantize(_ peak: Float) -> UInt16 {
        UInt16((min(peak, 1) * Float(UInt16.max)).rounded())
    }
}
