import Testing

@testable import VoiceRecorderCore

@Suite("Slide to cancel: words or chevron only (SPEC A.8)")
struct PresentationSlideToCancelFitTests {
    @Test(
        "Words show only when the bars keep 56 pt × grow",
        arguments: [
            // (capsule, clock, words, text scale, shows words)
            (300.0, 40.0, 110.0, 1.0, true),  // bars keep 300 − (43 + 40 + 110 + 15) = 92
            (264.0, 40.0, 110.0, 1.0, true),  // exactly 56: still fits
            (263.9, 40.0, 110.0, 1.0, false),
            (200.0, 40.0, 110.0, 1.0, false),
            (330.0, 50.0, 130.0, 1.2, true),  // 330 − (51.6 + 50 + 130 + 18) = 80.4 ≥ 67.2
            (310.0, 50.0, 130.0, 1.2, false),  // 60.4 < 67.2
            (1_000.0, 50.0, 130.0, 1.6, false),  // an accessibility size: chevron only, whatever the room
            (1_000.0, 50.0, 130.0, 23.0 / 17.0, true),
        ])
    func fit(capsule: Double, clock: Double, words: Double, scale: Double, shows: Bool) {
        #expect(
            SlideToCancelFit.showsWords(
                capsuleWidth: capsule, clockWidth: clock, wordsWidth: words,
                scale: TextScale(scale)) == shows)
    }
}
