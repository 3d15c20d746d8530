/// Whether "Slide to cancel" shows its words or only its chevron (SPEC A.8, A.16).
public enum SlideToCancelFit {
    /// The least room the bars keep, in points before growing.
    public static let minimumBarsLength = 56.0

    /// Whether the words fit beside the chevron.
    ///
    /// They don't when they would squeeze the bars below 56 pt × grow — that is when
    /// `capsuleWidth − ((9 + 14 + 20) × grow + clockWidth + wordsWidth + 15 × grow) < 56 × grow`, the fixed part being
    /// the clock-side padding (9), the chevron (14) and the two gaps around the bars (10 + 10), and the far padding
    /// (15) — nor at accessibility text sizes, where the words would be too big for any row.
    public static func showsWords(
        capsuleWidth: Double, clockWidth: Double, wordsWidth: Double,
        scale: TextScale
    ) -> Bool {
        if scale.isAccessibilitySize { return false }
        let grow = scale.grow
        let barsRoom = capsuleWidth - ((9 + 14 + 20) * grow + clockWidth + wordsWidth + 15 * grow)
        return barsRoom >= minimumBarsLength * grow
    }
}
