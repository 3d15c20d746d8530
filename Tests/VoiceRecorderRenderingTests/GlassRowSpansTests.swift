import Testing
import VoiceRecorderCore

@testable import VoiceRecorderRendering

/// The runs of pixels the glass's colouring visits: every pixel a piece can touch is in one, and the empty space
/// between pieces is not.
@Suite("Glass row spans")
struct GlassRowSpansTests {
    /// A tall narrow piece (a lane) over the left of a wide one (a capsule), 1 pixel per point, origin at (0, 0).
    private static let spans = GlassRowSpans(
        [
            .shape(GlassShape(rect: Rect(x: 10, y: 0, width: 10, height: 40), cornerRadius: 5)),
            .shape(GlassShape(rect: Rect(x: 10, y: 30, width: 60, height: 10), cornerRadius: 5)),
        ],
        scale: 1, origin: Point(x: 0, y: 0), width: 100, height: 60)

    @Test("each piece's box, grown by the hairline and a pixel, bounds the runs")
    func rowsCoverTheGrownBoxes() {
        let grown = Int((ControlPalette.edgeWidth + 1).rounded(.up))
        #expect(Self.spans.rows == 0 ..< 40 + grown)
    }

    @Test("a row crossing one piece has its run only", arguments: [5, 20])
    func narrowRows(row: Int) {
        let runs = Array(Self.spans.runs(of: row))
        #expect(runs.count == 1)
        #expect(runs.first.map { $0.lowerBound <= 9 && $0.upperBound >= 21 && $0.upperBound < 30 } == true)
    }

    @Test("overlapping pieces merge into one run")
    func overlappingRowsMerge() {
        let runs = Array(Self.spans.runs(of: 35))
        #expect(runs.count == 1)
        #expect(runs.first.map { $0.lowerBound <= 9 && $0.upperBound >= 71 } == true)
    }

    @Test("rows outside every piece have no run", arguments: [-1, 45, 59])
    func emptyRows(row: Int) {
        #expect(Self.spans.runs(of: row).isEmpty)
    }

    @Test("two pieces apart on a row make two runs")
    func separateRuns() {
        let spans = GlassRowSpans(
            [
                .shape(GlassShape(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 5)),
                .shape(GlassShape(rect: Rect(x: 50, y: 0, width: 10, height: 10), cornerRadius: 5)),
            ],
            scale: 2, origin: Point(x: 10, y: 10), width: 200, height: 60)
        #expect(spans.runs(of: 20).count == 2)
    }
}
