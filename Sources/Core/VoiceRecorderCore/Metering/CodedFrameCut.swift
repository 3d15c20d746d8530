/// Where a take cut to a kept range starts playing, when its audio is coded in whole frames (SPEC D.5).
///
/// An AAC file can only start decoding cleanly at a coded frame, with the frame before it as pre-roll (AAC overlaps
/// every frame with the one before). To keep at most that one frame of audio from outside the range, the cut file
/// starts at the first frame boundary inside the range: the pre-roll is the frame the range's start falls in, and
/// the kept audio before that boundary (under one frame, 43 ms at 24 kHz) is left out with it. The end stays
/// exact (the edit list cuts it to the frame). A range that holds no boundary at all (shorter than a frame, which a
/// trim never leaves: SPEC D.4's shortest is 0.1 s) keeps its start and the frame before as pre-roll.
public enum CodedFrameCut {
    /// Frames in one AAC-LC frame.
    public static let aacFrameSize = 1_024

    /// The frames a file cut to `kept` plays, in take frames (0 = the first recorded frame).
    ///
    /// - Parameters:
    ///   - frameSize: frames in one coded frame.
    ///   - priming: the encoder's priming, the frames of silence it codes before the take's first frame; coded
    ///     frames start at `k × frameSize − priming` in take frames.
    public static func playedFrames(
        keeping kept: Range<Int>, frameSize: Int = aacFrameSize, priming: Int = aacFrameSize
    ) -> Range<Int> {
        precondition(frameSize > 0, "a coded frame holds at least one frame")
        // The first boundary at or after the start: boundaries sit at −priming + k × frameSize.
        let offset = kept.lowerBound + priming
        let remainder = ((offset % frameSize) + frameSize) % frameSize
        let boundary = remainder == 0 ? kept.lowerBound : kept.lowerBound + frameSize - remainder
        return boundary < kept.upperBound ? boundary ..< kept.upperBound : kept
    }
}
