import Testing
import VoiceRecorderCore

@testable import VoiceRecorderRendering

/// What the renderer keeps from frame to frame (the glass's pixels, shaped text) and the work it skips, checked
/// against drawing afresh: whatever changes between two frames, the second frame's pixels are exactly those of a new
/// renderer drawing it.
@Suite("Kept drawing")
struct KeptDrawingTests {
    /// A cleared surface of `width` × `height` points at `scale`, its band origin a fractional device pixel in.
    private static func canvas(width: Double, height: Double, scale: Double, offset: Point = Point(x: 0.3, y: 0.7))
        throws -> (CairoImageSurface, CairoContext)
    {
        let surface = try CairoImageSurface(
            width: Int((width * scale).rounded(.up)) + 4, height: Int((height * scale).rounded(.up)) + 4)
        let context = try CairoContext(surface: surface)
        context.scale(x: scale, y: scale)
        context.translate(x: 30 + offset.x / scale, y: 90 + offset.y / scale)
        return (surface, context)
    }

    /// Draws `scene` with `renderer` on a fresh canvas.
    private static func frame(
        _ scene: ControlScene, renderer: ControlRenderer, scale: Double = 2, offset: Point = Point(x: 0.3, y: 0.7)
    ) throws -> CairoImageSurface {
        let (surface, context) = try canvas(width: scene.layout.width + 60, height: 200, scale: scale, offset: offset)
        renderer.draw(scene: scene, in: context, scale: scale)
        try context.check("draw")
        return surface
    }

    /// Whether two surfaces hold exactly the same bytes.
    private static func identical(_ a: CairoImageSurface, _ b: CairoImageSurface) -> Bool {
        let outcome = SnapshotComparison(channelTolerance: 0, maximumDifferingFraction: 0).compare(a, with: b)
        return outcome.matches
    }

    /// One change to a frame that the kept glass depends on.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case dark, highContrast, disabled, narrower, textScale, rightToLeft, swell
        var testDescription: String { rawValue }

        func apply(to scene: inout ControlScene) {
            switch self {
            case .dark: scene.appearance = .dark
            case .highContrast: scene.highContrast = true
            case .disabled: scene.isEnabled = false
            case .narrower: scene.layout.width -= 37
            case .textScale: scene.layout.textScale = TextScale(1.4)
            case .rightToLeft: scene.layout.direction = .rightToLeft
            case .swell: scene.layout.swell = 0.7
            }
        }
    }

    @Test("a change of theme, size, text scale or shape draws the glass again", arguments: Change.allCases)
    func changeRedraws(_ change: Change) throws {
        let kept = ControlRenderer()
        let before = SampleScene.held.scene(width: 360)
        var after = before
        change.apply(to: &after)
        let first = try Self.frame(before, renderer: kept)
        // The same frame again reuses the kept pixels, and they are right.
        #expect(Self.identical(try Self.frame(before, renderer: kept), first))
        let second = try Self.frame(after, renderer: kept)
        let fresh = try Self.frame(after, renderer: ControlRenderer())
        #expect(Self.identical(second, fresh), "the kept renderer drew \(change) as a new one does")
        #expect(!Self.identical(second, first), "\(change) shows")
    }

    @Test("a change of device scale or of where the band lies on the device draws the glass again")
    func deviceChangeRedraws() throws {
        let kept = ControlRenderer()
        let scene = SampleScene.lockedWithHint.scene(width: 360)
        _ = try Self.frame(scene, renderer: kept)
        for (scale, offset) in [
            (1.0, Point(x: 0.3, y: 0.7)), (2.0, Point(x: 0.8, y: 0.1)), (2.0, Point(x: 1.8, y: 0.1)),
        ] {
            let second = try Self.frame(scene, renderer: kept, scale: scale, offset: offset)
            let fresh = try Self.frame(scene, renderer: ControlRenderer(), scale: scale, offset: offset)
            #expect(Self.identical(second, fresh), "scale \(scale), offset \(offset)")
        }
    }

    @Test(
        "the mic's sheen clipped below its centre draws exactly the pixels of the whole fill",
        arguments: [SampleScene.held, .discardArmed, .lockedWithHint, .budding, .dark, .stopped, .disabled])
    func sheenClipIsExact(_ sample: SampleScene) throws {
        let renderer = ControlRenderer()
        for (scale, offset) in [(2.0, Point(x: 0.3, y: 0.7)), (1.0, Point(x: 0.5, y: 0.25)), (3.0, Point.zero)] {
            for swell in [0.0, 0.37, 1.0] {
                var scene = sample.scene(width: 360)
                scene.layout.swell = swell
                let layout = renderer.layout(for: scene)
                let palette = ControlPalette(scene: scene)
                func accent(skipping: Bool) throws -> CairoImageSurface {
                    let (surface, context) = try Self.canvas(width: 420, height: 200, scale: scale, offset: offset)
                    // Over something, as over the glass: a clipped-off fill must leave what is under it alone.
                    context.setSource(RGBA(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))
                    context.paint()
                    renderer.drawMicAccent(
                        scene, layout: layout, palette: palette, on: context, skipsClearSheen: skipping)
                    try context.check("accent")
                    return surface
                }
                #expect(
                    Self.identical(try accent(skipping: true), try accent(skipping: false)),
                    "scale \(scale), swell \(swell)")
            }
        }
    }
}
