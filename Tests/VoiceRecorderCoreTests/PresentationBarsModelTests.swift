import Testing

@testable import VoiceRecorderCore

@Suite("BarsModel (SPEC A.8)")
struct PresentationBarsModelTests {
    /// A row 100 pt long and 32 pt high with 3 pt bars 2 pt apart (pitch 5).
    static func row(
        _ windows: [Double], elapsed: Double, direction: LayoutDirection = .leftToRight,
        length: Double = 100
    ) -> BarsModel {
        BarsModel(
            windowLoudnesses: windows, elapsed: elapsed, rowLength: length, rowHeight: 32,
            style: Style(), direction: direction)
    }

    @Test(
        "Edge fade: transparent at 0 %, opaque 14–96 %, transparent at 100 %",
        arguments: [
            (-0.1, 0.0), (0.0, 0.0), (0.07, 0.5), (0.14, 1.0), (0.5, 1.0), (0.96, 1.0), (0.98, 0.5), (1.0, 0.0),
            (1.2, 0.0),
        ])
    func edgeFade(position: Double, opacity: Double) {
        #expect(abs(BarsModel.edgeFade(at: position) - opacity) < 1e-9)
    }

    @Test(
        "Each bar shows the larger of its two 50 ms peaks",
        arguments: [
            ([0.2, 0.7, 0.4, 0.1, 0.9], 0, 0.7),
            ([0.2, 0.7, 0.4, 0.1, 0.9], 1, 0.4),
            ([0.2, 0.7, 0.4, 0.1, 0.9], 2, 0.9),  // a bar still being filled shows what it has
            ([0.2, 0.7, 0.4, 0.1, 0.9], 3, 0.0),  // not measured yet
            ([0.2, 0.7, 0.4, 0.1, 0.9], -4, 0.0),  // before the take: a quiet dot
            ([1.5, -1.0], 0, 1.0),  // clamped
        ])
    func barLevel(windows: [Double], index: Int, level: Double) {
        #expect(Self.row(windows, elapsed: 0.5).level(ofBar: index) == level)
    }

    @Test(
        "Bar centres: trailing end − width/2 − (elapsed tenths − index) × pitch",
        arguments: [
            // (elapsed, index, centre from the row's left in a 100 pt left-to-right row)
            (0.0, 0, 98.5), (0.05, 0, 96.0), (0.1, 0, 93.5), (0.1, 1, 98.5), (0.3, 0, 83.5), (0.35, 3, 96.0),
            (0.35, 1, 86.0), (1.0, 0, 48.5), (1.0, -5, 23.5),
        ])
    func positions(elapsed: Double, index: Int, centerX: Double) throws {
        let bar = try #require(Self.row([], elapsed: elapsed).bars.first { $0.index == index })
        #expect(abs(bar.centerX - centerX) < 1e-9)
        let mirrored = try #require(
            Self.row([], elapsed: elapsed, direction: .rightToLeft).bars
                .first { $0.index == index })
        #expect(abs(mirrored.centerX - (100 - centerX)) < 1e-9)
    }

    @Test("The newest bar is the current tenth's, at the trailing end; bars are oldest first")
    func newestBar() throws {
        for elapsed in [0.0, 0.04, 0.1, 0.29, 0.3, 12.34] {
            let bars = Self.row([], elapsed: elapsed).bars
            let newest = try #require(bars.last)
            #expect(newest.index == Int((elapsed * 10 + 1e-9).rounded(.down)))
            #expect(bars.map(\.index) == bars.map(\.index).sorted())
            #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.centerX < $1.centerX })
        }
    }

    @Test("Bars slide continuously: no jump across a tenth")
    func continuity() throws {
        let windows = [Double](repeating: 0.5, count: 40)
        for boundary in [0.1, 0.3, 0.7, 1.5] {
            let before = Self.row(windows, elapsed: boundary - 1e-6).bars
            let after = Self.row(windows, elapsed: boundary + 1e-6).bars
            for bar in before {
                guard let same = after.first(where: { $0.index == bar.index }) else { continue }
                #expect(abs(same.centerX - bar.centerX) < 1e-3)
            }
        }
    }

    @Test(
        "Height = width + (row height − width) × level, centred, round-ended",
        arguments: [
            (0.0, 3.0), (0.5, 17.5), (1.0, 32.0),
        ])
    func heights(level: Double, height: Double) throws {
        let bars = Self.row([level, level, level, level], elapsed: 0.15).bars
        let bar = try #require(bars.first { $0.index == 0 })
        #expect(abs(bar.height - height) < 1e-9)
        #expect(bar.centerY == 16)
        #expect(bar.cornerRadius == 1.5)
        #expect(bar.width == 3)
        // Before the take there is no sound: a dot.
        let dot = try #require(bars.first { $0.index < 0 })
        #expect(dot.height == dot.width)
    }

    @Test("Opacity follows the edge fade at each bar's centre; invisible bars are left out")
    func opacities() {
        let model = Self.row([], elapsed: 10)
        let bars = model.bars
        #expect(!bars.isEmpty)
        for bar in bars {
            #expect(bar.opacity > 0)
            #expect(abs(bar.opacity - BarsModel.edgeFade(at: bar.centerX / 100)) < 1e-9)
        }
        // The row is full: from near the leading end to the trailing end, one bar per pitch.
        #expect(bars.count == 20)
        let rtl = Self.row([], elapsed: 10, direction: .rightToLeft).bars
        for bar in rtl { #expect(abs(bar.opacity - BarsModel.edgeFade(at: 1 - bar.centerX / 100)) < 1e-9) }
    }

    @Test("A pure function: the same inputs give the same bars (the stopped phase freezes them)")
    func frozen() {
        let windows = (0 ..< 100).map { Double($0 % 9) / 9 }
        #expect(Self.row(windows, elapsed: 4.87).bars == Self.row(windows, elapsed: 4.87).bars)
        #expect(Self.row(windows, elapsed: 4.87).bars != Self.row(windows, elapsed: 4.9).bars)
    }

    @Test("A five-minute take computes only the visible bars")
    func longTake() {
        let windows = [Double](repeating: 0.3, count: 6_000)
        let bars = Self.row(windows, elapsed: 299.97, length: 140).bars
        #expect(bars.count <= Int(140 / 5) + 2)
        #expect(bars.last?.index == 2_999)
    }

    @Test("Degenerate geometry draws nothing", arguments: [0.0, -10.0, Double.nan])
    func degenerate(length: Double) {
        #expect(Self.row([0.5], elapsed: 1, length: length).bars.isEmpty)
    }
}
