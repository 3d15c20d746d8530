import VoiceRecorderCore

/// Renders a scene headless, on an image surface with a plain backdrop: for snapshot tests, the documentation's pictures,
/// previews and the render benchmark.
public enum ControlSnapshot {
    /// The backdrop under the control: a soft diagonal wash, like a chat's background, so the glass has something to
    /// be translucent over.
    public static func backdrop(for appearance: Appearance) -> (RGBA, RGBA) {
        appearance == .light ? (RGBA(hex: 0xF1F2F6), RGBA(hex: 0xE4E2EA)) : (RGBA(hex: 0x1B1C21), RGBA(hex: 0x101014))
    }

    /// The scene drawn at `scale` pixels per point on its backdrop, with `margin` points around everything drawn and
    /// at least `reservedAbove` points above the band (so images of different states can share one size).
    public static func render(
        _ scene: ControlScene, renderer: ControlRenderer = ControlRenderer(), scale: Double = 2,
        margin: Double = 24, reservedAbove: Double = 0
    ) throws -> CairoImageSurface {
        let layout = renderer.layout(for: scene)
        let top = min(layout.bounds.minY, -reservedAbove) - margin
        let canvas = Rect(
            minX: min(layout.bounds.minX, 0) - margin, minY: top,
            maxX: max(layout.bounds.maxX, layout.width) + margin,
            maxY: max(layout.bounds.maxY, layout.side) + margin)
        let surface = try CairoImageSurface(
            width: Int((canvas.width * scale).rounded(.up)),
            height: Int((canvas.height * scale).rounded(.up)))
        let context = try CairoContext(surface: surface)
        context.scale(x: scale, y: scale)
        context.translate(x: -canvas.minX, y: -canvas.minY)
        paintBackdrop(scene.appearance, canvas: canvas, on: context)
        renderer.draw(scene: scene, in: context, scale: scale)
        try context.check("draw the control")
        return surface
    }

    /// Fills `canvas` with the appearance's backdrop.
    public static func paintBackdrop(_ appearance: Appearance, canvas: Rect, on context: CairoContext) {
        let (from, to) = backdrop(for: appearance)
        context.setSource(
            CairoGradient(
                from: canvas.origin, to: Point(x: canvas.maxX, y: canvas.maxY),
                stops: [(0, from), (1, to)]))
        context.rectangle(canvas)
        context.fill()
    }
}
