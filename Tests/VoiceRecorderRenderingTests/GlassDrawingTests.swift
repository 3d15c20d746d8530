import Testing
import VoiceRecorderCore

@testable import VoiceRecorderRendering

/// The glass drawn through the renderer's own device pixels (`GlassLayerCache`) against the same glass drawn with
/// cairo alone (`GlassPainter.draw`, the reference the fast path must not drift from), and the kept pixels against
/// freshly drawn ones while the shapes move.
@Suite("Glass drawing")
struct GlassDrawingTests {
    static let scale = 2.0

    /// A surface and context covering the scene's glass and shadow at `scale`, cleared.
    private static func canvas(for layout: BandLayout, palette: ControlPalette) throws
        -> (CairoImageSurface, CairoContext)
    {
        let area = GlassPainter.paintedArea(layout, palette: palette)
        let surface = try CairoImageSurface(
            width: Int((area.width * scale).rounded(.up)) + 4,
            height: Int((area.height * scale).rounded(.up)) + 4)
        let context = try CairoContext(surface: surface)
        context.scale(x: scale, y: scale)
        // A fractional offset, as a widget placed anywhere would have.
        context.translate(x: -area.minX + 0.3, y: -area.minY + 0.7)
        return (surface, context)
    }

    private static func glassLayout(_ scene: ControlScene) -> BandLayout { ControlRenderer().layout(for: scene) }

    @Test(
        "device-pixel glass looks like cairo's own",
        arguments: [
            SampleScene.held, .discardArmed, .lockedWithHint, .dark, .highContrast, .budding, .disabled,
            .lockedPreview, .pausedDark,
        ])
    func matchesCairoDrawing(_ sample: SampleScene) throws {
        let scene = sample.scene(width: 360)
        let layout = Self.glassLayout(scene)
        let palette = ControlPalette(scene: scene)
        let (direct, directContext) = try Self.canvas(for: layout, palette: palette)
        GlassPainter.draw(layout, palette: palette, shadowScratch: ScratchImage(format: .a8), on: directContext)
        let (fast, fastContext) = try Self.canvas(for: layout, palette: palette)
        GlassLayerCache().draw(layout, scene: scene, palette: palette, on: fastContext)

        let outcome = SnapshotComparison().compare(fast, with: direct)
        #expect(outcome.matches, "\(outcome.differingPixels) pixels differ, largest delta \(outcome.largestDelta)")
        // Nearly every pixel is the same to within rounding: the fast path is the same picture, not a lookalike.
        var strict = SnapshotComparison()
        strict.channelTolerance = 3
        #expect(strict.compare(fast, with: direct).matches)
    }

    @Test("glass kept between frames matches glass drawn afresh, while the shapes move and after they stop")
    func keptPixelsFollowTheShapes() throws {
        let renderer = ControlRenderer()
        let base = SampleScene.held.scene(width: 360)
        for (frame, swell) in [0.0, 0.0, 0.4, 0.8, 0.8, 0.8, 0.3].enumerated() {
            var scene = base
            scene.layout.swell = swell
            scene.layout.laneStretch = 20 * swell
            let layout = renderer.layout(for: scene)
            let palette = ControlPalette(scene: scene)
            let (kept, keptContext) = try Self.canvas(for: layout, palette: palette)
            renderer.draw(scene: scene, in: keptContext, scale: Self.scale)
            let (fresh, freshContext) = try Self.canvas(for: layout, palette: palette)
            ControlRenderer().draw(scene: scene, in: freshContext, scale: Self.scale)
            let outcome = SnapshotComparison().compare(kept, with: fresh)
            #expect(
                outcome.differingPixels == 0 && outcome.largestDelta <= 1,
                "frame \(frame): \(outcome.differingPixels) pixels differ, largest delta \(outcome.largestDelta)")
        }
    }

    @Test("overlapping pieces filled together cover each pixel once")
    func unionCoversOnce() throws {
        let surface = try CairoImageSurface(width: 40, height: 20)
        let context = try CairoContext(surface: surface)
        let a = GlassShape(rect: Rect(x: 2, y: 2, width: 20, height: 16), cornerRadius: 8)
        let b = GlassShape(rect: Rect(x: 14, y: 2, width: 20, height: 16), cornerRadius: 8)
        context.setSource(RGBA(red: 0, green: 0, blue: 0, alpha: 0.5))
        GlassPiece.fill([.shape(a), .shape(b)], outset: 0, on: context)
        // Inside both shapes: half-opaque, as inside one of them, not three quarters.
        #expect(surface.pixel(x: 18, y: 10).alpha == surface.pixel(x: 6, y: 10).alpha)
        #expect(abs(Int(surface.pixel(x: 18, y: 10).alpha) - 128) <= 1)
    }

    @Test("a neck fills as part of the union, whichever way its fillets run", arguments: [false, true])
    func neckJoinsTheUnion(_ swapped: Bool) throws {
        let left = GlassShape(rect: Rect(x: 4, y: 4, width: 24, height: 24), cornerRadius: 12)
        let right = GlassShape(rect: Rect(x: 32, y: 4, width: 24, height: 24), cornerRadius: 12)
        let neck = try #require(swapped ? LiquidNeck.between(right, left) : LiquidNeck.between(left, right))
        let surface = try CairoImageSurface(width: 60, height: 32)
        let context = try CairoContext(surface: surface)
        context.setSource(RGBA(red: 0, green: 0, blue: 0, alpha: 0.5))
        GlassPiece.fill([.shape(left), .neck(neck), .shape(right)], outset: 0, on: context)
        // The waist, and a point where the neck overlaps a shape: each covered once (a neck running against the
        // shapes would cancel them out there, leaving a hole).
        for (x, y) in [(30, 16), (27, 14), (33, 18)] {
            #expect(abs(Int(surface.pixel(x: x, y: y).alpha) - 128) <= 1, "pixel (\(x), \(y))")
        }
    }
}
