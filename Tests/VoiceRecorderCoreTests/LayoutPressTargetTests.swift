import Testing
import VoiceRecorderCore

/// Which part of the control a press lands on: the widget asks the layout, so a press is judged against the very
/// shapes that are drawn.
@Suite("Band layout: what a press lands on")
struct LayoutPressTargetTests {
    @Test("a rounded shape holds the points within its corner radius of its core, not its bounding box's corners")
    func roundedShapeContainment() {
        let pill = GlassShape.pill(Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(pill.contains(Point(x: 50, y: 10)))
        #expect(pill.contains(Point(x: 50, y: 0)), "the outline counts")
        #expect(pill.contains(Point(x: 5, y: 10)))
        #expect(!pill.contains(Point(x: 2, y: 2)), "outside the round end, inside the box")
        #expect(!pill.contains(Point(x: 50, y: 20.5)))
        let square = GlassShape(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0)
        #expect(square.contains(Point(x: 0, y: 0)) && square.contains(Point(x: 10, y: 10)))
        #expect(!square.contains(Point(x: 10.1, y: 5)))
    }

    @Test(
        "at rest the mic takes presses on its disc and nowhere else",
        arguments: [
            (LayoutDirection.leftToRight, 364.0), (.rightToLeft, 26.0),
        ])
    func micAtRest(direction: LayoutDirection, centerX: Double) {
        let layout = BandLayout(BandLayoutInput(width: 390, direction: direction))
        let outward = direction == .leftToRight ? 1.0 : -1.0
        #expect(layout.pressTarget(at: Point(x: centerX, y: 26), phase: .idle) == .mic)
        #expect(layout.pressTarget(at: Point(x: centerX + 25.9 * outward, y: 26), phase: .idle) == .mic)
        #expect(layout.pressTarget(at: Point(x: centerX + 26.1 * outward, y: 26), phase: .idle) == nil)
        // The disc's bounding box corner is outside the disc (26·√2 ≈ 36.8 from the centre).
        #expect(layout.pressTarget(at: Point(x: centerX + 24 * outward, y: 2), phase: .idle) == nil)
        // The content's space belongs to the content.
        #expect(layout.pressTarget(at: Point(x: 195, y: 26), phase: .idle) == nil)
    }

    @Test(
        "the trash takes presses only hands-free or stopped",
        arguments: [
            (Phase.locked, BandLayout.PressTarget?.some(.trash)), (.stopped, .trash), (.holding, nil), (.idle, nil),
        ])
    func trashOnlyAsAButton(phase: Phase, expected: BandLayout.PressTarget?) throws {
        let layout = BandLayout(
            BandLayoutInput(
                width: 390, presence: .init(capsule: 1, trash: 1), swell: 1,
                showsSlideToCancel: false, contentVisibility: 0))
        let trash = try #require(layout.trash)
        #expect(layout.pressTarget(at: trash.shape.rect.center, phase: phase) == expected)
        // The mic is the send button then, and still takes its presses.
        #expect(layout.pressTarget(at: layout.mic.center, phase: phase) == .mic)
        // Between the trash and the mic lies the capsule, which is no button.
        #expect(layout.pressTarget(at: Point(x: 195, y: 26), phase: phase) == nil)
    }

    @Test("a swollen mic takes presses on its whole swollen disc")
    func swollenMic() {
        let layout = BandLayout(BandLayoutInput(width: 390, presence: .init(capsule: 1, lane: 1), swell: 1))
        // 1.1 × 52 = 57.2: 28.6 from the centre is on the outline.
        #expect(layout.pressTarget(at: Point(x: 364 + 28.5, y: 26), phase: .holding) == .mic)
        #expect(layout.pressTarget(at: Point(x: 364 + 28.7, y: 26), phase: .holding) == nil)
    }
}
