import Testing

@testable import VoiceRecorderCore

@Suite("Waveform compression (SPEC A.5)")
struct MeteringWaveformCompressionTests {
    @Test("Up to 160 windows pass unchanged", arguments: [0, 1, 37, 159, 160])
    func shortTakes(count: Int) {
        let windows = (0 ..< count).map { Double($0 % 7) / 7 }
        #expect(WaveformCompression.compress(windows) == windows)
    }

    /// The spec's stretch rule, written out independently of the implementation.
    static func expectedStretch(_ i: Int, _ n: Int) -> Range<Int> {
        let start = i * n / 160
        return start ..< max((i + 1) * n / 160, start + 1)
    }

    @Test("More windows become 160 stretch peaks", arguments: [161, 200, 319, 320, 321, 1_000, 6_000])
    func longTakes(n: Int) {
        // A deterministic, irregular signal with an isolated spike in every tenth window.
        let windows: [Double] = (0 ..< n).map { (index: Int) -> Double in
            index % 10 == 3 ? 1 : Double((index * 37) % 11) / 20
        }
        let compressed = WaveformCompression.compress(windows)
        #expect(compressed.count == 160)
        for i in 0 ..< 160 {
            let stretch = Self.expectedStretch(i, n)
            #expect(compressed[i] == windows[stretch].max())
        }
        // Every window lands in exactly one stretch.
        let covered = (0 ..< 160).map { Self.expectedStretch($0, n).count }.reduce(0, +)
        #expect(covered == n)
    }

    @Test(
        "Stretch bounds, worked by hand",
        arguments: [
            (161, 0, 0 ..< 1), (161, 159, 159 ..< 161), (320, 5, 10 ..< 12), (321, 159, 318 ..< 321),
            (1_000, 1, 6 ..< 12),
        ])
    func stretchBounds(n: Int, i: Int, range: Range<Int>) {
        // Window w holds the value w, so a stretch's peak is its last window and its length shows as a step.
        let compressed = WaveformCompression.compress((0 ..< n).map(Double.init))
        #expect(compressed[i] == Double(range.upperBound - 1))
        let previousEnd = i == 0 ? -1.0 : compressed[i - 1]
        #expect(previousEnd == Double(range.lowerBound - 1))
    }

    @Test("A short spike survives compression")
    func spikeSurvives() {
        var windows = [Double](repeating: 0.1, count: 6_000)
        windows[4_321] = 0.9
        let compressed = WaveformCompression.compress(windows)
        #expect(compressed.filter { $0 == 0.9 }.count == 1)
        #expect(compressed[4_321 * 160 / 6_000] == 0.9)
    }
}
