import VoiceRecorderCore

/// Draws the glass and its shadow through device pixels of its own, and keeps them from frame to frame while the
/// shapes stay put.
///
/// Cairo paints the glass's sheen and its shadow slowly: a gradient is worked out pixel by pixel in every fill, and a
/// shadow mask scaled up goes through pixman's general path. So the glass is drawn here in device pixels: the shadow
/// written straight from its small blurred mask, the rings filled in flat marker colours (cairo's fastest fill) and
/// coloured a row at a time (`GlassRingColoring`), and the result placed on the context with one pixel-aligned copy.
/// While a take is held or hands-free the glass does not move (only the bars, the clock and the chevron do), so the
/// pixels are then reused as they are; any change of shape, colour, device scale or sub-pixel offset draws them again.
/// The scratch surfaces are kept too, so a moving frame allocates nothing.
final class GlassLayerCache {
    private struct Key: Equatable {
        var glass: [BandLayout.GlassPart]
        var necks: [BandLayout.Neck]
        var bounds: Rect
        var appearance: Appearance
        var highContrast: Bool
        var isEnabled: Bool
        var deviceScale: Double
        var subpixel: Point
    }

    /// What the kept pixels hold.
    private enum Content {
        /// The glass, in the top-left `width` × `height` pixels.
        case glass(width: Int, height: Int)
        /// Nothing: the layout has no glass.
        case empty
    }

    private var key: Key?
    private var content: Content?
    private let pixels = ScratchImage(format: .argb32)
    private let markers = ScratchImage(format: .argb32)
    private let shadowMask = ScratchImage(format: .a8)
    /// Whether every frame's glass is drawn with cairo alone (`GlassPainter.draw`), kept nowhere: the reference
    /// the device-pixel path is checked and measured against.
    private let drawsWithCairoAlone: Bool

    /// A cache; `drawsWithCairoAlone` makes it the reference that draws every frame with cairo's own gradients and
    /// groups instead.
    init(drawsWithCairoAlone: Bool = false) { self.drawsWithCairoAlone = drawsWithCairoAlone }

    /// Draws the glass of `layout` in `context`, from the kept pixels when nothing it shows has changed.
    func draw(_ layout: BandLayout, scene: ControlScene, palette: ControlPalette, on context: CairoContext) {
        // Device pixels only line up under a plain scale and translation; anything else draws with cairo alone.
        guard !drawsWithCairoAlone, let transform = context.scaleAndTranslation, transform.xx == transform.yy,
            transform.xx > 0
        else {
            drawDirectly(layout, palette: palette, on: context)
            return
        }
        let scale = transform.xx
        let area = GlassPainter.paintedArea(layout, palette: palette)
        let deviceMinX = (transform.x0 + area.minX * scale).rounded(.down)
        let deviceMinY = (transform.y0 + area.minY * scale).rounded(.down)
        let subpixel = Point(
            x: transform.x0 - transform.x0.rounded(.down), y: transform.y0 - transform.y0.rounded(.down))
        let key = Key(
            glass: layout.glass, necks: layout.necks, bounds: layout.bounds, appearance: scene.appearance,
            highContrast: scene.highContrast, isEnabled: scene.isEnabled, deviceScale: scale,
            subpixel: subpixel)
        if key != self.key || content == nil {
            self.key = key
            content = render(
                layout, palette: palette, scale: scale,
                origin: Point(x: transform.x0 - deviceMinX, y: transform.y0 - deviceMinY), area: area)
        }
        switch content {
        case .empty:
            return
        case .glass(let width, let height):
            guard let image = pixels.surface else { return drawDirectly(layout, palette: palette, on: context) }
            context.withSavedState {
                context.setScaleAndTranslation(scale: 1, x0: 0, y0: 0)
                context.setSource(image, x: deviceMinX, y: deviceMinY)
                // A pixel-aligned rectangle, not a paint: the surface may be larger than this frame's glass, and
                // cairo copies whole-pixel boxes on its fastest path.
                context.rectangle(Rect(x: deviceMinX, y: deviceMinY, width: Double(width), height: Double(height)))
                context.fill()
            }
        case nil:
            // Cairo could not make the surfaces.
            drawDirectly(layout, palette: palette, on: context)
        }
    }

    private func drawDirectly(_ layout: BandLayout, palette: ControlPalette, on context: CairoContext) {
        key = nil
        content = nil
        GlassPainter.draw(layout, palette: palette, shadowScratch: shadowMask, on: context)
    }

    /// Draws the shadow and the glass into the kept pixels, whose pixel (0, 0) is the device pixel the painted area
    /// starts in; `origin` is where the user-space origin falls in them. Nil when cairo cannot make the surfaces.
    private func render(
        _ layout: BandLayout, palette: ControlPalette, scale: Double, origin: Point,
        area: Rect
    ) -> Content? {
        let layers = GlassPainter.layers(of: layout)
        guard !layers.isEmpty else { return .empty }
        let width = Int((area.width * scale).rounded(.up)) + 2
        let height = Int((area.height * scale).rounded(.up)) + 2
        guard let (image, _) = pixels.prepare(width: width, height: height),
            let (markerImage, markerContext) = markers.prepare(width: width, height: height)
        else { return nil }

        let opacity = layers.map(\.opacity).max() ?? 1
        let shadow = palette.shadow.fading(opacity)
        if let mask = ShadowPainter.mask(
            layers.flatMap(\.pieces), bounds: layout.bounds, shadow: shadow,
            in: shadowMask)
        {
            image.withPixels { pixels, stride in
                ShadowPainter.render(
                    mask, color: shadow.color, into: pixels, stride: stride, width: width,
                    height: height, scale: scale, origin: origin)
            }
        } else {
            pixels.clear(width: width, height: height)
        }

        for layer in layers {
            // The pixels this layer's glass can touch (its pieces grown by the hairline), whole pixels, row by row.
            let spans = GlassRowSpans(layer.pieces, scale: scale, origin: origin, width: width, height: height)
            guard !spans.rows.isEmpty else { continue }
            markers.clear(spans)
            markerContext.resetState()
            markerContext.setScaleAndTranslation(scale: scale, x0: origin.x, y0: origin.y)
            GlassPainter.drawRingMarkers(layer.pieces, on: markerContext)
            markerImage.withPixels { markerPixels, markerStride in
                image.withPixels { pixels, stride in
                    GlassRingColoring.composite(
                        markers: markerPixels, markerStride: markerStride, onto: pixels,
                        stride: stride, spans: spans, palette: palette,
                        sheenTop: layout.bounds.minY, sheenBottom: layout.bounds.maxY,
                        scale: scale, originY: origin.y, opacity: layer.opacity)
                }
            }
        }
        return .glass(width: width, height: height)
    }
}
