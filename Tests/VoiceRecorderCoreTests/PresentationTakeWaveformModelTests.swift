import Testing
import VoiceRecorderCore

@Suite("The paused take's waveform")
struct PresentationTakeWaveformModelTests {
    @Test(
        "as many bars as fit the row, each the peak of its stretch",
        arguments: [
            // windows, row length, expected bar count
            (200, 164.7, 33), (200, 100.0, 20), (20, 164.7, 20), (1, 164.7, 1), (33, 164.7, 33), (34, 164.7, 33),
        ])
    func barCount(windows: Int, rowLength: Double, count: Int) {
        let loudness = (0 ..< windows).map { Double($0 % 10) / 10 }
        let model = TakeWaveformModel(
            windowLoudnesses: loudness, length: Double(windows) * 0.05, kept: .whole(Double(windows) * 0.05),
            rowLength: rowLength, rowHeight: 32, barWidth: 3, barSpacing: 2)
        #expect(model.bars.count == count)
        #expect(model.bars.map(\.level) == WaveformCompression.compress(loudness, to: count))
    }

    @Test("a short loud sound is never averaged away")
    func peak() {
        var loudness = [Double](repeating: 0, count: 400)
        loudness[217] = 0.9
        let model = TakeWaveformModel(
            windowLoudnesses: loudness, length: 20, kept: .whole(20), rowLength: 100, rowHeight: 32, barWidth: 3,
            barSpacing: 2)
        #expect(model.bars.filter { $0.level == 0.9 }.count == 1)
        #expect(model.bars.first { $0.level == 0.9 }.map { $0.start <= 217 * 0.05 && $0.end >= 217 * 0.05 } == true)
    }

    @Test(
        "bars span the whole take; those outside the kept range are not kept",
        arguments: [
            (KeptRange(start: 0, end: 10), 0), (KeptRange(start: 2.5, end: 7.5), 10), (.init(start: 0, end: 1), 18),
        ])
    func kept(range: KeptRange, notKept: Int) {
        let model = TakeWaveformModel(
            windowLoudnesses: [Double](repeating: 0.5, count: 200), length: 10, kept: range, rowLength: 100,
            rowHeight: 32, barWidth: 3, barSpacing: 2)
        #expect(model.bars.first?.start == 0 && abs((model.bars.last?.end ?? 0) - 10) < 1e-9)
        #expect(model.bars.filter { !$0.isKept }.count == notKept)
        for bar in model.bars { #expect(bar.isKept == (bar.middle >= range.start && bar.middle <= range.end)) }
    }

    @Test("heights run from a quiet dot to the row's height", arguments: [(0.0, 3.0), (0.5, 17.5), (1, 32), (2, 32)])
    func heights(loudness: Double, height: Double) {
        let model = TakeWaveformModel(
            windowLoudnesses: [loudness], length: 0.05, kept: .whole(0.05), rowLength: 100, rowHeight: 32,
            barWidth: 3, barSpacing: 2)
        #expect(model.bars.map(\.height) == [height])
    }

    @Test("nothing to draw without windows, length or room")
    func empty() {
        #expect(
            TakeWaveformModel(
                windowLoudnesses: [], length: 1, kept: .whole(1), rowLength: 100, rowHeight: 32, barWidth: 3,
                barSpacing: 2
            ).bars.isEmpty)
        #expect(
            TakeWaveformModel(
                windowLoudnesses: [1], length: 1, kept: .whole(1), rowLength: 0, rowHeight: 32, barWidth: 3,
                barSpacing: 2
            ).bars.isEmpty)
    }
}
